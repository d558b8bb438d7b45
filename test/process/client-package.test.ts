// The typed client as an integrator gets it: the workspace package packed with `npm pack`, installed from
// that tarball into a new project set up as the README says (few packages: the client and openapi-fetch), the
// README's example type-checked by the project's own TypeScript (a mistyped body refused) and run with Node.js
// against a server, where it creates a store.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { KEYS_BASE_PATH, ORDERS_BASE_PATH } from '../../packages/client/src/index.js';
import { readService, specFiles } from '../../scripts/build-docs.js';
import { withCodeSamples } from '../../scripts/lib/code-samples.js';
import { appFor } from '../support/app.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { contractFor } from '../support/contract.js';
import { ROOT, tempDir } from '../support/process.js';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const blockAfter = (marker: string, lang: string) =>
  new RegExp(`<!-- ${marker}[^>]*-->\\s*\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(readme)?.[1];
const setup = blockAfter('readme-client-setup', 'sh');
const example = blockAfter('readme-client', 'ts');
const runLines = blockAfter('readme-client-run', 'sh');
const clientDir = path.join(ROOT, 'packages/client');
const clientPkg = JSON.parse(readFileSync(path.join(clientDir, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
};

const database = openDatabase(':memory:');
const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
let server: ServerType;
let origin: string;
const work = tempDir('integrator-');
const project = path.join(work, 'my-integration');
let installOutput = '';

/** npm as a shell of the integrator runs it: none of the npm_* variables of an npm running this test. */
const shellEnv = (): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_'))),
  npm_config_cache: process.env.npm_config_cache ?? path.join(process.env.HOME ?? '/root', '.npm'),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
});
const bash = (script: string, cwd: string, env: NodeJS.ProcessEnv = shellEnv()) =>
  spawnSync('bash', ['-eo', 'pipefail', '-c', script], { cwd, env, encoding: 'utf8', timeout: 240_000 });

beforeAll(async () => {
  const app = appFor({ db: database.db, clock });
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The README's two steps: the package packed in the checkout, then the integrator's project made from it.
  const packed = bash(`npm pack -w ${clientPkg.name} --pack-destination ${JSON.stringify(work)} --json`, ROOT);
  expect(packed.status, packed.stderr).toBe(0);
  const tarball = path.join(work, `contract-first-client-${clientPkg.version}.tgz`);
  expect(readdirSync(work)).toContain(path.basename(tarball));
  expect(setup).toBeDefined();
  const installed = bash(setup!.replace('/path/to/this/checkout/contract-first-client-0.1.0.tgz', tarball), work);
  installOutput = installed.stdout + installed.stderr;
  expect(installed.status, installOutput).toBe(0);
}, 300_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  database.close();
  rmSync(work, { recursive: true, force: true });
});

const run = promisify(execFile);
/** The project's own TypeScript, as `npx tsc` runs it there. */
const typecheck = () =>
  spawnSync(process.execPath, [path.join(project, 'node_modules/typescript/bin/tsc'), '-p', project], {
    cwd: project,
    encoding: 'utf8',
  });

it('the package from npm pack pulls only what it needs at run time: itself and openapi-fetch', () => {
  expect(Object.keys(clientPkg.dependencies)).toEqual(['openapi-fetch']);
  const ls = spawnSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: project,
    env: shellEnv(),
    encoding: 'utf8',
  });
  const runtime = ls.stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((p) => path.relative(path.join(project, 'node_modules'), p));
  expect(runtime).toContain('@contract-first/client');
  expect(runtime).toContain('openapi-fetch');
  expect(runtime.length, runtime.join(', ')).toBeLessThan(10);
  const files = readdirSync(path.join(project, 'node_modules/@contract-first/client'), {
    recursive: true,
    encoding: 'utf8',
  }).sort();
  expect(files).toEqual(
    expect.arrayContaining([
      'LICENSE',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/types/orders.d.ts',
      'dist/types/keys.d.ts',
      'package.json',
    ]),
  );
  expect(files.filter((f) => f.startsWith('src'))).toEqual([]);
});

it('the README example type-checks in that project and, run with Node.js, creates a store on the server', async () => {
  expect(example).toBeDefined();
  writeFileSync(path.join(project, 'example.ts'), example!);
  expect(runLines?.trim().split('\n')).toEqual(['npx tsc', 'API_KEY="$KEY" node example.ts']);
  const key = createApiKey(database.db, clock, { name: 'integrator' });
  // The README's two lines as printed, with the key in KEY and the test server's origin.
  const env = { ...shellEnv(), KEY: key.key, API_URL: origin };
  // Not spawnSync: the server answers from this process's event loop.
  const ran = await run('bash', ['-eo', 'pipefail', '-c', runLines!], {
    cwd: project,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  // npm's own warnings (about this machine's npm settings) are not the example's output.
  expect(ran.stderr.split('\n').filter((l) => l !== '' && !l.startsWith('npm warn'))).toEqual([]);
  const storeId = /^store: (sto_\S+)$/m.exec(ran.stdout)?.[1];
  expect(storeId, ran.stdout).toBeDefined();
  // The store exists for that key.
  const { stdout: got } = await run(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { createOrdersClient } from '${clientPkg.name}'; const c = createOrdersClient({ origin: process.env.API_URL, apiKey: process.env.API_KEY }); const r = await c.GET('/stores/{store_id}', { params: { path: { store_id: process.argv[1] } } }); console.log(r.response.status, r.data.data.name);`,
      storeId!,
    ],
    { cwd: project, encoding: 'utf8', env: { ...process.env, API_URL: origin, API_KEY: key.key } },
  );
  expect(got.trim()).toBe('200 Example Shop');
}, 60_000);

it('the exported types refuse what the YAML does not allow', () => {
  rmSync(path.join(project, 'example.ts'), { force: true });
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(
    path.join(project, 'src', 'mistakes.ts'),
    `import { createKeysClient, createOrdersClient, type OrdersComponents } from '${clientPkg.name}';
const orders = createOrdersClient({ origin: 'http://127.0.0.1:8080', apiKey: 'k', storeId: 's' });
const keys = createKeysClient({ origin: 'http://127.0.0.1:8080', apiKey: 'k' });
// @ts-expect-error source_id is a string
await orders.POST('/stores', { body: { source_id: 1, name: 'n', currency: 'EUR' } });
// @ts-expect-error no such path
await orders.GET('/nope');
// @ts-expect-error userSecretProvider is one of the configured providers
await keys.POST('/keys', { body: { userSecretProvider: 'github' } });
const status: OrdersComponents['schemas']['Order']['status'] = 'open';
export { status };
`,
  );
  const checked = typecheck();
  // Every @ts-expect-error above is needed: an untyped client would leave them unused (an error).
  expect(checked.stdout + checked.stderr).toBe('');
  expect(checked.status).toBe(0);
  writeFileSync(
    path.join(project, 'src', 'mistakes.ts'),
    `import { createOrdersClient } from '${clientPkg.name}';\nawait createOrdersClient({ origin: 'x', apiKey: 'k' }).POST('/stores', { body: { source_id: 1, name: 'n', currency: 'EUR' } });\n`,
  );
  const refused = typecheck();
  expect(refused.status).not.toBe(0);
  expect(refused.stdout).toMatch(/mistakes\.ts.*error TS2322/);
}, 60_000);

it('the TypeScript sample of every operation in the docs type-checks in an integrator project', () => {
  rmSync(path.join(project, 'src', 'mistakes.ts'), { force: true });
  mkdirSync(path.join(project, 'src', 'samples'), { recursive: true });
  let count = 0;
  for (const file of specFiles()) {
    const doc = parseYaml(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as Record<string, unknown>;
    const name = path.basename(file, '.yaml');
    const withSamples = withCodeSamples(doc, {
      serverUrl: (doc.servers as Array<{ url: string }>)[0]!.url,
      clientFactory: `create${name[0]!.toUpperCase()}${name.slice(1)}Client`,
    });
    for (const item of Object.values(
      withSamples.paths as Record<
        string,
        Record<string, { operationId: string; 'x-codeSamples'?: Array<{ lang: string; source: string }> }>
      >,
    )) {
      for (const op of Object.values(item)) {
        const ts = op['x-codeSamples']?.find((x) => x.lang === 'TypeScript');
        if (!ts) continue;
        writeFileSync(path.join(project, 'src', 'samples', `${op.operationId}.ts`), ts.source);
        count++;
      }
    }
  }
  expect(count).toBe(specFiles().reduce((n, f) => n + readService(f).operations.length, 0));
  const checked = typecheck();
  expect(checked.stdout + checked.stderr).toBe('');
  expect(checked.status).toBe(0);
}, 60_000);

it("the client's base paths are the contracts' server paths", () => {
  expect(ORDERS_BASE_PATH).toBe(contractFor('orders').basePath);
  expect(KEYS_BASE_PATH).toBe(contractFor('keys').basePath);
});
