import { inGroupCommit, inTransaction, sqliteOf, type Db } from '../../shared/db/client.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT, UNKNOWN_PICKUP_LOCATION, type MissingReference, type SourceIdConflict } from '../outcomes.js';
import { instant, newOrderJson, patchedOrderJson, type StoredLocation } from './render.js';
import {
  DIRECT_OFFSET_LIMIT,
  SMALL_DOC_BYTES,
  SORT_COLUMNS,
  type Order,
  type OrderCreate,
  type OrderPageQuery,
  type OrderRepository,
  type OrderUpdate,
  type PageRow,
  type Sort,
} from './repository.js';

/**
 * A page's bounds as bound parameters, the limit inside a CAST: SQLite (3.47 on, built with STAT4 as
 * better-sqlite3 is) reads a bare bound LIMIT as a constant for planning and so marks the
 * statement to be compiled again whenever that parameter is bound, which is every call. A CAST is
 * not a bare parameter.
 */
const PAGE = 'LIMIT CAST(? AS INTEGER) OFFSET ?';

/**
 * The repository's prepared statements, on the better-sqlite3 client under drizzle: the hot paths
 * skip drizzle's query building, placeholder filling and row mapping on every call.
 */
type Statements = ReturnType<typeof prepare>;
function prepare(db: Db) {
  const sqlite = sqliteOf(db);
  // Orders are read as their documents only (see orderJson), one string per order.
  const byId = sqlite.prepare('SELECT doc FROM orders WHERE store_id = ? AND id = ?').pluck();
  // Only on the error path (an unknown pickup location): a taken source_id is still the 409 it was.
  const sourceIdTaken = sqlite.prepare('SELECT 1 FROM orders WHERE store_id = ? AND source_id = ?').pluck();
  const locationInStore = sqlite.prepare('SELECT address, opening_hours AS openingHours FROM locations WHERE store_id = ? AND id = ?');
  const insert = sqlite.prepare(
    `INSERT INTO orders (id, store_id, source_id, location_id, source_created_ms, source_updated_ms, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (store_id, source_id) DO NOTHING`,
  );
  const update = sqlite.prepare('UPDATE orders SET doc = ?, source_updated_ms = ?, updated_at = ? WHERE store_id = ? AND id = ?');
  const lists = new Map<string, ReturnType<typeof listStatement>>();
  // Each row of a page: its id, and its document when it is small (octet_length reads the
  // record's header, not the document: a large one is not loaded here).
  const what = `o.id, CASE WHEN octet_length(o.doc) <= ${SMALL_DOC_BYTES} THEN o.doc END`;
  const listStatement = (sort: Sort, filtered: boolean, deep: boolean) => {
    const column = SORT_COLUMNS[sort.slice(1) as keyof typeof SORT_COLUMNS];
    const dir = sort.startsWith('-') ? 'DESC' : 'ASC';
    const order = `ORDER BY o.${column} ${dir}, o.id ${dir}`;
    const inStore = `o.store_id = ?${filtered ? ' AND o.source_id IN (SELECT value FROM json_each(?))' : ''}`;
    if (!deep) return sqlite.prepare(`SELECT ${what} FROM orders o WHERE ${inStore} ${order} ${PAGE}`).raw();
    // Deep pages: the page's ids come from the sort index alone (it covers store_id, the sort key
    // and id), so that OFFSET skips index entries, not rows with their documents: page 200 of a
    // store with a million orders costs about what page 1 does. The rows are then read for those
    // ids only. No second store_id test outside: with one, SQLite walks the store's sort index
    // and filters on the ids (a scan of the whole store) instead of looking them up by primary key.
    return sqlite.prepare(`SELECT ${what} FROM orders o WHERE o.id IN (SELECT o.id FROM orders o WHERE ${inStore} ${order} ${PAGE}) ${order}`).raw();
  };
  return {
    byId,
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

/** The order as JSON text (see orderJson), or undefined when it is not in the store. */
function findOrder(s: Statements, storeId: string, id: string): JsonText<Order> | undefined {
  // Stored by insertOrder/updateOrder as orderJson rendered it.
  return s.byId.get(storeId, id) as JsonText<Order> | undefined;
}

/**
 * Inserts an order and gives it as JSON text, the document it stored (no second read), once it
 * is committed, or why it was refused. The insert is a unit of the
 * group commit (inGroupCommit): orders created in the same turn of the event loop share one
 * COMMIT, each in its own savepoint.
 */
function insertOrder(
  db: Db,
  s: Statements,
  storeId: string,
  id: string,
  body: OrderCreate,
  now: string,
): Promise<JsonText<Order> | SourceIdConflict | MissingReference> {
  return inGroupCommit(db, () => {
    const location = body.pickup_location
      ? (s.locationInStore.get(storeId, body.pickup_location.location_id) as StoredLocation | undefined)
      : undefined;
    if (body.pickup_location && !location) {
      return s.sourceIdTaken.get(storeId, body.source_id) !== undefined ? SOURCE_ID_CONFLICT : UNKNOWN_PICKUP_LOCATION;
    }
    const json = newOrderJson(id, storeId, body, location, now);
    const { pickup_location } = body;
    // The unique index decides whether the source_id is free: no row inserted, no order.
    if (s.insert.run(
      id,
      storeId,
      body.source_id,
      pickup_location?.location_id ?? null,
      instant(body.source_created_at),
      instant(body.source_updated_at),
      json,
      now,
      now,
    ).changes !== 1) {
      return SOURCE_ID_CONFLICT;
    }
    return json;
  });
}

/** Applies a partial update in one transaction; the order as JSON text, undefined when it is not in the store. */
function updateOrder(db: Db, s: Statements, storeId: string, id: string, patch: OrderUpdate, now: string): JsonText<Order> | undefined {
  return inTransaction(db, () => {
    const doc = s.byId.get(storeId, id) as JsonText<Order> | undefined;
    if (doc === undefined || Object.keys(patch).length === 0) return doc;
    const { json, sourceUpdatedMs } = patchedOrderJson(doc, patch, now);
    s.update.run(json, sourceUpdatedMs, now, storeId, id);
    return json;
  });
}

/** The ids of a page of orders, in the list's order: the page's documents are then read one at a time (see list-orders.ts). */
function listPage(s: Statements, q: OrderPageQuery): PageRow[] {
  const filtered = q.sourceIds !== undefined;
  const params: unknown[] = filtered ? [q.storeId, JSON.stringify(q.sourceIds)] : [q.storeId];
  const rows = s.list(q.sort, filtered, q.offset >= DIRECT_OFFSET_LIMIT).all(...params, q.fetch, q.offset) as Array<[string, string | null]>;
  // Documents as orderJson rendered them when they were stored.
  return rows.map(([id, doc]) => (doc === null ? { id } : { id, doc: doc as JsonText<Order> }));
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
