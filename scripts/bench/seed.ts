/**
 * Fixtures of the benchmark: a realistic order body, a database seeded directly through
 * SQLite (an account, an API key, a store and N orders) in the format the repository writes,
 * and the server's environment on such a file.
 */
import path from 'node:path';
import type { components } from '../../generated/orders/types.js';
import type pg from 'pg';
import { postgresApiKeys } from '../../src/shared/api-keys.pg.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { systemClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { newId, rowKey } from '../../src/shared/ids.js';
import { instant, orderJson } from '../../src/commerce/orders/render.js';
import { sqliteStores } from '../../src/commerce/stores/repository.sqlite.js';
import { postgresStores } from '../../src/commerce/stores/repository.pg.js';

type OrderCreate = components['schemas']['OrderCreate'];

const BASE_MS = Date.parse('2024-01-01T00:00:00Z');

/** As the benchmarks run the server: no rate limit, a log line per request (to /dev/null) as in production. */
export const SERVER_ENV = { RATE_LIMIT_PER_SECOND: '0', LOG_LEVEL: 'info' };

/** The server's environment for a seeded database file: the key service's sealed root beside it. */
export const serverEnv = (file: string, logLevel = SERVER_ENV.LOG_LEVEL) => ({
  ...SERVER_ENV,
  LOG_LEVEL: logLevel,
  DATABASE_URL: `file:${file}`,
  KEYGEN_SEALED_ROOT_FILE: path.join(path.dirname(file), 'root.sealed.json'),
});

/** A 3-item shipping order with customer, address and timestamps, as a shop backend sends it. */
export function orderBody(sourceId: string, i = 0): OrderCreate {
  const created = new Date(BASE_MS + i * 1000).toISOString();
  return {
    source_id: sourceId,
    number: `#${1000 + i}`,
    currency: 'EUR',
    status: 'open',
    financial_status: 'paid',
    fulfillment_status: 'unfulfilled',
    order_total: '52.80',
    shipping_total: '4.90',
    tax_total: '8.43',
    discount_total: '3.50',
    subtotal: '47.90',
    items: [
      {
        source_id: 'li-1',
        sku: 'TSHIRT-M-BLUE',
        quantity: 2,
        unit_price: { currency: 'EUR', amount: '19.90' },
        unit_weight: { unit: 'g', value: 180 },
        product_title: 'T-shirt',
        product_variant_title: 'M / Blue',
        discount: '3.00',
        tax: '6.35',
      },
      {
        source_id: 'li-2',
        sku: 'MUG-1',
        quantity: 1,
        unit_price: { currency: 'EUR', amount: '9.90' },
        product_title: 'Mug',
        discount: '0.50',
        tax: '1.58',
      },
      {
        source_id: 'li-3',
        sku: 'CAP-RED',
        quantity: 1,
        unit_price: { currency: 'EUR', amount: '12.00' },
        product_title: 'Cap',
        tax: '0.50',
      },
    ],
    source_created_at: created,
    source_updated_at: created,
    customer: {
      source_id: `c-${i % 5000}`,
      first_name: 'Ada',
      last_name: 'Lovelace',
      emails: ['ada@example.com'],
      locale: 'en-GB',
    },
    shipping_address: {
      type: 'residential',
      street_1: '12 Analytical Row',
      city: 'London',
      postal_code: 'N1 9GU',
      country_region: 'GBR',
    },
    tags: ['web'],
    shipping_method: 'Standard',
    delivery_method: 'shipping',
  };
}

/** Deterministic order ids in the service's id format (`ord_` + time in base 36 + 20 hex digits), so any seeded id can be named again. */
export const seededOrderId = (i: number) =>
  `ord_${(BASE_MS + i).toString(36).padStart(9, '0')}${i.toString(16).padStart(20, '0')}`;

export interface Seeded {
  /** The SQLite file; empty on PostgreSQL. */
  file: string;
  apiKey: string;
  accountId: string;
  storeIds: string[];
}

/** Creates and migrates the database at `file`, with one API key and `stores` stores. */
export function seedBase(file: string, stores = 2): Seeded {
  const database = openDatabase(`file:${file}`);
  try {
    const key = createApiKey(database.db, systemClock, { name: 'bench' });
    const now = new Date();
    const storeIds = Array.from(
      { length: stores },
      (_, n) =>
        (
          sqliteStores(database.db).insert({
            id: newId('sto', now),
            accountId: key.accountId,
            source_id: `bench-${n}`,
            name: `Bench ${n}`,
            currency: 'EUR',
            now: now.toISOString(),
          }) as { id: string }
        ).id,
    );
    return { file, apiKey: key.key, accountId: key.accountId, storeIds };
  } finally {
    database.close();
  }
}

/** On PostgreSQL (migrated): one API key and `stores` stores, through the repositories. */
export async function seedBasePostgres(pool: pg.Pool, stores = 2): Promise<Seeded> {
  const now = new Date();
  const key = await postgresApiKeys(pool).create(now, { name: 'bench' });
  const storeIds: string[] = [];
  for (let n = 0; n < stores; n++) {
    const row = (await postgresStores(pool).insert({
      id: newId('sto', now),
      accountId: key.accountId,
      source_id: `bench-${n}`,
      name: `Bench ${n}`,
      currency: 'EUR',
      now: now.toISOString(),
    })) as { id: string };
    storeIds.push(row.id);
  }
  return { file: '', apiKey: key.key, accountId: key.accountId, storeIds };
}

const ORDER_COLUMNS = [
  'id',
  'store_id',
  'source_id',
  'location_id',
  'source_created_ms',
  'source_updated_ms',
  'doc',
  'created_at',
  'updated_at',
];

/** Seeded order `i` as a row of `orders` (ORDER_COLUMNS), as the repository writes it. */
function orderRow(i: number, storeId: string, now: string): unknown[] {
  const { pickup_location: _, ...fields } = orderBody(`seed-${i}`, i);
  const id = seededOrderId(i);
  const doc = orderJson({ id, storeId, fields, createdAt: now, updatedAt: now });
  return [
    id,
    storeId,
    fields.source_id,
    null,
    instant(fields.source_created_at),
    instant(fields.source_updated_at),
    doc,
    now,
    now,
  ];
}

/** Rows into `table` on PostgreSQL, 500 to a statement. */
export async function insertRowsPostgres(
  pool: pg.Pool,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  for (let at = 0; at < rows.length; at += 500) {
    const chunk = rows.slice(at, at + 500);
    const values = chunk
      .map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}`).join(', ')})`)
      .join(', ');
    await pool.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, chunk.flat());
  }
}

/** seedOrders on PostgreSQL. */
export async function seedOrdersPostgres(pool: pg.Pool, storeId: string, from: number, to: number): Promise<void> {
  const now = new Date().toISOString();
  const rows = [];
  for (let i = from; i < to; i++) rows.push(orderRow(i, storeId, now));
  await insertRowsPostgres(pool, 'orders', ORDER_COLUMNS, rows);
  await pool.query('VACUUM ANALYZE orders');
}

/**
 * Inserts orders `from`..`to - 1` into a store with the repository's row format (the order's JSON
 * as orderJson renders it, sort keys in epoch ms), in transactions of 20,000 rows.
 */
export function seedOrders(
  file: string,
  storeId: string,
  from: number,
  to: number,
  onProgress?: (done: number) => void,
): void {
  const database = openDatabase(`file:${file}`);
  try {
    // SQLite's orders have the key made from the id beside (schema.ts); seeded ids are of different milliseconds.
    const insert = database.sqlite.prepare(
      `INSERT INTO orders (key, ${ORDER_COLUMNS.join(', ')}) VALUES (?, ${ORDER_COLUMNS.map(() => '?').join(', ')})`,
    );
    const batch = database.sqlite.transaction((start: number, end: number) => {
      const now = new Date().toISOString();
      for (let i = start; i < end; i++) {
        const row = orderRow(i, storeId, now);
        insert.run(rowKey(row[0] as string), ...row);
      }
    });
    for (let start = from; start < to; start += 20_000) {
      batch(start, Math.min(to, start + 20_000));
      onProgress?.(Math.min(to, start + 20_000));
    }
    database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    database.close();
  }
}
