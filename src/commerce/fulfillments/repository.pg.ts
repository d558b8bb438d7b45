import type pg from 'pg';
import { inPostgresTransaction, isUniqueViolation } from '../../shared/db/postgres.js';
import { turnDocumentFinds } from '../../shared/db/pg-turn-finds.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import type { Order } from '../orders/repository.js';
import {
  shipLocations,
  type CreateOutcome,
  type Fulfillment,
  type FulfillmentRepository,
  type ShipLocationField,
} from './repository.js';
import { storedLocationQuery } from '../locations/repository.pg.js';
import type { StoredLocation } from '../locations/repository.js';
import { changedFulfillmentJson, newFulfillmentJson } from './render.js';
import { lineItemProblems } from './rules.js';

/**
 * The fulfillments on PostgreSQL. A create holds the order's row lock (SELECT … FOR UPDATE) from
 * reading the units its fulfillments hold to inserting the new one, so two creates for one order
 * are decided one after the other; a change holds the fulfillment's row lock from read to write.
 */
export function postgresFulfillments(pool: pg.Pool): FulfillmentRepository {
  return {
    find: turnDocumentFinds<JsonText<Fulfillment>>(pool, 'fulfillments'),
    insert: (storeId, id, body, now) =>
      inPostgresTransaction(pool, async (client): Promise<CreateOutcome> => {
        const order = (
          await client.query<{ doc: string; sourceId: string }>({
            name: 'fulfillments-order-lock',
            text: 'SELECT doc, source_id AS "sourceId" FROM orders WHERE store_id = $1 AND id = $2 FOR UPDATE',
            values: [storeId, body.order_id],
          })
        ).rows[0];
        const location = body.pickup_location
          ? (await client.query<StoredLocation>(storedLocationQuery(storeId, body.pickup_location.location_id))).rows[0]
          : undefined;
        const elsewhere: ShipLocationField[] = [];
        for (const [field, locationId] of shipLocations(body)) {
          const found = await client.query({
            name: 'fulfillments-location-exists',
            text: 'SELECT 1 FROM locations WHERE store_id = $1 AND id = $2',
            values: [storeId, locationId],
          });
          if (!found.rowCount) elsewhere.push(field);
        }
        const missing = [
          ...(order ? [] : (['order'] as const)),
          ...(body.pickup_location && !location ? (['pickup_location'] as const) : []),
          ...elsewhere,
        ];
        if (missing.length > 0) return { missing };
        if (body.source_id !== undefined) {
          const taken = await client.query({
            name: 'fulfillments-source-taken',
            text: 'SELECT 1 FROM fulfillments WHERE store_id = $1 AND source_id = $2',
            values: [storeId, body.source_id],
          });
          if (taken.rowCount) return SOURCE_ID_CONFLICT;
        }
        const held = (
          await client.query<{ doc: string }>({
            name: 'fulfillments-held',
            text: "SELECT doc FROM fulfillments WHERE store_id = $1 AND order_id = $2 AND status <> 'canceled'",
            values: [storeId, body.order_id],
          })
        ).rows.map((r) => JSON.parse(r.doc) as Fulfillment);
        const problems = lineItemProblems((JSON.parse(order!.doc) as Order).items, held, body.line_items);
        if (problems.length > 0) return { lineItems: problems };
        const json = newFulfillmentJson(id, storeId, body, location, now);
        // The unique index decides a source_id taken by a fulfillment of another order meanwhile.
        const inserted = await client.query({
          name: 'fulfillments-insert',
          text: `INSERT INTO fulfillments (id, store_id, order_id, order_source_id, source_id, status, doc, created_at, updated_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (store_id, source_id) DO NOTHING`,
          values: [id, storeId, body.order_id, order!.sourceId, body.source_id ?? null, body.status, json, now],
        });
        return inserted.rowCount === 1 ? { fulfillment: json } : SOURCE_ID_CONFLICT;
      }).catch((err: unknown) => {
        if (isUniqueViolation(err, 'fulfillments_store_source')) return SOURCE_ID_CONFLICT;
        throw err;
      }),
    change: (storeId, id, change, now) =>
      inPostgresTransaction(pool, async (client) => {
        const doc = (
          await client.query<{ doc: string }>({
            name: 'fulfillments-find-lock',
            text: 'SELECT doc FROM fulfillments WHERE store_id = $1 AND id = $2 FOR UPDATE',
            values: [storeId, id],
          })
        ).rows[0]?.doc;
        if (doc === undefined) return undefined;
        const decided = change(JSON.parse(doc) as Fulfillment);
        if ('refused' in decided) return decided;
        const json = changedFulfillmentJson(decided.next, now);
        await client.query({
          name: 'fulfillments-update',
          text: 'UPDATE fulfillments SET status = $1, doc = $2, updated_at = $3 WHERE store_id = $4 AND id = $5',
          values: [decided.next.status, json, now, storeId, id],
        });
        return { fulfillment: json };
      }),
    async list(q) {
      const where = ['store_id = $1'];
      const values: unknown[] = [q.storeId];
      const add = (sql: string, value: unknown) => {
        values.push(value);
        where.push(sql.replace('?', `$${values.length}`));
      };
      if (q.orderId !== undefined) add('order_id = ?', q.orderId);
      if (q.sourceOrderId !== undefined) add('order_source_id = ?', q.sourceOrderId);
      if (q.sourceId !== undefined) add('source_id = ?', q.sourceId);
      if (q.ids !== undefined) add('id = ANY(?::text[])', q.ids);
      values.push(q.fetch, q.offset);
      const text = `SELECT doc FROM fulfillments WHERE ${where.join(' AND ')} ORDER BY created_at, id LIMIT $${values.length - 1} OFFSET $${values.length}`;
      return (await pool.query<{ doc: JsonText<Fulfillment> }>(text, values)).rows.map((r) => r.doc);
    },
  };
}
