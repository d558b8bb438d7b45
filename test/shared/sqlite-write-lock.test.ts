import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { sqliteOrdersRepositories } from '../../src/commerce/repositories.js';
import { sqliteKeysRepositories } from '../../src/keys/repository.sqlite.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { ROOT, tempDir } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): what another process's writer (the operator CLI, a
// second connection) does to the server's write transactions that read first.
const dir = tempDir('write-lock-');
const file = path.join(dir, 'service.db');
const database = openDatabase(`file:${file}`);
afterAll(() => database.close());

/** Another process that takes the write lock, writes `sql`, says so, holds the lock for `ms`, then commits. */
function holdWriteLock(sql: string, ms: number) {
  const script = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(file)});
    db.exec('BEGIN IMMEDIATE');
    db.exec(${JSON.stringify(sql)});
    process.stdout.write('locked\\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ${ms});
    db.exec('COMMIT');
    db.close();`;
  const child = spawn(process.execPath, ['-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const locked = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => String(d).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code}) before taking the lock`)));
  });
  const done = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { locked, done };
}

it('a patch waits for another process’s writer and then reads what it committed (BEGIN IMMEDIATE), instead of failing with SQLITE_BUSY', async () => {
  const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
  const key = createApiKey(database.db, clock, { name: 'lock' });
  const repos = sqliteOrdersRepositories(database.db);
  const store = await repos.stores.insert({
    id: 'sto_lock',
    accountId: key.accountId,
    source_id: 's',
    name: 'Before',
    currency: 'EUR',
    now: '2024-07-01T08:00:00.000Z',
  });
  expect(store).toMatchObject({ name: 'Before' });

  const holder = holdWriteLock("UPDATE stores SET name = 'Held' WHERE id = 'sto_lock'", 300);
  await holder.locked;
  // Read-then-write transactions of three kinds: a store patch (drizzle), an order insert (group commit), a key token (inTransaction).
  const patched = await repos.stores.update(
    key.accountId,
    'sto_lock',
    { phone: '+49 30 1' },
    '2024-07-01T09:00:00.000Z',
  );
  expect(patched).toMatchObject({ name: 'Held', phone: '+49 30 1' });
  expect(await holder.done).toBe(0);

  const again = holdWriteLock("UPDATE stores SET name = 'Held again' WHERE id = 'sto_lock'", 200);
  await again.locked;
  const order = await repos.orders.insert(
    'sto_lock',
    'ord_lock',
    {
      source_id: 'o',
      number: '1',
      currency: 'EUR',
      status: 'open',
      order_total: '1.00',
      items: [{ sku: 'A', quantity: 1 }],
      delivery_method: 'shipping',
    } as never,
    '2024-07-01T09:00:00.000Z',
  );
  expect(JSON.parse(order as string)).toMatchObject({ id: 'ord_lock' });
  expect(await again.done).toBe(0);

  const third = holdWriteLock("UPDATE stores SET name = 'Third' WHERE id = 'sto_lock'", 200);
  await third.locked;
  await sqliteKeysRepositories(database.db).transactions.purgeExpiredBatch(new Date('2024-07-02T00:00:00.000Z'), 500);
  expect(await third.done).toBe(0);
  expect((await repos.stores.find(key.accountId, 'sto_lock'))!.name).toBe('Third');
}, 30_000);
