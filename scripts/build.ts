/**
 * `npm run build`: dist/server.mjs and dist/cli.mjs, each one file that runs with `node` from any
 * directory without node_modules. The contracts, the migrations and the docs site (site/, built
 * first by `npm run docs` when that script exists) are embedded, gzipped, by replacing src/shared/assets.ts;
 * better-sqlite3's native binding is copied beside them, and pkcs11js's when that optional dependency
 * is installed (pkcs11.node, loaded only when KEYGEN_PKCS11_MODULE selects the token backend). The bundle records what it
 * was built with and for (buildInfo) and checks it at start (src/shared/runtime-check.ts).
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { listAssets } from '../src/shared/assets.js';
import { currentRuntime, type BuildInfo } from '../src/shared/runtime-check.js';
import { gitCommit, type VersionInfo } from '../src/shared/version.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist');
const EMBEDDED_DIRS = ['openapi', 'src/shared/db/migrations', 'src/shared/db/migrations-pg', 'site'];

function embeddedAssetsModule(checkpointWorker: string, info: BuildInfo, version: VersionInfo): string {
  const files = EMBEDDED_DIRS.flatMap((d) => listAssets(d));
  // Gzipped: the bundle's text is held in memory for the process's life, and the docs site's script is 4 MB as
  // written. The docs app serves these bytes as they are. Each file's text is the literal of a function of its
  // own, so V8 makes it a string in its heap only when the file is read (it compiles a function when first called),
  // not at start, and the docs app reads the large ones when it serves them rather than holding them.
  const entries = files.map(
    (f) =>
      `  [${JSON.stringify(f)}, () => ${JSON.stringify(gzipSync(readFileSync(path.join(root, f)), { level: 9 }).toString('base64'))}],`,
  );
  return `import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
const files = new Map([
${entries.join('\n')}
]);
export function gzippedAsset(file) {
  const text = files.get(file);
  return text === undefined ? undefined : () => Buffer.from(text(), 'base64');
}
export function readAsset(file) {
  const read = gzippedAsset(file);
  return read === undefined ? undefined : gunzipSync(read());
}
export function listAssets(dir) {
  const prefix = dir.endsWith('/') ? dir : dir + '/';
  return [...files.keys()].filter((f) => f.startsWith(prefix)).sort();
}
export const nativeBinding = path.join(path.dirname(fileURLToPath(import.meta.url)), 'better_sqlite3.node');
export const checkpointWorkerSource = ${JSON.stringify(checkpointWorker)};
export const buildInfo = ${JSON.stringify(info)};
export const buildVersion = ${JSON.stringify(version)};
`;
}

/**
 * The WAL checkpoint worker (src/shared/db/checkpoint-worker.ts) with better-sqlite3's JavaScript,
 * as one CommonJS script: the server starts it with `new Worker(source, { eval: true })`.
 */
async function checkpointWorkerSource(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(root, 'src/shared/db/checkpoint-worker.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

const embedAssets = (checkpointWorker: string, info: BuildInfo, version: VersionInfo): Plugin => ({
  name: 'embed-assets',
  setup(b) {
    const target = path.join(root, 'src/shared/assets.ts');
    b.onResolve({ filter: /assets\.js$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      return resolved === target ? { path: target, namespace: 'embedded-assets' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'embedded-assets' }, () => ({
      contents: embeddedAssetsModule(checkpointWorker, info, version),
      loader: 'js',
      resolveDir: root,
    }));
  },
});

/**
 * pkcs11js loads its binding with require('./build/Release/pkcs11.node'): in the bundle that is
 * the file beside it (the banner's require resolves against the bundle's own URL). The require
 * runs only when the token backend is selected (pkcs11.ts imports pkcs11js dynamically).
 */
const pkcs11Binding = (installed: boolean): Plugin => ({
  name: 'pkcs11-binding',
  setup(b) {
    b.onResolve({ filter: /pkcs11\.node$/ }, () => ({ path: './pkcs11.node', external: true }));
    // Without the optional dependency the bundle still builds: its import then fails at start, and only when a
    // token is configured, with the message of src/keys/sealed/pkcs11.ts naming what to install.
    if (!installed) b.onResolve({ filter: /^pkcs11js$/ }, () => ({ path: 'pkcs11js', external: true }));
  },
});
/** pkcs11js's compiled binding, or undefined when the optional dependency is not installed (or did not build). */
function pkcs11BindingFile(): string | undefined {
  let pkg: string;
  try {
    pkg = path.dirname(createRequire(import.meta.url).resolve('pkcs11js/package.json'));
  } catch {
    return undefined;
  }
  const file = path.join(pkg, 'build/Release/pkcs11.node');
  return existsSync(file) ? file : undefined;
}

/**
 * better-sqlite3's binding for this machine: one compiled here (build/Release) or the prebuilt one
 * its package ships, and the Node-API version it was compiled against (from its binding.gyp).
 */
function sqliteBinding(): { file: string; napi: number } {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
  const compiled = path.join(pkg, 'build/Release/better_sqlite3.node');
  // lib/binding.js is not among the package's exports: load it by its path.
  const { getPrebuildPath } = createRequire(import.meta.url)(path.join(pkg, 'lib/binding.js')) as {
    getPrebuildPath(): string | null;
  };
  const file = existsSync(compiled) ? compiled : getPrebuildPath();
  if (!file)
    throw new Error(
      `better-sqlite3 has no binding for ${process.platform}-${process.arch}: run npm ci on this machine first.`,
    );
  const napi = /NAPI_VERSION=(\d+)/.exec(readFileSync(path.join(pkg, 'binding.gyp'), 'utf8'))?.[1];
  if (!napi)
    throw new Error("better-sqlite3's binding.gyp names no NAPI_VERSION: this build script needs updating for it.");
  return { file, napi: Number(napi) };
}

/**
 * V8 holds a module's text for as long as the module lives, one byte per character when all of it is Latin-1 and
 * two otherwise: one `—` in a comment doubled the server's 11 MB. esbuild escapes strings but keeps comments as
 * written, so every character past ASCII is escaped here (`\uXXXX` means the same in a comment, string,
 * regular expression or identifier).
 */
function asciiOnly(file: string) {
  const text = readFileSync(file, 'utf8');
  // Each UTF-16 unit of a character (two for one past the BMP, a surrogate pair as a string escapes it).
  const units = (ch: string) =>
    Array.from({ length: ch.length }, (_, i) => `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
  const ascii = text.replace(/[^\p{ASCII}]/gu, units);
  if (ascii !== text) writeFileSync(file, ascii);
}

async function main() {
  if (!existsSync(path.join(root, 'site/index.html'))) {
    console.warn('site/ is missing: the bundle will serve no docs (run `npm run docs` first).');
  }
  const binding = sqliteBinding();
  const pkcs11 = pkcs11BindingFile();
  const here = currentRuntime();
  const info: BuildInfo = {
    node: here.version,
    napi: binding.napi,
    platform: here.platform,
    arch: here.arch,
    libc: here.libc,
  };
  // The commit is git's answer in this checkout (`unknown` outside one); the bundle prints it for --version.
  const version: VersionInfo = {
    version: (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version,
    commit: gitCommit(root),
  };
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: { server: path.join(root, 'src/server.ts'), cli: path.join(root, 'src/cli.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS dependencies inside an ES module bundle call require(); give them one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [embedAssets(await checkpointWorkerSource(), info, version), pkcs11Binding(pkcs11 !== undefined)],
    // pg requires its optional pg-cloudflare only inside Cloudflare Workers; `npm ci --omit=optional` leaves it out.
    external: ['pg-cloudflare'],
  });
  for (const file of ['server.mjs', 'cli.mjs']) asciiOnly(path.join(out, file));
  copyFileSync(binding.file, path.join(out, 'better_sqlite3.node'));
  if (pkcs11) copyFileSync(pkcs11, path.join(out, 'pkcs11.node'));
  else
    console.warn(
      'pkcs11js (optional) is not installed: this bundle cannot keep the root in a PKCS#11 token (KEYGEN_PKCS11_MODULE).',
    );
  const files = ['server.mjs', 'cli.mjs', 'better_sqlite3.node', ...(pkcs11 ? ['pkcs11.node'] : [])].join(', ');
  console.log(
    `dist/ (${version.version}, commit ${version.commit}): ${files} (${info.platform}-${info.arch}, Node-API ${info.napi}: Node.js 22.14+, built with ${info.node})`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
