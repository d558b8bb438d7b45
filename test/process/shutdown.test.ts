import path from 'node:path';
import Database from 'better-sqlite3';
import { checkedFetch } from '../support/contract.js';
import { afterAll, expect, it } from 'vitest';
import { startServer, tempDir, type Started } from '../support/process.js';

let server: Started | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

it('SIGTERM during a stream of POST /orders: every 201 is in the database after restart, exit code 0, clean JSON logs', async () => {
  const file = path.join(tempDir(), 'shutdown.db');
  server = await startServer({ DATABASE_URL: `file:${file}`, LOG_LEVEL: 'info', RATE_LIMIT_PER_SECOND: '0' });
  const key = server
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('svc_'))!;
  const base = `${server.url}/commerce/2024-07`;
  const headers = { 'content-type': 'application/json', 'svc-api-key': key };
  const store = await checkedFetch(`${base}/stores`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ source_id: 's', name: 'Shop', currency: 'EUR' }),
  });
  const storeId = ((await store.json()) as { data: { id: string } }).data.id;

  const acknowledged: string[] = [];
  let n = 0;
  let stop = false;
  const worker = async () => {
    while (!stop) {
      const sourceId = `o-${++n}`;
      try {
        const res = await checkedFetch(`${base}/orders`, {
          method: 'POST',
          headers: { ...headers, 'svc-store-id': storeId },
          body: JSON.stringify({
            source_id: sourceId,
            number: '1',
            currency: 'EUR',
            status: 'open',
            order_total: '1.00',
            items: [{ source_id: 'li-1', quantity: 1 }],
            delivery_method: 'shipping',
            note: 'secret-note-text',
          }),
        });
        if (res.status === 201) acknowledged.push(sourceId);
        else await res.arrayBuffer();
      } catch {
        return; // the server stopped accepting connections
      }
    }
  };
  const workers = Array.from({ length: 4 }, worker);
  while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
  const running = server;
  const exit = await running.stop('SIGTERM');
  const logs = running.stdout();
  stop = true;
  await Promise.all(workers);
  server = undefined;
  expect(exit).toBe(0);

  const db = new Database(file, { readonly: true });
  const stored = new Set(
    (db.prepare('select source_id from orders').all() as Array<{ source_id: string }>).map((r) => r.source_id),
  );
  expect(acknowledged.filter((s) => !stored.has(s))).toEqual([]);
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  db.close();

  // One JSON line per request with id, method, path, status and duration; no key, no body.
  const jsonLines = logs.split('\n').filter((l) => l.startsWith('{'));
  const requestLines = jsonLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.method);
  expect(requestLines.length).toBeGreaterThan(40);
  expect(requestLines[1]).toMatchObject({
    method: 'POST',
    path: '/commerce/2024-07/orders',
    status: 201,
    requestId: expect.any(String),
    durationMs: expect.any(Number),
  });
  // The development key is printed once in the start-up banner, by design; the log never has it.
  expect(jsonLines.join('\n')).not.toContain(key);
  expect(jsonLines.join('\n')).not.toContain('secret-note-text');
});
