import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The single-file build (scripts/build.ts) replaces this module with one that carries the files embedded.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function readAsset(file: string): Buffer | undefined {
  try {
    return readFileSync(path.join(ROOT, file));
  } catch {
    return undefined;
  }
}

/**
 * The single-file build embeds every file gzip-compressed in its text and gives here a function that reads those
 * bytes out of it (a new Buffer each call, nothing held between calls); from src/ there are none.
 */
export function gzippedAsset(_file: string): (() => Buffer) | undefined {
  return undefined;
}

export function listAssets(dir: string): string[] {
  try {
    return (readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
      .filter((e) => e.isFile())
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

// The following are set only in the single-file build.
export const buildInfo: import('./runtime-check.js').BuildInfo | undefined = undefined;
export const nativeBinding: string | undefined = undefined;
export const checkpointWorkerSource: string | undefined = undefined;
export const buildVersion: import('./version.js').VersionInfo | undefined = undefined;
