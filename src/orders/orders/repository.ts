import type { components, operations } from '../../../generated/orders/types.js';
import { inGroupCommit, inTransaction, sqliteOf, type Db } from '../../shared/db/client.js';
import { ApiError } from '../errors.js';
import type { JsonText } from '../envelope.js';
import type { MaybePromise } from '../../shared/maybe.js';
import { NO_TIME } from '../schema.js';

export type Order = components['schemas']['Order'];
export type OrderList = components['schemas']['OrderListEnvelope']['data'];
export type OrderCreate = components['schemas']['OrderCreate'];
export type OrderUpdate = components['schemas']['OrderUpdate'];
export type Sort = NonNullable<NonNullable<operations['listOrders']['parameters']['query']>['sort']>;

/** The client's fields of an order: everything but what the service owns or expands. */
type OrderFields = Omit<OrderCreate, 'pickup_location'>;

export const instant = (iso: string | undefined) => (iso === undefined ? NO_TIME : Date.parse(iso));

/**
 * The one place an order becomes the contract's Order, as JSON text: the service's fields around
 * the client's, `tags` always there (an empty list when none were sent; a key the client sent
 * keeps its position, a missing one goes after the client's fields), then the pickup location.
 *
 * This text is also what `orders.doc` stores (migration 0003): an order is rendered when it is
 * written, and reading one is reading its document as it is, with no parse, splice or join. What
 * it holds beside the client's fields cannot go stale: ids and created_at never change, updated_at
 * is written with it, and no operation changes a location. The document holds only
 * OrderCreate/OrderUpdate fields (validated with unknown properties rejected), so none of its keys
 * repeats one added here.
 */
export function orderJson(o: {
  id: string;
  storeId: string;
  fields: Partial<OrderFields>;
  pickupLocation?: Order['pickup_location'];
  createdAt: string;
  updatedAt: string;
}): JsonText<Order> {
  return JSON.stringify({
    id: o.id,
    store: { id: o.storeId },
    ...o.fields,
    tags: o.fields.tags ?? [],
    ...(o.pickupLocation && { pickup_location: o.pickupLocation }),
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  }) as JsonText<Order>;
}

/** A page of orders as the contract's OrderList: the rendered orders, then `tail` (`],"pagination":…}`). */
export function orderListJson(orders: readonly JsonText<Order>[], tail: string): JsonText<OrderList> {
  return `{"orders":[${orders.join(',')}${tail}` as JsonText<OrderList>;
}

/** 409/40900: the store has an order with this source_id. */
export const orderSourceIdTaken = () =>
  new ApiError(40900, 'An order with this source_id already exists in the store.', [{ path: 'source_id', info: 'Already exists.' }]);

/** A location's stored fields, as an order's pickup_location copies them. */
export interface StoredLocation {
  address: string;
  openingHours: string;
}

/** A new order rendered (orderJson), its pickup location copied from `location`; 422/42200 when the order names a location the store does not have. */
export function newOrderJson(id: string, storeId: string, body: OrderCreate, location: StoredLocation | undefined, now: string): JsonText<Order> {
  const { pickup_location, ...fields } = body;
  if (pickup_location && !location) {
    throw new ApiError(42200, undefined, [{ path: 'pickup_location.location_id', info: 'No location with this id exists in the store.' }]);
  }
  return orderJson({
    id,
    storeId,
    fields,
    pickupLocation: pickup_location && {
      location_id: pickup_location.location_id,
      address: JSON.parse(location!.address) as NonNullable<Order['pickup_location']>['address'],
      opening_hours: JSON.parse(location!.openingHours) as NonNullable<Order['pickup_location']>['opening_hours'],
    },
    createdAt: now,
    updatedAt: now,
  });
}

/** A stored order with `patch` applied, rendered again (orderJson), and its new sort key. */
export function patchedOrderJson(doc: JsonText<Order>, patch: OrderUpdate, now: string): { json: JsonText<Order>; sourceUpdatedMs: number } {
  const { id, store, pickup_location, created_at, updated_at: _updated, ...fields } = JSON.parse(doc) as Order;
  const merged = { ...fields, ...patch };
  const json = orderJson({ id, storeId: store.id, fields: merged, pickupLocation: pickup_location, createdAt: created_at, updatedAt: now });
  return { json, sourceUpdatedMs: instant(merged.source_updated_at) };
}

/**
 * A page's bounds as bound parameters, the limit inside a CAST: SQLite (3.47 on, built with STAT4 as
 * better-sqlite3 is) reads a bare bound LIMIT as a constant for planning and so marks the
 * statement to be compiled again whenever that parameter is bound, which is every call: 6 µs
 * more per call in a loop, 30 µs more per list request in the server. A CAST is not a bare parameter.
 */
const PAGE = 'LIMIT CAST(? AS INTEGER) OFFSET ?';

export const SORT_COLUMNS = { source_created_at: 'source_created_ms', source_updated_at: 'source_updated_ms' } as const;

/**
 * Below this offset a page is read straight from the sort index with its rows; from it on, the
 * page's ids come first from the index alone (see listStatement), which costs more on shallow pages.
 */
export const DIRECT_OFFSET_LIMIT = 500;

/**
 * A list reads documents up to this size with the page's own query (a page of 50 holds at most
 * 800 KB of them); a larger one (up to the 1 MiB body limit) is read alone when the answer is
 * streamed, so that a page of large orders never sits in memory at once.
 */
export const SMALL_DOC_BYTES = 16 * 1024;

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
 * is committed: 409/40900 when its source_id is taken in the store. The insert is a unit of the
 * group commit (inGroupCommit): orders created in the same turn of the event loop share one
 * COMMIT, each in its own savepoint.
 */
function insertOrder(db: Db, s: Statements, storeId: string, id: string, body: OrderCreate, now: string): Promise<JsonText<Order>> {
  return inGroupCommit(db, () => {
    const location = body.pickup_location
      ? (s.locationInStore.get(storeId, body.pickup_location.location_id) as StoredLocation | undefined)
      : undefined;
    if (body.pickup_location && !location && s.sourceIdTaken.get(storeId, body.source_id) !== undefined) throw orderSourceIdTaken();
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
      throw orderSourceIdTaken();
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

/** One order of a page: its document when it is small, else only its id. */
export interface PageRow {
  id: string;
  doc?: JsonText<Order>;
}

/** What GET /orders asks for: a window of the store's orders in a sort order, optionally by source ids. */
export interface OrderPageQuery {
  storeId: string;
  sort: Sort;
  sourceIds?: string[];
  offset: number;
  fetch: number;
}

/** The orders' data access; `sqliteOrders` is the SQLite one. Orders come and go as JSON text (orderJson). */
export interface OrderRepository {
  /** The order, when it is in the store. */
  find(storeId: string, id: string): MaybePromise<JsonText<Order> | undefined>;
  /** The order stored, once committed; 409/40900 for a source_id taken in the store, 422/42200 for an unknown pickup location. */
  insert(storeId: string, id: string, body: OrderCreate, now: string): Promise<JsonText<Order>>;
  /** The order as updated, undefined when it is not in the store. */
  update(storeId: string, id: string, patch: OrderUpdate, now: string): MaybePromise<JsonText<Order> | undefined>;
  /**
   * A page in the list's order: each order's id, with its document when that is at most
   * SMALL_DOC_BYTES (a larger one is read by `find` when its turn comes, see list-orders.ts).
   */
  listPage(q: OrderPageQuery): MaybePromise<PageRow[]>;
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
