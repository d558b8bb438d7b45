// The typed client as an integrator gets it: a new TypeScript project that depends on this package
// imports `contract-first-services/client`, type-checks the README's example (and refuses a
// mistyped body), and the compiled example creates a store on a running server.
import { execFile, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { KEYS_BASE_PATH, ORDERS_BASE_PATH } from '../../client/index.js';
import { readService, specFiles } from '../../scripts/build-docs.js';
import { withCodeSamples } from '../../scripts/lib/code-samples.js';
import { appFor } from '../support/app.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { contractFor } from '../support/contract.js';
import { ROOT, tempDir } from '../support/process.js';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const example = /<!-- readme-client[^>]*-->\s*```ts\n([\s\S]*?)```/.exec(readme)?.[1];
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };
const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

const database = openDatabase(':memory:');
const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
let server: ServerType;
let origin: string;
const project = tempDir('integrator-');

beforeAll(async () => {
  const app = appFor({ db: database.db, clock });
  server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // The integrator's project: this package installed (as `npm install <checkout>` links it), a
  // strict TypeScript configuration of their own.
  mkdirSync(path.join(project, 'node_modules'));
  symlinkSync(ROOT, path.join(project, 'node_modules', pkg.name), 'dir');
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module' }));
  writeFileSync(
    path.join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, outDir: 'out', rootDir: 'src', types: ['node'], typeRoots: [path.join(ROOT, 'node_modules/@types')] },
      include: ['src'],
    }),
  );
  mkdirSync(path.join(project, 'src'));
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  database.close();
  rmSync(project, { recursive: true, force: true });
});

// Asynchronous: the server answers from this process's event loop.
const run = promisify(execFile);
const typecheck = () => spawnSync(process.execPath, [tsc, '-p', project], { cwd: project, encoding: 'utf8' });

it('the README example type-checks in an integrator project and creates a store on the server', async () => {
  expect(example).toBeDefined();
  expect(example!.trim().split('\n')).toHaveLength(5);
  // openapi-fetch is what the client runs on: a dependency of the package, not a dev one.
  expect(pkg.dependencies['openapi-fetch']).toMatch(/^\d+\.\d+\.\d+$/);
  writeFileSync(path.join(project, 'src', 'example.ts'), example!);
  const checked = typecheck();
  expect(checked.stdout + checked.stderr).toBe('');
  expect(checked.status).toBe(0);

  const key = createApiKey(database.db, clock, { name: 'integrator' });
  const { stdout: out } = await run(process.execPath, [path.join(project, 'out', 'example.js')], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, API_URL: origin, API_KEY: key.key },
  });
  const storeId = /^store: (\S+)$/m.exec(out)?.[1];
  expect(storeId).toBeDefined();
  // The store exists for that key.
  const { stdout: got } = await run(
    process.execPath,
    ['--input-type=module', '-e', `import { createOrdersClient } from '${pkg.name}/client'; const c = createOrdersClient({ origin: process.env.API_URL, apiKey: process.env.API_KEY }); const r = await c.GET('/stores/{store_id}', { params: { path: { store_id: process.argv[1] } } }); console.log(r.response.status, r.data.data.name);`, storeId!],
    { cwd: project, encoding: 'utf8', env: { ...process.env, API_URL: origin, API_KEY: key.key } },
  );
  expect(got.trim()).toBe('200 Example Shop');
}, 60_000);

it('the exported types refuse what the YAML does not allow', () => {
  writeFileSync(path.join(project, 'src', 'example.ts'), 'export {};\n');
  writeFileSync(
    path.join(project, 'src', 'mistakes.ts'),
    `import { createKeysClient, createOrdersClient, type OrdersComponents } from '${pkg.name}/client';
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
  writeFileSync(path.join(project, 'src', 'mistakes.ts'), `import { createOrdersClient } from '${pkg.name}/client';\nawait createOrdersClient({ origin: 'x', apiKey: 'k' }).POST('/stores', { body: { source_id: 1, name: 'n', currency: 'EUR' } });\n`);
  const refused = typecheck();
  expect(refused.status).not.toBe(0);
  expect(refused.stdout).toMatch(/mistakes\.ts.*error TS2322/);
}, 60_000);

it('the TypeScript sample of every operation in the docs type-checks in an integrator project', () => {
  for (const f of ['example.ts', 'mistakes.ts']) rmSync(path.join(project, 'src', f), { force: true });
  mkdirSync(path.join(project, 'src', 'samples'), { recursive: true });
  let count = 0;
  for (const file of specFiles()) {
    const doc = parseYaml(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as Record<string, unknown>;
    const name = path.basename(file, '.yaml');
    const withSamples = withCodeSamples(doc, { serverUrl: (doc.servers as Array<{ url: string }>)[0]!.url, clientFactory: `create${name[0]!.toUpperCase()}${name.slice(1)}Client` });
    for (const item of Object.values(withSamples.paths as Record<string, Record<string, { operationId: string; 'x-codeSamples'?: Array<{ lang: string; source: string }> }>>)) {
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
