/**
 * `npm run build`: dist/server.mjs and dist/cli.mjs, each one file that runs with `node` from any
 * directory without node_modules. The contracts, the migrations and the docs site (site/, built
 * first by `npm run docs` when that script exists) are embedded by replacing src/shared/assets.ts;
 * better-sqlite3's native binding is the one file copied beside them.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { listAssets } from '../src/shared/assets.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist');
const EMBEDDED_DIRS = ['openapi', 'src/shared/db/migrations', 'site'];

function embeddedAssetsModule(checkpointWorker: string): string {
  const files = EMBEDDED_DIRS.flatMap((d) => listAssets(d));
  const entries = files.map((f) => `  [${JSON.stringify(f)}, ${JSON.stringify(readFileSync(path.join(root, f)).toString('base64'))}],`);
  return `import path from 'node:path';
import { fileURLToPath } from 'node:url';
const files = new Map([
${entries.join('\n')}
]);
export function readAsset(file) {
  const b64 = files.get(file);
  return b64 === undefined ? undefined : Buffer.from(b64, 'base64');
}
export function listAssets(dir) {
  const prefix = dir.endsWith('/') ? dir : dir + '/';
  return [...files.keys()].filter((f) => f.startsWith(prefix)).sort();
}
export const nativeBinding = path.join(path.dirname(fileURLToPath(import.meta.url)), 'better_sqlite3.node');
export const checkpointWorkerSource = ${JSON.stringify(checkpointWorker)};
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
    target: 'node20',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

const embedAssets = (checkpointWorker: string): Plugin => ({
  name: 'embed-assets',
  setup(b) {
    const target = path.join(root, 'src/shared/assets.ts');
    b.onResolve({ filter: /assets\.js$/ }, (args) => {
      const resolved = path.resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
      return resolved === target ? { path: target, namespace: 'embedded-assets' } : undefined;
    });
    b.onLoad({ filter: /.*/, namespace: 'embedded-assets' }, () => ({ contents: embeddedAssetsModule(checkpointWorker), loader: 'js', resolveDir: root }));
  },
});

async function main() {
  if (!existsSync(path.join(root, 'site/index.html'))) {
    console.warn('site/ is missing: the bundle will serve no docs (run `npm run docs` first).');
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: { server: path.join(root, 'src/server.ts'), cli: path.join(root, 'src/cli.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    // CommonJS dependencies inside an ES module bundle call require(); give them one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [embedAssets(await checkpointWorkerSource())],
  });
  const require = createRequire(import.meta.url);
  const binding = path.join(path.dirname(require.resolve('better-sqlite3/package.json')), 'build/Release/better_sqlite3.node');
  copyFileSync(binding, path.join(out, 'better_sqlite3.node'));
  console.log('dist/: server.mjs, cli.mjs, better_sqlite3.node');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
