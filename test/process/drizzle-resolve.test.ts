import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { machinePath, NODE_TS, ROOT, tempDir } from '../support/process.js';

// scripts/lib/drizzle-resolve.mjs answers drizzle-orm's relative imports itself, to spare Node's
// resolver a parse of drizzle-orm's 179 KB package.json for each of them. What it answers must be
// what Node and tsx would: the same files, as the same format.

/** A resolve hook, registered last so that it runs first, that writes down what the rest of the chain answered. */
const RECORDER = `import { registerHooks } from 'node:module';
const seen = new Set();
registerHooks({
  resolve(specifier, context, next) {
    const r = next(specifier, context);
    if (r.url.includes('/node_modules/drizzle-orm/')) seen.add(\`\${r.url} \${r.format}\`);
    return r;
  },
});
process.on('exit', () => process.stderr.write(JSON.stringify([...seen].sort())));
`;

/** The drizzle-orm files (and their formats) that loading the CLI's modules resolves, with the given node flags. */
function resolved(flags: string[]): string[] {
  const recorder = path.join(tempDir('resolve-'), 'recorder.mjs');
  writeFileSync(recorder, RECORDER);
  const r = spawnSync(
    process.execPath,
    [...flags, '--import', pathToFileURL(recorder).href, path.join(ROOT, 'src/cli.ts'), '--version'],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stderr.slice(r.stderr.indexOf('['))) as string[];
}

it('resolves every drizzle-orm file to the URL and format that Node and tsx give without it', () => {
  const withHook = resolved(NODE_TS.slice(1));
  const without = resolved(['--import', 'tsx']);
  expect(without.length).toBeGreaterThan(100);
  expect(without.every((line) => line.endsWith(' module'))).toBe(true);
  expect(withHook).toEqual(without);
});

/** The machine's own Node.js, when it is one without module.registerHooks (older than 22.15): this machine kind's Node 20. */
const oldNode = (() => {
  const found = spawnSync('bash', ['-c', 'command -v node'], {
    env: { PATH: machinePath() },
    encoding: 'utf8',
  }).stdout.trim();
  if (!found) return undefined;
  const version = spawnSync(found, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  const [major, minor] = version.split('.').map(Number);
  return major! < 22 || (major === 22 && minor! < 15) ? found : undefined;
})();

it.skipIf(!oldNode)(
  'loads on a Node.js without module.registerHooks, where npm start then says which Node.js to use',
  () => {
    const r = spawnSync(oldNode!, [...NODE_TS.slice(1), path.join(ROOT, 'src/cli.ts'), 'api-key', 'list'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: ':memory:' },
      encoding: 'utf8',
    });
    expect(r.stderr).toMatch(/^This program needs Node\.js 22\.14\.0 or newer/);
    expect(r.status).toBe(1);
  },
);

it('is how npm start and npm run cli run the sources', () => {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts.start).toBe('exec node --import tsx --import ./scripts/lib/drizzle-resolve.mjs src/server.ts');
  expect(scripts.cli).toBe('exec node --import tsx --import ./scripts/lib/drizzle-resolve.mjs src/cli.ts');
});
