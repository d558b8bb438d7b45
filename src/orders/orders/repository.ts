import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { components, operations } from '../../../generated/orders/types.js';
import type { Db } from '../../shared/db/client.js';
import { ApiError } from '../../shared/errors.js';
import type { JsonText } from '../../shared/http.js';
import { locations, NO_TIME, orders } from '../schema.js';

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
  locationAddress: string | null;
  locationHours: string | null;
}

export const instant = (iso: string | undefined) => (iso === undefined ? NO_TIME : Date.parse(iso));

/**
 * The one place a stored order becomes the contract's Order, as JSON text. The stored document
 * (the client's fields, written by JSON.stringify) is spliced in as it is, between the fields the
 * service owns, instead of being parsed and serialized again on every read: the same JSON that
 * `{ id, store, ...doc, tags: doc.tags ?? [], pickup_location, created_at, updated_at }` gives,
 * field order included. The document holds only OrderCreate/OrderUpdate fields (validated with
 * unknown properties rejected), so none of its keys repeats one added here.
 *
 * `"tags":` occurs in such a document exactly when it has top-level tags: only a key is followed
 * by `:` (a string value is followed by `,` `}` or `]`, and a `"` inside a string is escaped), and
 * no nested schema object has a `tags` key (items have `product_tags`).
 */
export function orderJson(row: OrderRow, storeId: string): JsonText<Order> {
  let out = `{"id":${JSON.stringify(row.id)},"store":{"id":${JSON.stringify(storeId)}},${row.doc.slice(1, -1)}`;
  if (!row.doc.includes('"tags":')) out += ',"tags":[]';
  if (row.locationId !== null) {
    out += `,"pickup_location":{"location_id":${JSON.stringify(row.locationId)},"address":${row.locationAddress ?? '{}'},"opening_hours":${row.locationHours ?? '{}'}}`;
  }
  return `${out},"created_at":${JSON.stringify(row.createdAt)},"updated_at":${JSON.stringify(row.updatedAt)}}`;
}

/** The contract's Order as an object (for callers that need one; responses use orderJson). */
export const toOrder = (row: OrderRow, storeId: string): Order => JSON.parse(orderJson(row, storeId)) as Order;

// Only what orderJson reads: every string column costs a string conversion per row.
const columns = {
  id: orders.id,
  locationId: orders.locationId,
  doc: orders.doc,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  locationAddress: locations.address,
  locationHours: locations.openingHours,
};

const sortColumns = {
  source_created_at: orders.sourceCreatedMs,
  source_updated_at: orders.sourceUpdatedMs,
} as const;

/** Prepared statements per database: the hot paths skip drizzle's query building on every call. */
function prepare(db: Db) {
  const byId = db
    .select(columns)
    .from(orders)
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .where(and(eq(orders.storeId, sql.placeholder('storeId')), eq(orders.id, sql.placeholder('id'))))
    .prepare();
  const sourceIdTaken = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.storeId, sql.placeholder('storeId')), eq(orders.sourceId, sql.placeholder('sourceId'))))
    .prepare();
  const locationInStore = db
    .select({ id: locations.id, address: locations.address, openingHours: locations.openingHours })
    .from(locations)
    .where(and(eq(locations.storeId, sql.placeholder('storeId')), eq(locations.id, sql.placeholder('id'))))
    .prepare();
  const insert = db
    .insert(orders)
    .values({
      id: sql.placeholder('id'),
      storeId: sql.placeholder('storeId'),
      sourceId: sql.placeholder('sourceId'),
      locationId: sql.placeholder('locationId'),
      sourceCreatedMs: sql.placeholder('sourceCreatedMs'),
      sourceUpdatedMs: sql.placeholder('sourceUpdatedMs'),
      doc: sql.placeholder('doc'),
      createdAt: sql.placeholder('createdAt'),
      updatedAt: sql.placeholder('updatedAt'),
    })
    .prepare();
  const update = db
    .update(orders)
    .set({
      doc: sql`${sql.placeholder('doc')}`,
      sourceUpdatedMs: sql`${sql.placeholder('sourceUpdatedMs')}`,
      updatedAt: sql`${sql.placeholder('updatedAt')}`,
    })
    .where(and(eq(orders.storeId, sql.placeholder('storeId')), eq(orders.id, sql.placeholder('id'))))
    .prepare();
  const lists = new Map<string, ReturnType<typeof listStatement>>();
  // The page's ids come from the sort index alone (it covers store_id, the sort key and id), so
  // that OFFSET skips index entries, not rows with their documents: page 200 of a store with a
  // million orders costs about what page 1 does. The rows are then read for those ids only.
  const listStatement = (sort: Sort, filtered: boolean) => {
    const column = sortColumns[sort.slice(1) as keyof typeof sortColumns];
    const dir = sort.startsWith('-') ? desc : asc;
    const inStore = and(
      eq(orders.storeId, sql.placeholder('storeId')),
      filtered ? sql`${orders.sourceId} in (select value from json_each(${sql.placeholder('sourceIds')}))` : undefined,
    );
    const pageIds = db
      .select({ id: orders.id })
      .from(orders)
      .where(inStore)
      .orderBy(dir(column), dir(orders.id))
      .limit(sql.placeholder('fetch'))
      .offset(sql.placeholder('offset'));
    return db
      .select(columns)
      .from(orders)
      .leftJoin(locations, eq(locations.id, orders.locationId))
      // No second store_id test here: with one, SQLite walks the store's sort index and filters
      // on the ids (a scan of the whole store) instead of looking the ids up by primary key.
      .where(inArray(orders.id, pageIds))
      .orderBy(dir(column), dir(orders.id))
      .prepare();
  };
  return {
    byId,
    sourceIdTaken,
    locationInStore,
    insert,
    update,
    list(sort: Sort, filtered: boolean) {
      const key = `${sort}|${filtered}`;
      let s = lists.get(key);
      if (!s) lists.set(key, (s = listStatement(sort, filtered)));
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
  const row = stmts(db).byId.get({ storeId, id }) as OrderRow | undefined;
  return row && orderJson(row, storeId);
}

export function locationExists(db: Db, storeId: string, id: string): boolean {
  return stmts(db).locationInStore.get({ storeId, id }) !== undefined;
}

/**
 * Inserts an order in one transaction and returns it as JSON text, built from what was written
 * (no second read): 409/40900 when its source_id is taken in the store.
 */
export function insertOrder(db: Db, storeId: string, id: string, body: OrderCreate, now: string): JsonText<Order> {
  const s = stmts(db);
  const { pickup_location, ...doc } = body;
  const docJson = JSON.stringify(doc);
  return db.transaction(() => {
    if (s.sourceIdTaken.get({ storeId, sourceId: body.source_id })) {
      throw new ApiError(40900, 'An order with this source_id already exists in the store.', [{ path: 'source_id', info: 'Already exists.' }]);
    }
    const location = pickup_location
      ? (s.locationInStore.get({ storeId, id: pickup_location.location_id }) as { address: string; openingHours: string } | undefined)
      : undefined;
    if (pickup_location && !location) {
      throw new ApiError(42200, undefined, [{ path: 'pickup_location.location_id', info: 'No location with this id exists in the store.' }]);
    }
    s.insert.run({
      id,
      storeId,
      sourceId: body.source_id,
      locationId: pickup_location?.location_id ?? null,
      sourceCreatedMs: instant(body.source_created_at),
      sourceUpdatedMs: instant(body.source_updated_at),
      doc: docJson,
      createdAt: now,
      updatedAt: now,
    });
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
  return db.transaction(() => {
    const row = s.byId.get({ storeId, id }) as OrderRow | undefined;
    if (!row) return undefined;
    if (Object.keys(patch).length === 0) return orderJson(row, storeId);
    const doc = { ...(JSON.parse(row.doc) as OrderDoc), ...patch };
    const docJson = JSON.stringify(doc);
    s.update.run({ storeId, id, doc: docJson, sourceUpdatedMs: instant(doc.source_updated_at), updatedAt: now });
    return orderJson({ ...row, doc: docJson, updatedAt: now }, storeId);
  });
}

/** A page of orders, each as JSON text (see orderJson). */
export function listOrders(
  db: Db,
  q: { storeId: string; sort: Sort; sourceIds?: string[]; offset: number; fetch: number },
): JsonText<Order>[] {
  const filtered = q.sourceIds !== undefined;
  const rows = stmts(db)
    .list(q.sort, filtered)
    .all({
      storeId: q.storeId,
      offset: q.offset,
      fetch: q.fetch,
      ...(filtered && { sourceIds: JSON.stringify(q.sourceIds) }),
    }) as OrderRow[];
  return rows.map((row) => orderJson(row, q.storeId));
}
