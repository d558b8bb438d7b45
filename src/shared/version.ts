import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildVersion } from './assets.js';

export interface VersionInfo {
  version: string;
  /** The full commit hash, or `unknown` outside a git checkout. */
  commit: string;
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function versionInfo(): VersionInfo {
  if (buildVersion) return buildVersion;
  let version = 'unknown';
  try {
    version = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    // A copy of src/ without its package.json: unknown, not an error.
  }
  return { version, commit: gitCommit(ROOT) };
}

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

export const versionLine = (v: VersionInfo) => `contract-first-services ${v.version} (commit ${v.commit})`;

export const serverHeader = (v: VersionInfo) => `contract-first-services/${v.version} (${v.commit.slice(0, 12)})`;
