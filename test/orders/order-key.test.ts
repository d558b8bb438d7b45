import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteOrdersRepositories } from '../../src/commerce/repositories.js';
import { DIRECT_OFFSET_LIMIT } from '../../src/commerce/orders/repository.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { migrate, openDatabase } from '../../src/shared/db/client.js';
import { loadMigrationFiles } from '../../src/shared/db/migration-files.js';
import { newId, rowKey } from '../../src/shared/ids.js';
import { orderBody } from '../support/factories.js';

// SQLite only: orders are stored under a key made from their id (schema.ts, orders), so that a read by id is one
// descent of the table; two ids of one key, and ids of another format, must still be found, listed and kept.
const NOW = '2024-07-01T08:00:00.000Z';
const time = (ms: number) => ms.toString(36).padStart(9, '0');
/** Two ids of one millisecond whose random parts begin alike: one key. */
const twins = [
  `ord_${time(1_719_820_800_000)}abcde${'1'.repeat(15)}`,
  `ord_${time(1_719_820_800_000)}abcde${'2'.repeat(15)}`,
];

describe('rowKey', () => {
  it('makes a key from the time and the first 20 random bits, ordered as the times are', () => {
    const ms = 1_719_820_800_000;
    expect(rowKey(`ord_${time(ms)}00000${'f'.repeat(15)}`)).toBe(BigInt(ms) * 2n ** 20n);
    expect(rowKey(`ord_${time(ms)}fffff${'0'.repeat(15)}`)).toBe(BigInt(ms) * 2n ** 20n + 0xfffffn);
    expect(rowKey(`ord_${time(ms + 1)}00000${'0'.repeat(15)}`)).toBe(BigInt(ms + 1) * 2n ** 20n);
    expect(rowKey(twins[0]!)).toBe(rowKey(twins[1]!));
    const a = newId('ord', new Date(ms));
    const b = newId('ord', new Date(ms + 5));
    expect(rowKey(a)! < rowKey(b)!).toBe(true);
    expect(rowKey(a)! < 2n ** 63n).toBe(true);
  });

  it('makes none for an id of another format or beyond the year 2248', () => {
    for (const id of [
      '',
      'ord_1',
      'ord_ABCDEFGHI00000000000000000000',
      `ord_${time(1)}${'g'.repeat(20)}`,
      `ord_zzzzzzzzz${'0'.repeat(20)}`,
    ])
      expect(rowKey(id)).toBeUndefined();
  });
});

describe('orders under a key made from the id', () => {
  async function fixture() {
    const database = openDatabase(':memory:');
    const key = createApiKey(database.db, manualClock(new Date(NOW)), { name: 'keys' });
    const repos = sqliteOrdersRepositories(database.db);
    await repos.stores.insert({
      id: 'sto_k',
      accountId: key.accountId,
      source_id: 's',
      name: 'S',
      currency: 'EUR',
      now: NOW,
    });
    return { database, orders: repos.orders };
  }

  it('creates, finds and lists two orders whose ids make one key', async () => {
    const { database, orders } = await fixture();
    try {
      for (const id of twins) expect(await orders.insert('sto_k', id, orderBody(), NOW)).toContain(`"id":"${id}"`);
      for (const id of twins) expect(await orders.find('sto_k', id)).toContain(`"id":"${id}"`);
      const keys = database.sqlite
        .prepare('SELECT key, id FROM orders ORDER BY key')
        .safeIntegers()
        .raw()
        .all() as Array<[bigint, string]>;
      // The first keeps the key its id makes; the second gets one SQLite picks.
      expect(keys.map(([, id]) => id)).toEqual(twins);
      expect(keys[0]![0]).toBe(rowKey(twins[0]!));
      expect(keys[1]![0]).not.toBe(rowKey(twins[1]!));
      // Another store's order by the same id is not found, by key or by id.
      expect(await orders.find('sto_other', twins[1]!)).toBeUndefined();
      expect(await orders.find('sto_k', 'ord_unknown')).toBeUndefined();
      const page = await orders.listPage({ storeId: 'sto_k', sort: '-source_created_at', offset: 0, fetch: 10 });
      expect(page.map((r) => r.id).sort()).toEqual([...twins].sort());
    } finally {
      database.close();
    }
  });

  it('pages deep through the keys of the sort index, twins included', async () => {
    const { database, orders } = await fixture();
    try {
      const total = DIRECT_OFFSET_LIMIT + 3;
      const ids = [
        ...twins,
        ...Array.from({ length: total - 2 }, (_, i) => newId('ord', new Date(Date.parse(NOW) + i))),
      ];
      for (const [i, id] of ids.entries())
        await orders.insert(
          'sto_k',
          id,
          orderBody({ source_id: `o-${i}`, source_created_at: new Date(Date.parse(NOW) + i * 1000).toISOString() }),
          NOW,
        );
      const deep = await orders.listPage({
        storeId: 'sto_k',
        sort: '+source_created_at',
        offset: DIRECT_OFFSET_LIMIT,
        fetch: 10,
      });
      expect(deep.map((r) => r.id)).toEqual(ids.slice(DIRECT_OFFSET_LIMIT));
    } finally {
      database.close();
    }
  });
});

describe('migration 0012: orders keyed by a key made from the id', () => {
  it('keys the orders written before it, keeps their fulfillments, and leaves foreign keys enforced', async () => {
    const migrations = loadMigrationFiles();
    const at = migrations.findIndex((m) => m.tag === '0012_orders_key');
    expect(at).toBeGreaterThan(0);
    const sqlite = new Database(':memory:');
    try {
      sqlite.pragma('foreign_keys = ON');
      // Migrated to 0011 with the bookkeeping migrate() keeps, so that it then runs 0012 only.
      sqlite.exec(
        'CREATE TABLE "__drizzle_migrations" (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)',
      );
      for (const m of migrations.slice(0, at)) {
        sqlite.exec(m.sql);
        sqlite
          .prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)')
          .run(createHash('sha256').update(m.sql).digest('hex'), m.when);
      }
      sqlite.exec(`INSERT INTO accounts (id, name, created_at) VALUES ('acc_1', 'a', '${NOW}');
        INSERT INTO stores (id, account_id, source_id, name, currency, created_at, updated_at)
          VALUES ('sto_1', 'acc_1', 's', 'S', 'EUR', '${NOW}', '${NOW}')`);
      const ids = ['ord_other-format', twins[0]!, twins[1]!, newId('ord', new Date(NOW)), newId('ord', new Date(NOW))];
      const order = sqlite.prepare(
        `INSERT INTO orders (id, store_id, source_id, location_id, source_created_ms, source_updated_ms, doc, created_at, updated_at)
         VALUES (?, 'sto_1', ?, NULL, 0, 0, ?, '${NOW}', '${NOW}')`,
      );
      for (const [i, id] of ids.entries()) order.run(id, `o-${i}`, JSON.stringify({ id }));
      sqlite
        .prepare(
          `INSERT INTO fulfillments (id, store_id, order_id, order_source_id, source_id, status, doc, created_at, updated_at)
           VALUES ('ful_1', 'sto_1', ?, 'o-2', 'f-1', 'open', '{}', '${NOW}', '${NOW}')`,
        )
        .run(twins[1]);

      migrate(sqlite);

      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      const rows = sqlite.prepare('SELECT key, id FROM orders').safeIntegers().raw().all() as Array<[bigint, string]>;
      expect(rows.map(([, id]) => id).sort()).toEqual([...ids].sort());
      const keyOf = new Map(rows.map(([key, id]) => [id, key]));
      // Every id of the format keeps the key rowKey makes, but the later of two ids of one key, which gets another.
      for (const id of [twins[0]!, ids[3]!, ids[4]!]) expect(keyOf.get(id)).toBe(rowKey(id));
      expect(keyOf.get(twins[1]!)).not.toBe(rowKey(twins[1]!));
      expect(new Set(keyOf.values()).size).toBe(ids.length);
      // All found by id, the fulfillment's order among them.
      const repos = sqliteOrdersRepositories(drizzle(sqlite));
      for (const id of ids) expect(await repos.orders.find('sto_1', id)).toBe(JSON.stringify({ id }));
      expect(sqlite.prepare("SELECT order_id FROM fulfillments WHERE id = 'ful_1'").pluck().get()).toBe(twins[1]);
      expect(sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get()).toBe(at + 1);
      // Enforced again: an order of no store is refused.
      expect(() =>
        sqlite
          .prepare(
            `INSERT INTO orders (id, store_id, source_id, source_created_ms, source_updated_ms, doc, created_at, updated_at)
             VALUES ('ord_x', 'sto_none', 'x', 0, 0, '{}', '${NOW}', '${NOW}')`,
          )
          .run(),
      ).toThrow(/FOREIGN KEY/);
    } finally {
      sqlite.close();
    }
  });
});
