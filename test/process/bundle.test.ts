import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { checkedFetch } from '../support/contract.js';
import { afterAll, expect, it } from 'vitest';
import { ROOT, startServer, stdoutWith, tempDir, type Started } from '../support/process.js';

let server: Started | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

it('npm run build gives a dist/ that runs with node from an empty folder without node_modules', async () => {
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'pipe' });
  const dir = tempDir('bundle-');
  cpSync(path.join(ROOT, 'dist'), dir, { recursive: true });
  expect(readdirSync(dir).sort()).toEqual(['better_sqlite3.node', 'cli.mjs', 'server.mjs']);

  // Run from the copy, with a relative DATABASE_URL, so nothing of the checkout can be reached.
  server = await startServer({ DATABASE_URL: 'file:./data/bundle.db', NODE_PATH: '', LOG_LEVEL: 'debug' }, [process.execPath, path.join(dir, 'server.mjs')], dir);
  const key = server.stdout().split('\n').find((l) => l.startsWith('svc_'))!;
  expect(key).toBeDefined();
  const base = `${server.url}/commerce/2024-07`;
  const json = { 'content-type': 'application/json', 'svc-api-key': key };
  const store = await checkedFetch(`${base}/stores`, { method: 'POST', headers: json, body: JSON.stringify({ source_id: 's1', name: 'Shop', currency: 'EUR' }) });
  expect(store.status).toBe(201);
  const storeId = ((await store.json()) as { data: { id: string } }).data.id;
  const order = await checkedFetch(`${base}/orders`, {
    method: 'POST',
    headers: { ...json, 'svc-store-id': storeId },
    body: JSON.stringify({ source_id: 'o1', number: '1', currency: 'EUR', status: 'open', order_total: '1.00', items: [{ quantity: 1 }], delivery_method: 'shipping' }),
  });
  expect(order.status).toBe(201);
  // The WAL checkpoint worker, embedded as source text, runs from the copy too.
  const logged = await stdoutWith(server, '"WAL checkpoint"');
  expect(logged).toContain('"WAL checkpoint"');
  expect(logged).not.toContain('checkpoint worker failed');

  // The embedded contracts and docs site are served too.
  const spec = await checkedFetch(`${server.url}/openapi/orders.yaml`);
  expect(spec.status).toBe(200);
  expect(await spec.text()).toContain('operationId: createOrder');
  expect(((await (await checkedFetch(`${server.url}/openapi/keys.json`)).json()) as { info: { title: string } }).info.title).toBe('Key-generation service');
  const docs = await checkedFetch(`${server.url}/docs/orders.html`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain('Order service');

  // The bundled CLI works on the same database.
  const list = execFileSync(process.execPath, [path.join(dir, 'cli.mjs'), 'api-key', 'list'], { cwd: dir, encoding: 'utf8', env: { ...process.env, DATABASE_URL: 'file:./data/bundle.db' } });
  expect(list).toContain('development');

  expect(await server.stop('SIGTERM')).toBe(0);
  server = undefined;
});
