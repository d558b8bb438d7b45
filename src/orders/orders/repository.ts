import type { components, operations } from '../../../generated/orders/types.js';
import { inGroupCommit, inTransaction, sqliteOf, type Db } from '../../shared/db/client.js';
import { ApiError } from '../../shared/errors.js';
import type { JsonText } from '../../shared/http.js';
import { NO_TIME } from '../schema.js';

export type Order = components['schemas']['Order'];
export type OrderCreate = components['schemas']['OrderCreate'];
export type OrderUpdate = components['schemas']['OrderUpdate'];
export type Sort = NonNullable<NonNullable<operations['listOrders']['parameters']['query']>['sort']>;

/** The client's fields of an order as stored in `orders.doc` (everything but what the service owns or expands). */
type OrderDoc = Omit<OrderCreate, 'pickup_location'>;

/** What orderJson needs of a row; the store id is the caller's (every query filters on it). */
interface OrderRow {
  id: string;
  locationId: string | null;
  doc: string;
  createdAt: string;
  updatedAt: string;
  /** Read with the row by byId; filled in afterwards for list rows (only those with a location). */
  locationAddress?: string | null;
  locationHours?: string | null;
}

export const instant = (iso: string | undefined) => (iso === undefined ? NO_TIME : Date.parse(iso));

/** A JSON string literal; the service's own ids and timestamps need no escaping, so they skip JSON.stringify. */
const PLAIN = /^[\w.:+-]*$/;
const quote = (s: string) => (PLAIN.test(s) ? `"${s}"` : JSON.stringify(s));

/**
 * The stored document of an order: the client's fields, always with top-level `tags` (an empty
 * list when none were sent; migration 0002 did the same to older rows). A key already there keeps
 * its position; a missing one goes last, which is where the contract's Order has it.
 */
export const storedDoc = (doc: Partial<OrderDoc>): string => JSON.stringify(doc.tags === undefined ? { ...doc, tags: [] } : doc);

/**
 * The one place a stored order becomes the contract's Order, as JSON text. The stored document
 * (see storedDoc) is spliced in as it is, between the fields the service owns, instead of being
 * parsed and serialized again on every read: the same JSON that
 * `{ id, store, ...doc, pickup_location, created_at, updated_at }` gives, field order included.
 * The document holds only OrderCreate/OrderUpdate fields (validated with unknown properties
 * rejected), so none of its keys repeats one added here.
 */
export function orderJson(row: OrderRow, storeId: string): JsonText<Order> {
  let out = `{"id":${quote(row.id)},"store":{"id":${quote(storeId)}},${row.doc.slice(1, -1)}`;
  if (row.locationId !== null) {
    out += `,"pickup_location":{"location_id":${quote(row.locationId)},"address":${row.locationAddress ?? '{}'},"opening_hours":${row.locationHours ?? '{}'}}`;
  }
  return `${out},"created_at":${quote(row.createdAt)},"updated_at":${quote(row.updatedAt)}}`;
}

// Only what orderJson reads: every string column costs a string conversion per row. The hot
// statements return rows as arrays (better-sqlite3's raw mode) in this column order, and rowOf
// names them in JS: building an object per row on the native side costs about three times as
// much (8 µs of a 10-row page's 27 µs in a loop).
const COLUMNS = 'o.id, o.location_id, o.doc, o.created_at, o.updated_at';
type RawRow = [id: string, locationId: string | null, doc: string, createdAt: string, updatedAt: string, locationAddress?: string | null, locationHours?: string | null];
const rowOf = (r: RawRow): OrderRow => ({
  id: r[0],
  locationId: r[1],
  doc: r[2],
  createdAt: r[3],
  updatedAt: r[4],
  locationAddress: r[5],
  locationHours: r[6],
});

/**
 * A page's bounds as bound parameters, the limit inside a CAST: SQLite (3.47 on, built with STAT4 as
 * better-sqlite3 is) reads a bare bound LIMIT as a constant for planning and so marks the
 * statement to be compiled again whenever that parameter is bound, which is every call: 6 µs
 * more per call in a loop, 30 µs more per list request in the server. A CAST is not a bare parameter.
 */
const PAGE = 'LIMIT CAST(? AS INTEGER) OFFSET ?';

const SORT_COLUMNS = { source_created_at: 'source_created_ms', source_updated_at: 'source_updated_ms' } as const;

/**
 * Below this offset a page is read straight from the sort index with its rows; from it on, the
 * page's ids come first from the index alone (see listStatement), which costs more on shallow pages.
 */
const DIRECT_OFFSET_LIMIT = 500;

/**
 * Prepared statements per database, on the better-sqlite3 client under drizzle: the hot paths
 * skip drizzle's query building, placeholder filling and row mapping on every call.
 */
function prepare(db: Db) {
  const sqlite = sqliteOf(db);
  const byId = sqlite.prepare(
    `SELECT ${COLUMNS}, l.address, l.opening_hours
       FROM orders o LEFT JOIN locations l ON l.id = o.location_id
      WHERE o.store_id = ? AND o.id = ?`,
  ).raw();
  const sourceIdTaken = sqlite.prepare('SELECT 1 FROM orders WHERE store_id = ? AND source_id = ?').pluck();
  const locationInStore = sqlite.prepare('SELECT address, opening_hours AS openingHours FROM locations WHERE store_id = ? AND id = ?');
  // A page's location documents, read only for the orders that have one (most have none).
  const locationById = sqlite.prepare('SELECT address, opening_hours AS openingHours FROM locations WHERE id = ?');
  const insert = sqlite.prepare(
    `INSERT INTO orders (id, store_id, source_id, location_id, source_created_ms, source_updated_ms, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const update = sqlite.prepare('UPDATE orders SET doc = ?, source_updated_ms = ?, updated_at = ? WHERE store_id = ? AND id = ?');
  const lists = new Map<string, ReturnType<typeof listStatement>>();
  const listStatement = (sort: Sort, filtered: boolean, deep: boolean) => {
    const column = SORT_COLUMNS[sort.slice(1) as keyof typeof SORT_COLUMNS];
    const dir = sort.startsWith('-') ? 'DESC' : 'ASC';
    const order = `ORDER BY o.${column} ${dir}, o.id ${dir}`;
    const inStore = `o.store_id = ?${filtered ? ' AND o.source_id IN (SELECT value FROM json_each(?))' : ''}`;
    if (!deep) return sqlite.prepare(`SELECT ${COLUMNS} FROM orders o WHERE ${inStore} ${order} ${PAGE}`).raw();
    // Deep pages: the page's ids come from the sort index alone (it covers store_id, the sort key
    // and id), so that OFFSET skips index entries, not rows with their documents: page 200 of a
    // store with a million orders costs about what page 1 does. The rows are then read for those
    // ids only. No second store_id test outside: with one, SQLite walks the store's sort index
    // and filters on the ids (a scan of the whole store) instead of looking them up by primary key.
    return sqlite.prepare(
      `SELECT ${COLUMNS} FROM orders o WHERE o.id IN (SELECT o.id FROM orders o WHERE ${inStore} ${order} ${PAGE}) ${order}`,
    ).raw();
  };
  return {
    byId,
    sourceIdTaken,
    locationInStore,
    locationById,
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

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
}

/** The order as JSON text (see orderJson), or undefined when it is not in the store. */
export function findOrder(db: Db, storeId: string, id: string): JsonText<Order> | undefined {
  const row = stmts(db).byId.get(storeId, id) as RawRow | undefined;
  return row && orderJson(rowOf(row), storeId);
}

/**
 * Inserts an order and gives it as JSON text, built from what was written (no second read), once
 * it is committed: 409/40900 when its source_id is taken in the store. The insert is a unit of the
 * group commit (inGroupCommit): orders created in the same turn of the event loop share one
 * COMMIT, each in its own savepoint.
 */
export function insertOrder(db: Db, storeId: string, id: string, body: OrderCreate, now: string): Promise<JsonText<Order>> {
  const s = stmts(db);
  const { pickup_location, ...doc } = body;
  const docJson = storedDoc(doc);
  return inGroupCommit(db, () => {
    if (s.sourceIdTaken.get(storeId, body.source_id) !== undefined) {
      throw new ApiError(40900, 'An order with this source_id already exists in the store.', [{ path: 'source_id', info: 'Already exists.' }]);
    }
    const location = pickup_location
      ? (s.locationInStore.get(storeId, pickup_location.location_id) as { address: string; openingHours: string } | undefined)
      : undefined;
    if (pickup_location && !location) {
      throw new ApiError(42200, undefined, [{ path: 'pickup_location.location_id', info: 'No location with this id exists in the store.' }]);
    }
    s.insert.run(
      id,
      storeId,
      body.source_id,
      pickup_location?.location_id ?? null,
      instant(body.source_created_at),
      instant(body.source_updated_at),
      docJson,
      now,
      now,
    );
    return orderJson(
      {
        id,
        locationId: pickup_location?.location_id ?? null,
        doc: docJson,
        createdAt: now,
        updatedAt: now,
        locationAddress: location?.address ?? null,
        locationHours: location?.openingHours ?? null,
      },
      storeId,
    );
  });
}

/** Applies a partial update in one transaction; the order as JSON text, undefined when it is not in the store. */
export function updateOrder(db: Db, storeId: string, id: string, patch: OrderUpdate, now: string): JsonText<Order> | undefined {
  const s = stmts(db);
  return inTransaction(db, () => {
    const raw = s.byId.get(storeId, id) as RawRow | undefined;
    if (!raw) return undefined;
    const row = rowOf(raw);
    if (Object.keys(patch).length === 0) return orderJson(row, storeId);
    const doc = { ...(JSON.parse(row.doc) as OrderDoc), ...patch };
    const docJson = storedDoc(doc);
    s.update.run(docJson, instant(doc.source_updated_at), now, storeId, id);
    return orderJson({ ...row, doc: docJson, updatedAt: now }, storeId);
  });
}

/** A page of orders, each as JSON text (see orderJson). */
export function listOrders(
  db: Db,
  q: { storeId: string; sort: Sort; sourceIds?: string[]; offset: number; fetch: number },
): JsonText<Order>[] {
  const s = stmts(db);
  const filtered = q.sourceIds !== undefined;
  const params: unknown[] = filtered ? [q.storeId, JSON.stringify(q.sourceIds)] : [q.storeId];
  const rows = s.list(q.sort, filtered, q.offset >= DIRECT_OFFSET_LIMIT).all(...params, q.fetch, q.offset) as RawRow[];
  return rows.map((raw) => {
    const row = rowOf(raw);
    if (row.locationId !== null) {
      const location = s.locationById.get(row.locationId) as { address: string; openingHours: string } | undefined;
      row.locationAddress = location?.address ?? null;
      row.locationHours = location?.openingHours ?? null;
    }
    return orderJson(row, q.storeId);
  });
}
