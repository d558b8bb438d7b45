import type pg from 'pg';
import { inPostgresTransaction } from '../../shared/db/postgres.js';
import { turnDocumentFinds } from '../../shared/db/pg-turn-finds.js';
import { turnInserts } from '../../shared/db/pg-turn-inserts.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT, UNKNOWN_PICKUP_LOCATION } from '../outcomes.js';
import { storedLocationQuery } from '../locations/repository.pg.js';
import type { StoredLocation } from '../locations/repository.js';
import { instant, newOrderJson, patchedOrderJson } from './render.js';
import {
  DIRECT_OFFSET_LIMIT,
  SMALL_DOC_BYTES,
  SORT_COLUMNS,
  type Order,
  type OrderPageQuery,
  type OrderRepository,
  type PageRow,
  type Sort,
} from './repository.js';

/** The same page query as SQLite's listStatement. */
function pageSql(sort: Sort, filtered: boolean, deep: boolean): string {
  const column = SORT_COLUMNS[sort.slice(1) as keyof typeof SORT_COLUMNS];
  const dir = sort.startsWith('-') ? 'DESC' : 'ASC';
  const order = `ORDER BY o.${column} ${dir}, o.id ${dir}`;
  const inStore = `o.store_id = $1${filtered ? ' AND o.source_id = ANY($2::text[])' : ''}`;
  const n = filtered ? 3 : 2;
  const page = `LIMIT $${n} OFFSET $${n + 1}`;
  const what = `o.id, CASE WHEN octet_length(o.doc) <= ${SMALL_DOC_BYTES} THEN o.doc END AS doc`;
  if (!deep) return `SELECT ${what} FROM orders o WHERE ${inStore} ${order} ${page}`;
  const ids = `SELECT o.id FROM orders o WHERE ${inStore} ${order} ${page}`;
  return `SELECT ${what} FROM orders o WHERE o.id IN (${ids}) ${order}`;
}

const ORDER_COLUMNS = [
  ['id', 'text'],
  ['store_id', 'text'],
  ['source_id', 'text'],
  ['location_id', 'text'],
  ['source_created_ms', 'bigint'],
  ['source_updated_ms', 'bigint'],
  ['doc', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
] as const;

/**
 * A turn's creates go as one statement (turnInserts), whose unique index decides a taken source_id; a turn's gets by
 * id too (turnDocumentFinds). A patch holds the order's row lock from read to write, so concurrent patches never
 * lose one.
 */
export function postgresOrders(pool: pg.Pool): OrderRepository {
  const storeOrder = turnInserts(pool, 'orders', ORDER_COLUMNS, ['store_id', 'source_id']);
  return {
    find: turnDocumentFinds<JsonText<Order>>(pool, 'orders'),
    async insert(storeId, id, body, now) {
      const location = body.pickup_location
        ? (await pool.query<StoredLocation>(storedLocationQuery(storeId, body.pickup_location.location_id))).rows[0]
        : undefined;
      // Asked only when the pickup location is unknown, so that a taken source_id still answers 409.
      if (body.pickup_location && !location) {
        const taken = await pool.query({
          name: 'orders-source-taken',
          text: 'SELECT 1 FROM orders WHERE store_id = $1 AND source_id = $2',
          values: [storeId, body.source_id],
        });
        return taken.rowCount ? SOURCE_ID_CONFLICT : UNKNOWN_PICKUP_LOCATION;
      }
      const json = newOrderJson(id, storeId, body, location, now);
      const stored = await storeOrder([
        id,
        storeId,
        body.source_id,
        body.pickup_location?.location_id ?? null,
        instant(body.source_created_at),
        instant(body.source_updated_at),
        json,
        now,
        now,
      ]);
      return stored ? json : SOURCE_ID_CONFLICT;
    },
    update: (storeId, id, patch, now) =>
      inPostgresTransaction(pool, async (client) => {
        const doc = (
          await client.query<{ doc: JsonText<Order> }>({
            name: 'orders-find-lock',
            text: 'SELECT doc FROM orders WHERE store_id = $1 AND id = $2 FOR UPDATE',
            values: [storeId, id],
          })
        ).rows[0]?.doc;
        if (doc === undefined || Object.keys(patch).length === 0) return doc;
        const { json, sourceUpdatedMs } = patchedOrderJson(doc, patch, now);
        await client.query({
          name: 'orders-update',
          text: 'UPDATE orders SET doc = $1, source_updated_ms = $2, updated_at = $3 WHERE store_id = $4 AND id = $5',
          values: [json, sourceUpdatedMs, now, storeId, id],
        });
        return json;
      }),
    async listPage(q: OrderPageQuery): Promise<PageRow[]> {
      const filtered = q.sourceIds !== undefined;
      const deep = q.offset >= DIRECT_OFFSET_LIMIT;
      const values: unknown[] = filtered ? [q.storeId, q.sourceIds, q.fetch, q.offset] : [q.storeId, q.fetch, q.offset];
      const { rows } = await pool.query<{ id: string; doc: JsonText<Order> | null }>({
        name: `orders-page-${q.sort}-${filtered}-${deep}`,
        text: pageSql(q.sort, filtered, deep),
        values,
      });
      return rows.map((r) => (r.doc === null ? { id: r.id } : { id: r.id, doc: r.doc }));
    },
  };
}
