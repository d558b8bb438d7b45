import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { sqliteOf, WRITE, type Db } from '../../shared/db/client.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import type { Order } from '../orders/repository.js';
import { fulfillments, locations, orders } from '../schema.js';
import { shipLocations, type Fulfillment, type FulfillmentRepository } from './repository.js';
import { changedFulfillmentJson, newFulfillmentJson } from './render.js';
import { lineItemProblems } from './rules.js';

/**
 * The fulfillments on SQLite (drizzle). Every write is one BEGIN IMMEDIATE transaction: the write
 * lock is taken before the first read, so the units left of an order's items, or a fulfillment's
 * status, cannot change between the read that decides and the write.
 */
export function sqliteFulfillments(db: Db): FulfillmentRepository {
  // A read by id is the hot path: prepared once on better-sqlite3, as the orders' (no query built per call).
  const byId = sqliteOf(db).prepare('SELECT doc FROM fulfillments WHERE store_id = ? AND id = ?').pluck();
  const find = (storeId: string, id: string) => byId.get(storeId, id) as JsonText<Fulfillment> | undefined;
  return {
    find,
    insert: (storeId, id, body, now) =>
      db.transaction((tx) => {
        const order = tx
          .select({ doc: orders.doc, sourceId: orders.sourceId })
          .from(orders)
          .where(and(eq(orders.storeId, storeId), eq(orders.id, body.order_id)))
          .get();
        const location = body.pickup_location
          ? tx
              .select({ address: locations.address, openingHours: locations.openingHours })
              .from(locations)
              .where(and(eq(locations.storeId, storeId), eq(locations.id, body.pickup_location.location_id)))
              .get()
          : undefined;
        const missing = [
          ...(order ? [] : (['order'] as const)),
          ...(body.pickup_location && !location ? (['pickup_location'] as const) : []),
          ...shipLocations(body)
            .filter(
              ([, locationId]) =>
                !tx
                  .select({ id: locations.id })
                  .from(locations)
                  .where(and(eq(locations.storeId, storeId), eq(locations.id, locationId)))
                  .get(),
            )
            .map(([field]) => field),
        ];
        if (missing.length > 0) return { missing };
        if (body.source_id !== undefined) {
          const taken = tx
            .select({ id: fulfillments.id })
            .from(fulfillments)
            .where(and(eq(fulfillments.storeId, storeId), eq(fulfillments.sourceId, body.source_id)))
            .get();
          if (taken) return SOURCE_ID_CONFLICT;
        }
        const held = tx
          .select({ doc: fulfillments.doc })
          .from(fulfillments)
          .where(
            and(
              eq(fulfillments.storeId, storeId),
              eq(fulfillments.orderId, body.order_id),
              ne(fulfillments.status, 'canceled'),
            ),
          )
          .all()
          .map((r) => JSON.parse(r.doc) as Fulfillment);
        const problems = lineItemProblems((JSON.parse(order!.doc) as Order).items, held, body.line_items);
        if (problems.length > 0) return { lineItems: problems };
        const json = newFulfillmentJson(id, storeId, body, location, now);
        const inserted = tx
          .insert(fulfillments)
          .values({
            id,
            storeId,
            orderId: body.order_id,
            orderSourceId: order!.sourceId,
            sourceId: body.source_id ?? null,
            status: body.status,
            doc: json,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [fulfillments.storeId, fulfillments.sourceId] })
          .run();
        return inserted.changes === 1 ? { fulfillment: json } : SOURCE_ID_CONFLICT;
      }, WRITE),
    change: (storeId, id, change, now) =>
      db.transaction((tx) => {
        const doc = find(storeId, id);
        if (doc === undefined) return undefined;
        const decided = change(JSON.parse(doc) as Fulfillment);
        if ('refused' in decided) return decided;
        const json = changedFulfillmentJson(decided.next, now);
        tx.update(fulfillments)
          .set({ status: decided.next.status, doc: json, updatedAt: now })
          .where(and(eq(fulfillments.storeId, storeId), eq(fulfillments.id, id)))
          .run();
        return { fulfillment: json };
      }, WRITE),
    list: (q) =>
      db
        .select({ doc: fulfillments.doc })
        .from(fulfillments)
        .where(
          and(
            eq(fulfillments.storeId, q.storeId),
            q.orderId !== undefined ? eq(fulfillments.orderId, q.orderId) : undefined,
            q.sourceOrderId !== undefined ? eq(fulfillments.orderSourceId, q.sourceOrderId) : undefined,
            q.sourceId !== undefined ? eq(fulfillments.sourceId, q.sourceId) : undefined,
            q.ids !== undefined ? inArray(fulfillments.id, q.ids) : undefined,
          ),
        )
        .orderBy(asc(fulfillments.createdAt), asc(fulfillments.id))
        .limit(q.fetch)
        .offset(q.offset)
        .all()
        .map((r) => r.doc as JsonText<Fulfillment>),
  };
}
