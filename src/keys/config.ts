import path from 'node:path';
import { databaseEngine, DEFAULT_DATABASE_URL } from '../config.js';
import { sqlitePath } from '../shared/db/client.js';
import { DEFAULT_DEV_USERS, type DevUser } from './oidc/dev-users.js';
import { isLoopbackHost, type ProviderName, type ProviderSettings } from './oidc/relying-party.js';
import type { Pkcs11Config, SealedRootConfig } from './sealed/from-config.js';

export const KEYS_BASE_PATH = '/keygen';

export interface KeysConfig {
  /** Origin (and path, if any) under which the browser reaches the server. */
  publicUrl: string;
  basePath: string;
  /** Accept plain-http `clientReturnUrl`s on non-loopback hosts. */
  allowHttpReturnUrl: boolean;
  /** The embedded development provider is added by the app. */
  providers: Partial<Record<Exclude<ProviderName, 'dev'>, ProviderSettings>>;
  devProvider: { users: readonly DevUser[] } | null;
  sealedRoot: SealedRootConfig;
  sweepIntervalMs?: number;
  audit?: { destination: string; continueOnFailure: boolean };
}

/** For the configuration check; NODE_ENV, HOST and PORT belong to the process's own settings. */
export const KEYS_CONFIG_NAMES: readonly string[] = [
  'NODE_ENV',
  'PUBLIC_URL',
  'KEYGEN_SEALED_ROOT_FILE',
  'KEYGEN_ROOT_PASSPHRASE',
  'KEYGEN_ROOT_KEY_FILE',
  'KEYGEN_SEALED_ROOT_CREATE',
  'KEYGEN_PKCS11_MODULE',
  'KEYGEN_PKCS11_TOKEN_LABEL',
  'KEYGEN_PKCS11_PIN',
  'KEYGEN_PKCS11_PIN_FILE',
  'KEYGEN_PKCS11_SESSIONS',
  'KEYGEN_PKCS11_TIMEOUT_MS',
  'KEYGEN_PKCS11_THREAD_POOL',
  'KEYGEN_DEV_OIDC',
  'KEYGEN_ALLOW_HTTP_RETURN_URL',
  'KEYGEN_SWEEP_INTERVAL_MS',
  'KEYGEN_AUDIT_LOG',
  'KEYGEN_AUDIT_CONTINUE_ON_FAILURE',
  ...['GOOGLE', 'MICROSOFT'].flatMap((p) =>
    ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'].map((s) => `KEYGEN_OIDC_${p}_${s}`),
  ),
];

type Env = Record<string, string | undefined>;

function flag(env: Env, name: string, fallback: boolean): boolean {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new Error(
    `Invalid configuration:\n  ${name}: expected true or false (or 1 or 0), got ${JSON.stringify(value)}`,
  );
}

function issuerSetting(env: Env, name: string, fallback: string): string {
  const value = env[name] || fallback;
  const url = URL.canParse(value) ? new URL(value) : undefined;
  const allowed =
    url &&
    !url.search &&
    !url.hash &&
    !url.username &&
    (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)));
  if (!allowed) {
    // A value with user info is not echoed: it may hold a password.
    const got = value.includes('@') ? 'a URL with user info' : JSON.stringify(value);
    throw new Error(
      `Invalid configuration:\n  ${name}: expected an https URL without user info, query or fragment ` +
        `(http only on 127.0.0.1, localhost or [::1]), got ${got}`,
    );
  }
  return value;
}

// On PostgreSQL the root is in the database; only a development key file goes in `data/`.
function defaultRootFile(databaseUrl: string | undefined): string {
  const url = databaseUrl || DEFAULT_DATABASE_URL;
  if (databaseEngine(url) === 'postgres') return path.join('data', 'keygen-root.sealed.json');
  const db = sqlitePath(url);
  return path.join(db === ':memory:' ? 'data' : path.dirname(db), 'keygen-root.sealed.json');
}

function whole(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = env[name] || String(fallback);
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new Error(
      `Invalid configuration:\n  ${name}: expected a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`,
    );
  }
  return Number(value);
}

/** A PIN setting without the module is an error rather than silently the file backend. The PIN is never echoed. */
function pkcs11Setting(env: Env): Pkcs11Config | undefined {
  const module = env.KEYGEN_PKCS11_MODULE || undefined;
  const others = ['KEYGEN_PKCS11_TOKEN_LABEL', 'KEYGEN_PKCS11_PIN', 'KEYGEN_PKCS11_PIN_FILE'].filter((n) => env[n]);
  if (!module) {
    if (others.length > 0)
      throw new Error(
        `Invalid configuration:\n  KEYGEN_PKCS11_MODULE: required with ${others.join(', ')} ` +
          `(the path of the PKCS#11 library)`,
      );
    return undefined;
  }
  const tokenLabel = env.KEYGEN_PKCS11_TOKEN_LABEL ?? '';
  if (tokenLabel.length < 1 || Buffer.byteLength(tokenLabel) > 32) {
    throw new Error(
      'Invalid configuration:\n  KEYGEN_PKCS11_TOKEN_LABEL: required with KEYGEN_PKCS11_MODULE, 1 to 32 bytes ' +
        '(the label the token was initialised with)',
    );
  }
  const pin = env.KEYGEN_PKCS11_PIN || undefined;
  const pinFile = env.KEYGEN_PKCS11_PIN_FILE || undefined;
  if (!pin === !pinFile)
    throw new Error(
      'Invalid configuration:\n  KEYGEN_PKCS11_PIN or KEYGEN_PKCS11_PIN_FILE: ' +
        'exactly one is required with KEYGEN_PKCS11_MODULE',
    );
  return {
    module,
    tokenLabel,
    ...(pin ? { pin } : { pinFile }),
    sessions: whole(env, 'KEYGEN_PKCS11_SESSIONS', 2, 1, 64),
    timeoutMs: whole(env, 'KEYGEN_PKCS11_TIMEOUT_MS', 5000, 100, 120_000),
    threadPool: flag(env, 'KEYGEN_PKCS11_THREAD_POOL', false),
  };
}

const PRODUCTION_PROVIDERS = {
  google: { env: 'GOOGLE', displayName: 'Google', issuer: 'https://accounts.google.com' },
  // The "consumers" tenant (personal accounts); …/common/v2.0 and …/organizations/v2.0 have a {tenantid} issuer.
  microsoft: {
    env: 'MICROSOFT',
    displayName: 'Microsoft',
    issuer: 'https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0',
  },
} as const;

export function keysConfigFromEnv(env: Env = process.env): KeysConfig {
  const production = env.NODE_ENV === 'production';
  const host = env.HOST || '127.0.0.1';
  const port = env.PORT || '8080';
  // Instances on one PostgreSQL database serve the same sign-ins, so each must name the one origin browsers reach.
  if (!env.PUBLIC_URL && databaseEngine(env.DATABASE_URL || DEFAULT_DATABASE_URL) === 'postgres') {
    throw new Error(
      'Invalid configuration:\n  PUBLIC_URL: required on PostgreSQL (DATABASE_URL=postgres://…): ' +
        'the origin browsers reach every instance at, such as https://keys.example.com ' +
        "or the load balancer's http://127.0.0.1:8080",
    );
  }
  const publicUrl = (env.PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, '');
  new URL(publicUrl);

  const providers: KeysConfig['providers'] = {};
  for (const [name, p] of Object.entries(PRODUCTION_PROVIDERS) as Array<
    [keyof typeof PRODUCTION_PROVIDERS, (typeof PRODUCTION_PROVIDERS)[keyof typeof PRODUCTION_PROVIDERS]]
  >) {
    const clientId = env[`KEYGEN_OIDC_${p.env}_CLIENT_ID`];
    const clientSecret = env[`KEYGEN_OIDC_${p.env}_CLIENT_SECRET`];
    if (!clientId || !clientSecret) continue;
    providers[name] = {
      issuer: issuerSetting(env, `KEYGEN_OIDC_${p.env}_ISSUER`, p.issuer),
      clientId,
      clientSecret,
      displayName: p.displayName,
      prompt: 'select_account',
    };
  }

  const sweep = env.KEYGEN_SWEEP_INTERVAL_MS || '60000';
  if (!/^\d+$/.test(sweep) || Number(sweep) < 1000 || Number(sweep) > 3_600_000) {
    throw new Error(
      `Invalid configuration:\n  KEYGEN_SWEEP_INTERVAL_MS: expected whole milliseconds from 1000 to 3600000, ` +
        `got ${JSON.stringify(sweep)}`,
    );
  }
  const rootFile = env.KEYGEN_SEALED_ROOT_FILE || defaultRootFile(env.DATABASE_URL);
  const auditLog = env.KEYGEN_AUDIT_LOG || undefined;
  const continueOnFailure = flag(env, 'KEYGEN_AUDIT_CONTINUE_ON_FAILURE', false);
  return {
    publicUrl,
    basePath: KEYS_BASE_PATH,
    allowHttpReturnUrl: flag(env, 'KEYGEN_ALLOW_HTTP_RETURN_URL', false),
    providers,
    devProvider: flag(env, 'KEYGEN_DEV_OIDC', !production) ? { users: DEFAULT_DEV_USERS } : null,
    sweepIntervalMs: Number(sweep),
    ...(auditLog && { audit: { destination: auditLog, continueOnFailure } }),
    sealedRoot: {
      file: rootFile,
      passphrase: env.KEYGEN_ROOT_PASSPHRASE || undefined,
      keyFile: env.KEYGEN_ROOT_KEY_FILE || undefined,
      development: !production,
      allowCreate: flag(env, 'KEYGEN_SEALED_ROOT_CREATE', false),
      pkcs11: pkcs11Setting(env),
    },
  };
}
