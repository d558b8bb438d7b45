import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { orderJson, storedDoc } from '../../src/orders/orders/repository.js';
import { loadMigrationFiles } from '../../src/shared/db/migration-files.js';
import { locationBody, openingHours, orderBody } from '../support/factories.js';

/** What the repository answered before it spliced stored documents: parse, spread, serialize. */
function parsedAndSerialized(row: Parameters<typeof orderJson>[0], storeId: string): string {
  const doc = JSON.parse(row.doc) as Record<string, unknown>;
  return JSON.stringify({
    id: row.id,
    store: { id: storeId },
    ...doc,
    tags: doc.tags ?? [],
    ...(row.locationId !== null && {
      pickup_location: { location_id: row.locationId, address: JSON.parse(row.locationAddress ?? '{}'), opening_hours: JSON.parse(row.locationHours ?? '{}') },
    }),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  });
}

const row = (doc: Record<string, unknown>, location = false, stored = storedDoc(doc)) => ({
  id: 'ord_1',
  locationId: location ? 'loc_1' : null,
  doc: stored,
  createdAt: '2024-07-01T08:00:00.000Z',
  updatedAt: '2024-07-01T09:00:00.000Z',
  locationAddress: location ? JSON.stringify(locationBody().address) : null,
  locationHours: location ? JSON.stringify(openingHours()) : null,
});

const { pickup_location: _, ...base } = orderBody();
const cases = [
    ['without tags', base],
    ['with tags', { ...base, tags: ['a', 'b'] }],
    ['with tags first and text that looks like JSON', { tags: [], ...base, note: '"tags":[1]}, {"id":"x"} \\" \u2028 ü 🎉' }],
    ['without tags, "tags": in strings and product_tags', { ...base, note: '{"tags":[]} \\"tags\\": "tags":', number: 'tags', items: [{ quantity: 1, sku: '"tags":', product_tags: ['tags'] }] }],
    ['with tags that contain "tags":', { ...base, tags: ['"tags":', 'tags'] }],
    ['pickup', { ...base, delivery_method: 'pickup', pickup_info: { instructions: 'Ask.' } }],
] as Array<[string, Record<string, unknown>]>;

describe('orderJson: stored documents spliced into the Order', () => {
  it.each(cases)('is the JSON that parsing and serializing gives: %s', (_name, doc) => {
    for (const location of [false, true]) {
      for (const storeId of ['sto_1', 'sto_"1"']) {
        const r = row(doc, location);
        expect(orderJson(r, storeId)).toBe(parsedAndSerialized(r, storeId));
      }
    }
  });

  // Rows written before migration 0002 hold the client's document as JSON.stringify gave it,
  // without tags when none were sent: after it they read exactly as they did before.
  it.each(cases)('reads a row written before migration 0002 as before it: %s', (_name, doc) => {
    const migration = loadMigrationFiles().find((m) => m.tag === '0002_order_doc_tags')!;
    const sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE orders (doc TEXT NOT NULL)');
    const old = JSON.stringify(doc);
    sqlite.prepare('INSERT INTO orders (doc) VALUES (?)').run(old);
    sqlite.exec(migration.sql);
    const migrated = sqlite.prepare('SELECT doc FROM orders').pluck().get() as string;
    sqlite.close();
    expect(migrated).toBe(storedDoc(doc));
    expect(orderJson(row(doc, false, migrated), 'sto_1')).toBe(parsedAndSerialized(row(doc, false, old), 'sto_1'));
  });
});
