import { closeSync, openSync } from 'node:fs';
import { CONFIG_NAMES, loadConfig } from './config.js';
import { KEYS_CONFIG_NAMES, keysConfigFromEnv, type KeysConfig } from './keys/config.js';
import { loadKeysRuntime } from './keys/runtime.js';
import { openStorage } from './storage.js';

type Env = Record<string, string | undefined>;

const KNOWN_SETTINGS: readonly string[] = [...new Set([...CONFIG_NAMES, ...KEYS_CONFIG_NAMES])];

// An unknown name with one of these prefixes is most likely a misspelling that would otherwise be ignored silently.
// OTEL_ is left to OpenTelemetry's SDK.
const PREFIXES = [
  'DATABASE_',
  'KEYGEN_',
  'RATE_LIMIT_',
  'LOG_',
  'METRICS_',
  'BODY_',
  'REQUEST_',
  'HEADERS_',
  'SHUTDOWN_',
  'TRUST_',
  'VERSION_',
  'PUBLIC_',
];

// The deploy examples' `REPLACE_WITH_…` placeholders.
const PLACEHOLDER = /REPLACE_/;

/** Levenshtein distance. */
function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

function nearestSetting(name: string): string | undefined {
  let best: { name: string; d: number } | undefined;
  for (const known of KNOWN_SETTINGS) {
    const d = editDistance(name, known);
    if (!best || d < best.d) best = { name: known, d };
  }
  return best && best.d <= Math.max(2, Math.floor(name.length / 4)) ? best.name : undefined;
}

/** `errors` stop the start. */
interface Findings {
  errors: string[];
  warnings: string[];
}

export function checkEnvironment(env: Env): Findings {
  const errors: string[] = [];
  const warnings: string[] = [];
  const production = env.NODE_ENV === 'production';
  for (const name of Object.keys(env).sort()) {
    if (KNOWN_SETTINGS.includes(name) || !PREFIXES.some((p) => name.startsWith(p))) continue;
    const near = nearestSetting(name);
    warnings.push(`${name}: not a setting of this service, and ignored${near ? `; did you mean ${near}?` : ''}`);
  }
  for (const name of KNOWN_SETTINGS) {
    // The value is not echoed: it may be a password with the placeholder in it.
    if (!PLACEHOLDER.test(env[name] ?? '')) continue;
    const message = `${name}: still holds a placeholder (REPLACE_…) from the example; set the real value`;
    (production ? errors : warnings).push(message);
  }
  return { errors, warnings };
}

/** A production key service with no sign-in provider refuses every init. */
export function providerWarning(env: Env, keys: KeysConfig): string | undefined {
  if (env.NODE_ENV !== 'production' || keys.devProvider || Object.keys(keys.providers).length > 0) return undefined;
  return (
    'The key service has no sign-in provider: every initKey is refused (userSecretProvider is not configured). ' +
    'Set KEYGEN_OIDC_GOOGLE_CLIENT_ID and _CLIENT_SECRET (or MICROSOFT), or KEYGEN_DEV_OIDC=true for a trial.'
  );
}

const problemsOf = (err: unknown) =>
  (err instanceof Error ? err.message : String(err))
    .replace(/^Invalid configuration:\n/, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** Opens (and migrates) everything a start would, serves nothing, and lists every problem rather than the first. */
export async function checkConfig(env: Env): Promise<Findings> {
  const { errors, warnings } = checkEnvironment(env);
  let config: ReturnType<typeof loadConfig> | undefined;
  let keys: KeysConfig | undefined;
  try {
    config = loadConfig(env);
  } catch (err) {
    errors.push(...problemsOf(err));
  }
  try {
    keys = keysConfigFromEnv(env);
    const provider = providerWarning(env, keys);
    if (provider) warnings.push(provider);
    const audit = keys.audit?.destination;
    if (audit && audit !== 'stdout') {
      try {
        closeSync(openSync(audit, 'a', 0o600));
      } catch (err) {
        errors.push(
          `KEYGEN_AUDIT_LOG: cannot open ${audit} for appending ` +
            `(${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
        );
      }
    }
  } catch (err) {
    errors.push(...problemsOf(err));
  }
  if (!config) return { errors, warnings };
  let storage: Awaited<ReturnType<typeof openStorage>> | undefined;
  try {
    storage = await openStorage({ ...config, DATABASE_POOL_SIZE: 2 });
  } catch (err) {
    errors.push(`DATABASE_URL: ${(err as Error).message}`);
  }
  if (storage && keys) {
    try {
      const runtime = await loadKeysRuntime({ ...env, PORT: String(config.PORT) }, (m) => warnings.push(m), storage);
      await runtime.sealed.close();
    } catch (err) {
      errors.push(...problemsOf(err));
    }
  }
  await storage?.close();
  return { errors, warnings };
}

/** Problems go to stderr, the verdict to stdout; returns the exit code. */
export function reportFindings(
  findings: Findings,
  write: { out: (s: string) => void; err: (s: string) => void },
): number {
  for (const w of findings.warnings) write.err(`warning: ${w}\n`);
  for (const e of findings.errors) write.err(`error: ${e}\n`);
  if (findings.errors.length > 0) {
    write.out(
      `Configuration check failed: ${findings.errors.length} problem${findings.errors.length === 1 ? '' : 's'}.\n`,
    );
    return 1;
  }
  write.out(
    `Configuration OK${
      findings.warnings.length > 0
        ? ` (${findings.warnings.length} warning${findings.warnings.length === 1 ? '' : 's'})`
        : ''
    }.\n`,
  );
  return 0;
}
