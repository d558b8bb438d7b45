import { and, eq } from 'drizzle-orm';
import { sqliteOf, WRITE, type Db } from '../../shared/db/client.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import { products } from '../schema.js';
import type { Product, ProductRepository } from './repository.js';
import { newProductJson, patchedProductJson } from './render.js';

/** The products on SQLite (drizzle). A source_id taken is the unique index's answer, in the insert itself. */
export function sqliteProducts(db: Db): ProductRepository {
  // A read by id is the hot path: prepared once on better-sqlite3, as the orders' (no query built per call).
  const byId = sqliteOf(db).prepare('SELECT doc FROM products WHERE store_id = ? AND id = ?').pluck();
  const find = (storeId: string, id: string) => byId.get(storeId, id) as JsonText<Product> | undefined;
  return {
    find,
    insert: (storeId, id, body, now) => {
      const json = newProductJson(id, storeId, body, now);
      const inserted = db
        .insert(products)
        .values({ id, storeId, sourceId: body.source_id, doc: json, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [products.storeId, products.sourceId] })
        .run();
      return inserted.changes === 1 ? { product: json } : SOURCE_ID_CONFLICT;
    },
    // BEGIN IMMEDIATE: the write lock is taken before the read, so no other write comes between.
    update: (storeId, id, patch, now) =>
      db.transaction((tx) => {
        const doc = find(storeId, id);
        if (doc === undefined || Object.keys(patch).length === 0) return doc;
        const json = patchedProductJson(doc, patch, now);
        tx.update(products)
          .set({ doc: json, updatedAt: now })
          .where(and(eq(products.id, id), eq(products.storeId, storeId)))
          .run();
        return json;
      }, WRITE),
  };
}
