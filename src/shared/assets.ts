import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Files the process serves or applies (contracts, the docs site), by their path in the
 * repository (`openapi/orders.yaml`, `site/index.html`). Read from the checkout here; the
 * single-file build (scripts/build.ts) replaces this module with one that carries them embedded.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function readAsset(file: string): Buffer | undefined {
  try {
    return readFileSync(path.join(ROOT, file));
  } catch {
    return undefined;
  }
}

/** Paths of the files below a folder of the repository, recursively, sorted. */
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

/** What the single-file build was built with and for (see runtime-check.ts); undefined in the checkout. */
export const buildInfo: import('./runtime-check.js').BuildInfo | undefined = undefined;

/** Where better-sqlite3 finds its native binding: its own package here, beside the bundle when built. */
export const nativeBinding: string | undefined = undefined;

/** The WAL checkpoint worker as source text, in the single-file build only (see db/checkpointer.ts). */
export const checkpointWorkerSource: string | undefined = undefined;

/** The version and commit `npm run build` recorded, in the single-file build only (see version.ts). */
export const buildVersion: import('./version.js').VersionInfo | undefined = undefined;
