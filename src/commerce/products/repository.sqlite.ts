import { inGroupCommit, ONE_STATEMENT, sqliteOf, type Db } from '../../shared/db/client.js';
import { turnReads } from '../../shared/db/turn-reads.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import type { Product, ProductRepository } from './repository.js';
import { newProductJson, patchedProductJson } from './render.js';

/** The products on SQLite. A source_id taken is the unique index's answer, in the insert itself. */
export function sqliteProducts(db: Db): ProductRepository {
  const sqlite = sqliteOf(db);
  const reads = turnReads(sqlite);
  const BY_ID = 'SELECT doc FROM products WHERE store_id = ? AND id = ?';
  const byId = sqlite.prepare(BY_ID).pluck();
  const read = reads.sqlite.prepare(BY_ID).pluck();
  const insert = sqlite.prepare(
    `INSERT INTO products (id, store_id, source_id, doc, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (store_id, source_id) DO NOTHING`,
  );
  const update = sqlite.prepare('UPDATE products SET doc = ?, updated_at = ? WHERE store_id = ? AND id = ?');
  // The update reads in its transaction, on the writer.
  const find = (storeId: string, id: string) => byId.get(storeId, id) as JsonText<Product> | undefined;
  return {
    find: (storeId, id) => reads.read(() => read.get(storeId, id) as JsonText<Product> | undefined),
    // Products created in the same turn of the event loop share one COMMIT, as orders do.
    insert: (storeId, id, body, now) =>
      inGroupCommit(
        db,
        () => {
          const json = newProductJson(id, storeId, body, now);
          const inserted = insert.run(id, storeId, body.source_id, json, now, now);
          return inserted.changes === 1 ? { product: json } : SOURCE_ID_CONFLICT;
        },
        ONE_STATEMENT,
      ),
    // In the turn's group commit, whose BEGIN IMMEDIATE takes the write lock before the read: no other write comes
    // between.
    update: (storeId, id, patch, now) =>
      inGroupCommit(
        db,
        () => {
          const doc = find(storeId, id);
          if (doc === undefined || Object.keys(patch).length === 0) return doc;
          const json = patchedProductJson(doc, patch, now);
          update.run(json, now, storeId, id);
          return json;
        },
        ONE_STATEMENT,
      ),
  };
}
