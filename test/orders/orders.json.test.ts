import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { orderJson } from '../../src/commerce/orders/render.js';
import type { Order } from '../../src/commerce/orders/repository.js';
import { loadMigrationFiles } from '../../src/shared/db/migration-files.js';
import { locationBody, openingHours, orderBody } from '../support/factories.js';

// Runs once, in the `sqlite` vitest project: orderJson touches no database, and the migrations
// tested here (0002, 0003) are SQLite's.

interface OldRow {
  id: string;
  storeId: string;
  /** The client's fields as the repository stored them before migration 0003. */
  doc: string;
  locationId: string | null;
  locationAddress: string | null;
  locationHours: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the repository answered for a row before documents were stored rendered: parse, spread, serialize. */
function parsedAndSerialized(row: OldRow): string {
  const doc = JSON.parse(row.doc) as Record<string, unknown>;
  return JSON.stringify({
    id: row.id,
    store: { id: row.storeId },
    ...doc,
    tags: doc.tags ?? [],
    ...(row.locationId !== null && {
      pickup_location: {
        location_id: row.locationId,
        address: JSON.parse(row.locationAddress ?? '{}'),
        opening_hours: JSON.parse(row.locationHours ?? '{}'),
      },
    }),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  });
}

const oldRow = (doc: Record<string, unknown>, location: boolean, storeId = 'sto_1'): OldRow => ({
  id: 'ord_1',
  storeId,
  doc: JSON.stringify(doc),
  locationId: location ? 'loc_1' : null,
  locationAddress: location ? JSON.stringify(locationBody().address) : null,
  locationHours: location ? JSON.stringify(openingHours()) : null,
  createdAt: '2024-07-01T08:00:00.000Z',
  updatedAt: '2024-07-01T09:00:00.000Z',
});

/** The same order as the repository renders it now. */
const rendered = (row: OldRow) =>
  orderJson({
    id: row.id,
    storeId: row.storeId,
    fields: JSON.parse(row.doc) as Parameters<typeof orderJson>[0]['fields'],
    pickupLocation:
      row.locationId === null ? undefined : (JSON.parse(parsedAndSerialized(row)) as Order).pickup_location,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  });

const { pickup_location: _, ...base } = orderBody();
const cases = [
  ['without tags', base],
  ['with tags', { ...base, tags: ['a', 'b'] }],
  [
    'with tags first and text that looks like JSON',
    { tags: [], ...base, note: '"tags":[1]}, {"id":"x"} \\" \u2028 ü 🎉' },
  ],
  [
    'without tags, "tags": in strings and product_tags',
    {
      ...base,
      note: '{"tags":[]} \\"tags\\": "tags":',
      number: 'tags',
      items: [{ quantity: 1, sku: '"tags":', product_tags: ['tags'] }],
    },
  ],
  ['with tags that contain "tags":', { ...base, tags: ['"tags":', 'tags'] }],
  ['pickup', { ...base, delivery_method: 'pickup', pickup_info: { instructions: 'Ask.' } }],
] as Array<[string, Record<string, unknown>]>;

describe('orderJson: the order as stored and served', () => {
  it.each(cases)('is the JSON the repository answered before documents were stored rendered: %s', (_name, doc) => {
    for (const location of [false, true]) {
      for (const storeId of ['sto_1', 'sto_"1"']) {
        const row = oldRow(doc, location, storeId);
        expect(rendered(row)).toBe(parsedAndSerialized(row));
      }
    }
  });

  // Rows written before migration 0002 hold the client's fields as JSON.stringify gave them,
  // without tags when none were sent; 0002 added the tags and 0003 renders the whole order. After
  // both, each row's document is exactly what reading the row answered before.
  it.each(cases)('renders rows written before migrations 0002 and 0003 as they read before: %s', (_name, doc) => {
    const migrations = loadMigrationFiles().filter(
      (m) => m.tag === '0002_order_doc_tags' || m.tag === '0003_order_doc_rendered',
    );
    expect(migrations).toHaveLength(2);
    for (const location of [false, true]) {
      for (const storeId of ['sto_1', 'sto_"1"']) {
        const row = oldRow(doc, location, storeId);
        const sqlite = new Database(':memory:');
        sqlite.exec(`CREATE TABLE locations (id TEXT PRIMARY KEY, address TEXT NOT NULL, opening_hours TEXT NOT NULL);
          CREATE TABLE orders (id TEXT PRIMARY KEY, store_id TEXT NOT NULL, location_id TEXT, doc TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
        if (location)
          sqlite
            .prepare('INSERT INTO locations VALUES (?, ?, ?)')
            .run(row.locationId, row.locationAddress, row.locationHours);
        sqlite
          .prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?)')
          .run(row.id, row.storeId, row.locationId, row.doc, row.createdAt, row.updatedAt);
        for (const m of migrations) sqlite.exec(m.sql);
        const migrated = sqlite.prepare('SELECT doc FROM orders').pluck().get() as string;
        sqlite.close();
        expect(migrated).toBe(parsedAndSerialized(row));
        expect(migrated).toBe(rendered(row));
      }
    }
  });
});
