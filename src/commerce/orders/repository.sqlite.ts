import { inGroupCommit, ONE_STATEMENT, sqliteOf, type Db } from '../../shared/db/client.js';
import { PAGE, TEXT_PARAM } from '../../shared/db/statements.js';
import { turnReads } from '../../shared/db/turn-reads.js';
import { rowKey } from '../../shared/ids.js';
import type { MaybePromise } from '../../shared/maybe.js';
import { STORED_LOCATION } from '../locations/repository.sqlite.js';
import type { JsonText } from '../envelope.js';
import {
  SOURCE_ID_CONFLICT,
  UNKNOWN_PICKUP_LOCATION,
  type MissingReference,
  type SourceIdConflict,
} from '../outcomes.js';
import type { StoredLocation } from '../locations/repository.js';
import { instant, newOrderJson, patchedOrderJson } from './render.js';
import {
  DIRECT_OFFSET_LIMIT,
  SMALL_DOC_BYTES,
  sortOrder,
  type Order,
  type OrderCreate,
  type OrderPageQuery,
  type OrderRepository,
  type OrderUpdate,
  type PageRow,
  type Sort,
} from './repository.js';

// Prepared on better-sqlite3 directly: the hot paths skip drizzle's per-call query building and row mapping.
type Statements = ReturnType<typeof prepare>;
function prepare(db: Db) {
  const sqlite = sqliteOf(db);
  const reads = turnReads(sqlite);
  const BY_ID = 'SELECT doc FROM orders WHERE store_id = ? AND id = ?';
  // In the write's transaction, on the writer.
  const byId = sqlite.prepare(BY_ID).pluck();
  // By the key made from the id: one descent of the table's B-tree (schema.ts, orders). An order whose key is not
  // its id's (two ids of one key), or a miss, is then looked up by id through the unique index.
  const read = reads.sqlite.prepare('SELECT doc FROM orders WHERE key = ? AND store_id = ? AND id = ?').pluck();
  const readById = reads.sqlite.prepare(BY_ID).pluck();
  // Asked only when the pickup location is unknown, so that a taken source_id still answers 409.
  const sourceIdTaken = sqlite.prepare('SELECT 1 FROM orders WHERE store_id = ? AND source_id = ?').pluck();
  const locationInStore = sqlite.prepare(STORED_LOCATION);
  const insert = sqlite.prepare(
    `INSERT INTO orders
       (key, id, store_id, source_id, location_id, source_created_ms, source_updated_ms, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (store_id, source_id) DO NOTHING`,
  );
  const update = sqlite.prepare(
    'UPDATE orders SET doc = ?, source_updated_ms = ?, updated_at = ? WHERE store_id = ? AND id = ?',
  );
  const lists = new Map<string, ReturnType<typeof listStatement>>();
  // octet_length reads the record's header, so a large document is not loaded here.
  const what = `o.id, CASE WHEN octet_length(o.doc) <= ${SMALL_DOC_BYTES} THEN o.doc END, octet_length(o.doc)`;
  const listStatement = (sort: Sort, filtered: boolean, deep: boolean) => {
    const { column, dir } = sortOrder(sort);
    const order = `ORDER BY o.${column} ${dir}, o.id ${dir}`;
    const inStore = `o.store_id = ${TEXT_PARAM}${filtered ? ' AND o.source_id IN (SELECT value FROM json_each(?))' : ''}`;
    if (!deep) return reads.sqlite.prepare(`SELECT ${what} FROM orders o WHERE ${inStore} ${order} ${PAGE}`).raw();
    // Deep pages take their keys from the covering sort index so OFFSET skips index entries, not documents.
    // No store_id test outside: with one, SQLite scans the store's index instead of looking rows up by key.
    const keys = `SELECT o.key FROM orders o WHERE ${inStore} ${order} ${PAGE}`;
    return reads.sqlite.prepare(`SELECT ${what} FROM orders o WHERE o.key IN (${keys}) ${order}`).raw();
  };
  return {
    // Runs a read on `read` or a page statement after the turn's poll phase (shared/db/turn-reads.ts).
    inTurn: reads.read,
    byId,
    read,
    readById,
    sourceIdTaken,
    locationInStore,
    insert,
    update,
    list(sort: Sort, filtered: boolean, deep: boolean) {
      const key = `${sort}|${filtered}|${deep}`;
      let s = lists.get(key);
      if (!s) lists.set(key, (s = listStatement(sort, filtered, deep)));
      return s;
    },
  };
}

function findOrder(s: Statements, storeId: string, id: string): MaybePromise<JsonText<Order> | undefined> {
  const key = rowKey(id);
  return s.inTurn(
    () =>
      ((key === undefined ? undefined : s.read.get(key, storeId, id)) ?? s.readById.get(storeId, id)) as
        JsonText<Order> | undefined,
  );
}

/** Another order made the same key first (one in 2^20 of one millisecond's ids): SQLite then picks one. */
const keyTaken = (err: unknown) => (err as { code?: unknown }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY';

/** Orders created in the same turn of the event loop share one COMMIT; each writes with its one INSERT. */
function insertOrder(
  db: Db,
  s: Statements,
  storeId: string,
  id: string,
  body: OrderCreate,
  now: string,
): Promise<JsonText<Order> | SourceIdConflict | MissingReference> {
  return inGroupCommit(
    db,
    () => {
      const location = body.pickup_location
        ? (s.locationInStore.get(storeId, body.pickup_location.location_id) as StoredLocation | undefined)
        : undefined;
      if (body.pickup_location && !location) {
        return s.sourceIdTaken.get(storeId, body.source_id) !== undefined
          ? SOURCE_ID_CONFLICT
          : UNKNOWN_PICKUP_LOCATION;
      }
      const json = newOrderJson(id, storeId, body, location, now);
      const { pickup_location } = body;
      const row = [
        id,
        storeId,
        body.source_id,
        pickup_location?.location_id ?? null,
        instant(body.source_created_at),
        instant(body.source_updated_at),
        json,
        now,
        now,
      ];
      let inserted: number;
      try {
        inserted = s.insert.run(rowKey(id) ?? null, ...row).changes;
      } catch (err) {
        if (!keyTaken(err)) throw err;
        inserted = s.insert.run(null, ...row).changes;
      }
      // The unique index decides whether the source_id is free.
      return inserted === 1 ? json : SOURCE_ID_CONFLICT;
    },
    ONE_STATEMENT,
  );
}

function updateOrder(
  db: Db,
  s: Statements,
  storeId: string,
  id: string,
  patch: OrderUpdate,
  now: string,
): Promise<JsonText<Order> | undefined> {
  return inGroupCommit(
    db,
    () => {
      const doc = s.byId.get(storeId, id) as JsonText<Order> | undefined;
      if (doc === undefined || Object.keys(patch).length === 0) return doc;
      const { json, sourceUpdatedMs } = patchedOrderJson(doc, patch, now);
      s.update.run(json, sourceUpdatedMs, now, storeId, id);
      return json;
    },
    ONE_STATEMENT,
  );
}

function listPage(s: Statements, q: OrderPageQuery): MaybePromise<PageRow[]> {
  const filtered = q.sourceIds !== undefined;
  const params: unknown[] = filtered ? [q.storeId, JSON.stringify(q.sourceIds)] : [q.storeId];
  const statement = s.list(q.sort, filtered, q.offset >= DIRECT_OFFSET_LIMIT);
  return s.inTurn(() => {
    const rows = statement.all(...params, q.fetch, q.offset) as Array<[string, string | null, number]>;
    return rows.map(([id, doc, bytes]) => (doc === null ? { id } : { id, doc: doc as JsonText<Order>, bytes }));
  });
}

export function sqliteOrders(db: Db): OrderRepository {
  const s = prepare(db);
  return {
    find: (storeId, id) => findOrder(s, storeId, id),
    insert: (storeId, id, body, now) => insertOrder(db, s, storeId, id, body, now),
    update: (storeId, id, patch, now) => updateOrder(db, s, storeId, id, patch, now),
    listPage: (q) => listPage(s, q),
  };
}
