import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { components, operations } from '../../../generated/orders/types.js';
import type { Db } from '../../shared/db/client.js';
import { ApiError } from '../../shared/errors.js';
import { locations, NO_TIME, orders } from '../schema.js';

export type Order = components['schemas']['Order'];
export type OrderCreate = components['schemas']['OrderCreate'];
export type OrderUpdate = components['schemas']['OrderUpdate'];
export type Sort = NonNullable<NonNullable<operations['listOrders']['parameters']['query']>['sort']>;

/** The client's fields of an order as stored in `orders.doc` (everything but what the service owns or expands). */
type OrderDoc = Omit<OrderCreate, 'pickup_location'>;

interface OrderRow {
  id: string;
  storeId: string;
  sourceId: string;
  locationId: string | null;
  doc: string;
  createdAt: string;
  updatedAt: string;
  locationAddress: string | null;
  locationHours: string | null;
}

export const instant = (iso: string | undefined) => (iso === undefined ? NO_TIME : Date.parse(iso));

/** The one place a stored order becomes the contract's Order. */
export function toOrder(row: OrderRow): Order {
  const doc = JSON.parse(row.doc) as OrderDoc;
  return {
    id: row.id,
    store: { id: row.storeId },
    ...doc,
    tags: doc.tags ?? [],
    ...(row.locationId !== null && {
      pickup_location: {
        location_id: row.locationId,
        address: JSON.parse(row.locationAddress ?? '{}') as components['schemas']['LocationAddress'],
        opening_hours: JSON.parse(row.locationHours ?? '{}') as components['schemas']['OpeningHours'],
      },
    }),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  } as Order;
}

const columns = {
  id: orders.id,
  storeId: orders.storeId,
  sourceId: orders.sourceId,
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
    .select({ id: locations.id })
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
  const listStatement = (sort: Sort, filtered: boolean) => {
    const column = sortColumns[sort.slice(1) as keyof typeof sortColumns];
    const dir = sort.startsWith('-') ? desc : asc;
    return db
      .select(columns)
      .from(orders)
      .leftJoin(locations, eq(locations.id, orders.locationId))
      .where(
        and(
          eq(orders.storeId, sql.placeholder('storeId')),
          filtered ? sql`${orders.sourceId} in (select value from json_each(${sql.placeholder('sourceIds')}))` : undefined,
        ),
      )
      .orderBy(dir(column), dir(orders.id))
      .limit(sql.placeholder('fetch'))
      .offset(sql.placeholder('offset'))
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

export function findOrder(db: Db, storeId: string, id: string): Order | undefined {
  const row = stmts(db).byId.get({ storeId, id }) as OrderRow | undefined;
  return row && toOrder(row);
}

export function locationExists(db: Db, storeId: string, id: string): boolean {
  return stmts(db).locationInStore.get({ storeId, id }) !== undefined;
}

/** Inserts an order in one transaction: 409/40900 when its source_id is taken in the store. */
export function insertOrder(db: Db, storeId: string, id: string, body: OrderCreate, now: string): Order {
  const s = stmts(db);
  const { pickup_location, ...doc } = body;
  return db.transaction(() => {
    if (s.sourceIdTaken.get({ storeId, sourceId: body.source_id })) {
      throw new ApiError(40900, 'An order with this source_id already exists in the store.', [{ path: 'source_id', info: 'Already exists.' }]);
    }
    if (pickup_location && !s.locationInStore.get({ storeId, id: pickup_location.location_id })) {
      throw new ApiError(42200, undefined, [{ path: 'pickup_location.location_id', info: 'No location with this id exists in the store.' }]);
    }
    s.insert.run({
      id,
      storeId,
      sourceId: body.source_id,
      locationId: pickup_location?.location_id ?? null,
      sourceCreatedMs: instant(body.source_created_at),
      sourceUpdatedMs: instant(body.source_updated_at),
      doc: JSON.stringify(doc),
      createdAt: now,
      updatedAt: now,
    });
    return toOrder(s.byId.get({ storeId, id }) as OrderRow);
  });
}

/** Applies a partial update in one transaction; undefined when the order is not in the store. */
export function updateOrder(db: Db, storeId: string, id: string, patch: OrderUpdate, now: string): Order | undefined {
  const s = stmts(db);
  return db.transaction(() => {
    const row = s.byId.get({ storeId, id }) as OrderRow | undefined;
    if (!row) return undefined;
    if (Object.keys(patch).length === 0) return toOrder(row);
    const doc = { ...(JSON.parse(row.doc) as OrderDoc), ...patch };
    s.update.run({ storeId, id, doc: JSON.stringify(doc), sourceUpdatedMs: instant(doc.source_updated_at), updatedAt: now });
    return toOrder(s.byId.get({ storeId, id }) as OrderRow);
  });
}

export function listOrders(
  db: Db,
  q: { storeId: string; sort: Sort; sourceIds?: string[]; offset: number; fetch: number },
): Order[] {
  const filtered = q.sourceIds !== undefined;
  const rows = stmts(db)
    .list(q.sort, filtered)
    .all({
      storeId: q.storeId,
      offset: q.offset,
      fetch: q.fetch,
      ...(filtered && { sourceIds: JSON.stringify(q.sourceIds) }),
    }) as OrderRow[];
  return rows.map(toOrder);
}
