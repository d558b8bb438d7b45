import { statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { checkedFetch } from '../support/contract.js';
import { startServer, stdoutWith, tempDir, type Started } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): WAL checkpoints of the server's SQLite file.

let server: Started | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

/** The worker's checkpoints that copied frames, from the server's debug log. */
const checkpoints = (stdout: string) =>
  stdout
    .split('\n')
    .filter((l) => l.includes('"WAL checkpoint"'))
    .map((l) => JSON.parse(l) as { walFrames: number; checkpointed: number });

it('WAL checkpoints run on the worker thread while the server takes writes, and the database is whole after SIGTERM', async () => {
  const dir = tempDir('checkpoint-');
  const file = path.join(dir, 'cp.db');
  server = await startServer({
    DATABASE_URL: `file:${file}`,
    LOG_LEVEL: 'debug',
    RATE_LIMIT_PER_SECOND: '0',
    KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'root.sealed.json'),
  });
  const key = server
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('svc_'))!;
  const headers = { 'content-type': 'application/json', 'svc-api-key': key };
  const base = `${server.url}/commerce/2024-07`;
  const store = await checkedFetch(`${base}/stores`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ source_id: 's', name: 'Shop', currency: 'EUR' }),
  });
  const storeId = ((await store.json()) as { data: { id: string } }).data.id;

  for (let i = 0; i < 60; i++) {
    const res = await checkedFetch(`${base}/orders`, {
      method: 'POST',
      headers: { ...headers, 'svc-store-id': storeId },
      body: JSON.stringify({
        source_id: `o${i}`,
        number: String(i),
        currency: 'EUR',
        status: 'open',
        order_total: '1.00',
        items: [{ source_id: 'li-1', quantity: 1 }],
        delivery_method: 'shipping',
      }),
    });
    expect(res.status).toBe(201);
  }
  // The worker checkpoints every 200 ms: within a second it has copied the writes above.
  const done = checkpoints(await stdoutWith(server, '"WAL checkpoint"'));
  expect(done.length).toBeGreaterThan(0);
  expect(done.at(-1)!.checkpointed).toBeGreaterThan(0);
  expect(server.stdout()).not.toContain('checkpoint worker failed');

  expect(await server.stop('SIGTERM')).toBe(0);
  server = undefined;
  // The last connection to close checkpoints what is left and removes the WAL.
  expect(() => statSync(`${file}-wal`)).toThrow();
  const db = new Database(file, { readonly: true });
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(db.prepare('select count(*) from orders').pluck().get()).toBe(60);
  db.close();
});
