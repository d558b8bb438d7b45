import { describe, expect, it } from 'vitest';
import { orderJson } from '../../src/orders/orders/repository.js';
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

const row = (doc: Record<string, unknown>, location = false) => ({
  id: 'ord_1',
  locationId: location ? 'loc_1' : null,
  doc: JSON.stringify(doc),
  createdAt: '2024-07-01T08:00:00.000Z',
  updatedAt: '2024-07-01T09:00:00.000Z',
  locationAddress: location ? JSON.stringify(locationBody().address) : null,
  locationHours: location ? JSON.stringify(openingHours()) : null,
});

describe('orderJson: stored documents spliced into the Order', () => {
  const { pickup_location: _, ...base } = orderBody();
  it.each([
    ['without tags', base],
    ['with tags', { ...base, tags: ['a', 'b'] }],
    ['with tags first and text that looks like JSON', { tags: [], ...base, note: '"tags":[1]}, {"id":"x"} \\" \u2028 ü 🎉' }],
    ['without tags, "tags": in strings and product_tags', { ...base, note: '{"tags":[]} \\"tags\\": "tags":', number: 'tags', items: [{ quantity: 1, sku: '"tags":', product_tags: ['tags'] }] }],
    ['with tags that contain "tags":', { ...base, tags: ['"tags":', 'tags'] }],
    ['pickup', { ...base, delivery_method: 'pickup', pickup_info: { instructions: 'Ask.' } }],
  ])('is the JSON that parsing and serializing gives: %s', (_name, doc) => {
    for (const location of [false, true]) {
      const r = row(doc as Record<string, unknown>, location);
      expect(orderJson(r, 'sto_"1"')).toBe(parsedAndSerialized(r, 'sto_"1"'));
    }
  });
});
