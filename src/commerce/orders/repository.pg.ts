import type pg from 'pg';
import { inPostgresTransaction } from '../../shared/db/postgres.js';
import { turnDocumentFinds } from '../../shared/db/pg-turn-finds.js';
import { turnInserts } from '../../shared/db/pg-turn-inserts.js';
import { columnArrays, turnBatched } from '../../shared/db/pg-turn.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT, UNKNOWN_PICKUP_LOCATION } from '../outcomes.js';
import { storedLocationQuery } from '../locations/repository.pg.js';
import type { StoredLocation } from '../locations/repository.js';
import { instant, newOrderJson, patchedOrderJson } from './render.js';
import {
  DIRECT_OFFSET_LIMIT,
  SMALL_DOC_BYTES,
  sortOrder,
  type Order,
  type OrderPageQuery,
  type OrderRepository,
  type PageRow,
  type Sort,
} from './repository.js';

const PAGE_COLUMNS = `o.id, CASE WHEN octet_length(o.doc) <= ${SMALL_DOC_BYTES} THEN o.doc END AS doc`;

/** The same page query as SQLite's listStatement. */
function pageSql(sort: Sort, filtered: boolean, deep: boolean): string {
  const { column, dir } = sortOrder(sort);
  const order = `ORDER BY o.${column} ${dir}, o.id ${dir}`;
  const inStore = `o.store_id = $1${filtered ? ' AND o.source_id = ANY($2::text[])' : ''}`;
  const n = filtered ? 3 : 2;
  const page = `LIMIT $${n} OFFSET $${n + 1}`;
  if (!deep) return `SELECT ${PAGE_COLUMNS} FROM orders o WHERE ${inStore} ${order} ${page}`;
  const ids = `SELECT o.id FROM orders o WHERE ${inStore} ${order} ${page}`;
  return `SELECT ${PAGE_COLUMNS} FROM orders o WHERE o.id IN (${ids}) ${order}`;
}

/**
 * Rows per statement of a turn's pages: twenty pages of ten, about 300 KB of orders as the bench makes them and at
 * most 3.5 MB (a document over SMALL_DOC_BYTES is not among a page's rows); a larger page goes alone. Under the page
 * of ten's load 220 rows a statement answered a third more pages than 44 and as many as 550, at the same RSS with
 * V8's incremental marking, which PostgreSQL instances run with (BENCHMARKS.md, "Twenty-sixth look").
 */
const PAGE_ROWS_PER_STATEMENT = 220;

/**
 * A turn's pages in one sort, unfiltered and not deep (most lists: a store's newest orders, page after page), in
 * one statement: pageSql's query for each row of the arrays of their stores, sizes and offsets (a LATERAL join),
 * each page's rows in its order after its number.
 */
function turnPages(pool: pg.Pool, sort: Sort) {
  const { column, dir } = sortOrder(sort);
  const statement = {
    name: `orders-pages-${sort}`,
    text:
      `SELECT k.n::int AS n, p.id, p.doc FROM unnest($1::text[], $2::int[], $3::int[]) WITH ORDINALITY ` +
      `AS k(store_id, page_size, page_offset, n) CROSS JOIN LATERAL (SELECT ${PAGE_COLUMNS}, o.${column} AS s FROM orders o ` +
      `WHERE o.store_id = k.store_id ORDER BY o.${column} ${dir}, o.id ${dir} LIMIT k.page_size OFFSET k.page_offset) p ` +
      `ORDER BY k.n, p.s ${dir}, p.id ${dir}`,
  };
  return turnBatched<OrderPageQuery, PageRow[]>(
    { max: PAGE_ROWS_PER_STATEMENT, weight: (q) => q.fetch },
    async (pages) => {
      const { rows } = await pool.query<{ n: number; id: string; doc: JsonText<Order> | null }>({
        ...statement,
        values: columnArrays(pages, ['storeId', 'fetch', 'offset']),
      });
      const out = pages.map((): PageRow[] => []);
      for (const r of rows) out[r.n - 1]!.push(r.doc === null ? { id: r.id } : { id: r.id, doc: r.doc });
      return out;
    },
  );
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
 * A turn's creates go as one statement (turnInserts), whose unique index decides a taken source_id; so do a turn's
 * gets by id (turnDocumentFinds) and its pages of one sort (turnPages). A patch holds the order's row lock from read
 * to write, so concurrent patches never lose one.
 */
export function postgresOrders(pool: pg.Pool): OrderRepository {
  const storeOrder = turnInserts(pool, 'orders', ORDER_COLUMNS, ['store_id', 'source_id']);
  const pages = new Map<Sort, ReturnType<typeof turnPages>>();
  const pagesIn = (sort: Sort) => pages.get(sort) ?? pages.set(sort, turnPages(pool, sort)).get(sort)!;
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
      if (!filtered && !deep) return pagesIn(q.sort)(q);
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
