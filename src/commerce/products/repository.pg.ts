import type pg from 'pg';
import { inPostgresTransaction } from '../../shared/db/postgres.js';
import { turnDocumentFinds } from '../../shared/db/pg-turn-finds.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import type { Product, ProductRepository } from './repository.js';
import { newProductJson, patchedProductJson } from './render.js';

/**
 * The products on PostgreSQL, stored as the same rendered documents as on SQLite. A source_id
 * taken is the unique index's answer in the insert itself; a patch holds the row's lock from its
 * read to its write.
 */
export function postgresProducts(pool: pg.Pool): ProductRepository {
  return {
    find: turnDocumentFinds<JsonText<Product>>(pool, 'products'),
    async insert(storeId, id, body, now) {
      const json = newProductJson(id, storeId, body, now);
      const inserted = await pool.query({
        name: 'products-insert',
        text: `INSERT INTO products (id, store_id, source_id, doc, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
               ON CONFLICT (store_id, source_id) DO NOTHING`,
        values: [id, storeId, body.source_id, json, now],
      });
      return inserted.rowCount === 1 ? { product: json } : SOURCE_ID_CONFLICT;
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
