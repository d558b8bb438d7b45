import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildVersion } from './assets.js';

/** What is running: package.json's version and the git commit it was built or checked out from. */
export interface VersionInfo {
  version: string;
  /** The full commit hash, or `unknown` (a copy without git, or a build outside a checkout). */
  commit: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The bundle carries what `npm run build` recorded (scripts/build.ts); a checkout reads its
 * package.json and asks git, which answers `unknown` when it is absent or this is no repository.
 */
export function versionInfo(): VersionInfo {
  if (buildVersion) return buildVersion;
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    // A copy of src/ without its package.json: the version is unknown, not an error.
  }
  return { version, commit: gitCommit(ROOT) };
}

/** `git rev-parse HEAD` in `dir`, or `unknown`. */
export function gitCommit(dir: string): string {
  try {
    const out = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 5_000,
    });
    return /^[0-9a-f]{40,64}$/.test(out.trim()) ? out.trim() : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** What `--version` prints: `contract-first-services 0.1.0 (commit 1a2b…)`. */
export const versionLine = (v: VersionInfo) => `contract-first-services ${v.version} (commit ${v.commit})`;

/** The `Server` response header's value: product/version and the commit's first 12 characters. */
export const serverHeader = (v: VersionInfo) => `contract-first-services/${v.version} (${v.commit.slice(0, 12)})`;
