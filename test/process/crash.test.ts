import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { checkedFetch } from '../support/contract.js';
import { keptTestDatabase, testEngine, type KeptDatabase } from '../support/database.js';
import { startServer, tempDir, type Started } from '../support/process.js';

let server: Started | undefined;
let database: KeptDatabase | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
  await database?.drop();
});

/**
 * The database as the killed process left it, read without the server: the source_id of every
 * stored order. On SQLite the file must also pass integrity_check.
 */
async function storedSourceIds(db: KeptDatabase): Promise<Set<string>> {
  if (db.file) {
    const sqlite = new Database(db.file, { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      return new Set(
        (sqlite.prepare('select source_id from orders').all() as Array<{ source_id: string }>).map((r) => r.source_id),
      );
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return new Set(
      (await client.query<{ source_id: string }>('select source_id from orders')).rows.map((r) => r.source_id),
    );
  } finally {
    await client.end();
  }
}

it(`kill -9 in the middle of a stream of POST /orders, twice: after each restart every 201 is there${testEngine === 'sqlite' ? ' and the database passes integrity_check' : ' (PostgreSQL)'}`, async () => {
  const dir = tempDir('crash-');
  database = await keptTestDatabase();
  // The server as deployed on the run's engine: a SQLite file, or PostgreSQL (which needs PUBLIC_URL).
  const engineEnv: Record<string, string> = database.file
    ? { DATABASE_URL: `file:${database.file}` }
    : { DATABASE_URL: database.url!, PUBLIC_URL: 'http://127.0.0.1:8080' };
  const env = { ...engineEnv, RATE_LIMIT_PER_SECOND: '0', KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'root.sealed.json') };
  server = await startServer(env);
  const key = server
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('svc_'))!;
  expect(key).toBeTruthy();
  const headers = { 'content-type': 'application/json', 'svc-api-key': key };
  const base = () => `${server!.url}/commerce/2024-07`;
  const store = await checkedFetch(`${base()}/stores`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ source_id: 's', name: 'Shop', currency: 'EUR' }),
  });
  const storeId = ((await store.json()) as { data: { id: string } }).data.id;

  const acknowledged = new Map<string, string>(); // source_id → id, for every 201
  let n = 0;
  for (let cycle = 1; cycle <= 2; cycle++) {
    let stop = false;
    const target = acknowledged.size + 60;
    // Four requests in flight at all times, until the connection is refused.
    const worker = async () => {
      while (!stop) {
        const sourceId = `c${cycle}-${++n}`;
        try {
          const res = await checkedFetch(`${base()}/orders`, {
            method: 'POST',
            headers: { ...headers, 'svc-store-id': storeId },
            body: JSON.stringify({
              source_id: sourceId,
              number: String(n),
              currency: 'EUR',
              status: 'open',
              order_total: '9.90',
              items: [
                { source_id: 'A', sku: 'A', quantity: 1 },
                { source_id: 'B', sku: 'B', quantity: 2 },
              ],
              delivery_method: 'shipping',
            }),
          });
          const body = (await res.json()) as { data: { id: string } };
          if (res.status === 201) acknowledged.set(sourceId, body.data.id);
        } catch {
          return; // killed: the socket closed or the connection was refused
        }
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    while (acknowledged.size < target) await new Promise((r) => setTimeout(r, 5));
    const killed = server;
    server = undefined;
    expect(await killed.stop('SIGKILL')).toBe(null); // exit code null: ended by the signal, no shutdown code ran
    stop = true;
    await Promise.all(workers);

    // The database as the killed process left it: intact, and holding every acknowledged order.
    const stored = await storedSourceIds(database);
    expect([...acknowledged.keys()].filter((s) => !stored.has(s))).toEqual([]);

    // And the restarted server serves each of them.
    server = await startServer(env);
    for (const [sourceId, id] of acknowledged) {
      const res = await checkedFetch(`${base()}/orders/${id}`, { headers: { ...headers, 'svc-store-id': storeId } });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { source_id: string } }).data.source_id).toBe(sourceId);
    }
  }
  await server.stop('SIGTERM');
  server = undefined;
  const stored = await storedSourceIds(database);
  expect([...acknowledged.keys()].filter((s) => !stored.has(s))).toEqual([]);
});
