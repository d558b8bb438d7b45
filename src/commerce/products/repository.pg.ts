import type pg from 'pg';
import { inPostgresTransaction } from '../../shared/db/postgres.js';
import { turnDocumentFinds } from '../../shared/db/pg-turn-finds.js';
import { turnInserts } from '../../shared/db/pg-turn-inserts.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import type { Product, ProductRepository } from './repository.js';
import { newProductJson, patchedProductJson } from './render.js';

const PRODUCT_COLUMNS = [
  ['id', 'text'],
  ['store_id', 'text'],
  ['source_id', 'text'],
  ['doc', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
] as const;

/**
 * The products on PostgreSQL, stored as the same rendered documents as on SQLite. A source_id
 * taken is the unique index's answer in the insert itself, which goes with the turn's other creates
 * (turnInserts); a patch holds the row's lock from its read to its write.
 */
export function postgresProducts(pool: pg.Pool): ProductRepository {
  const storeProduct = turnInserts(pool, 'products', PRODUCT_COLUMNS, ['store_id', 'source_id']);
  return {
    find: turnDocumentFinds<JsonText<Product>>(pool, 'products'),
    async insert(storeId, id, body, now) {
      const json = newProductJson(id, storeId, body, now);
      const stored = await storeProduct([id, storeId, body.source_id, json, now, now]);
      return stored ? { product: json } : SOURCE_ID_CONFLICT;
    },
    update: (storeId, id, patch, now) =>
      inPostgresTransaction(pool, async (client) => {
        const doc = (
          await client.query<{ doc: JsonText<Product> }>({
            name: 'products-find-lock',
            text: 'SELECT doc FROM products WHERE store_id = $1 AND id = $2 FOR UPDATE',
            values: [storeId, id],
          })
        ).rows[0]?.doc;
        if (doc === undefined || Object.keys(patch).length === 0) return doc;
        const json = patchedProductJson(doc, patch, now);
        await client.query({
          name: 'products-update',
          text: 'UPDATE products SET doc = $1, updated_at = $2 WHERE store_id = $3 AND id = $4',
          values: [json, now, storeId, id],
        });
        return json;
      }),
  };
}
