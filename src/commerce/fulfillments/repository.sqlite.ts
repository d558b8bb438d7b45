import type Database from 'better-sqlite3';
import { inGroupCommit, ONE_STATEMENT, sqliteOf, type Db } from '../../shared/db/client.js';
import { PAGE, TEXT_PARAM } from '../../shared/db/statements.js';
import { turnReads } from '../../shared/db/turn-reads.js';
import { STORED_LOCATION } from '../locations/repository.sqlite.js';
import type { JsonText } from '../envelope.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import type { StoredLocation } from '../locations/repository.js';
import type { Order } from '../orders/repository.js';
import {
  shipLocations,
  type Fulfillment,
  type FulfillmentPageQuery,
  type FulfillmentRepository,
} from './repository.js';
import { changedFulfillmentJson, newFulfillmentJson } from './render.js';
import { lineItemProblems } from './rules.js';

/** The list's filters in the order of their parameters; a statement is prepared per set of filters given. */
const FILTERS = [
  ['orderId', `order_id = ${TEXT_PARAM}`],
  ['sourceOrderId', `order_source_id = ${TEXT_PARAM}`],
  ['sourceId', `source_id = ${TEXT_PARAM}`],
  ['ids', 'id IN (SELECT value FROM json_each(?))'],
] as const satisfies ReadonlyArray<readonly [keyof FulfillmentPageQuery, string]>;

/**
 * The fulfillments on SQLite. Every write runs in the turn's group commit, a BEGIN IMMEDIATE transaction: the write
 * lock is taken before the first read, so the units left of an order's items, or a fulfillment's status, cannot
 * change between the read that decides and the write (an earlier unit of the same batch is seen, as committed).
 * Each unit writes with one statement, after its reads.
 */
export function sqliteFulfillments(db: Db): FulfillmentRepository {
  const sqlite = sqliteOf(db);
  const reads = turnReads(sqlite);
  const BY_ID = 'SELECT doc FROM fulfillments WHERE store_id = ? AND id = ?';
  // The changes read in their transaction, on the writer.
  const byId = sqlite.prepare(BY_ID).pluck();
  const read = reads.sqlite.prepare(BY_ID).pluck();
  const order = sqlite.prepare<[string, string], { doc: string; sourceId: string }>(
    'SELECT doc, source_id AS sourceId FROM orders WHERE store_id = ? AND id = ?',
  );
  const location = sqlite.prepare<[string, string], StoredLocation>(STORED_LOCATION);
  const sourceIdTaken = sqlite.prepare('SELECT 1 FROM fulfillments WHERE store_id = ? AND source_id = ?').pluck();
  const held = sqlite
    .prepare("SELECT doc FROM fulfillments WHERE store_id = ? AND order_id = ? AND status != 'canceled'")
    .pluck();
  const insert = sqlite.prepare(
    `INSERT INTO fulfillments
       (id, store_id, order_id, order_source_id, source_id, status, doc, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (store_id, source_id) DO NOTHING`,
  );
  const update = sqlite.prepare(
    'UPDATE fulfillments SET status = ?, doc = ?, updated_at = ? WHERE store_id = ? AND id = ?',
  );
  const lists = new Map<string, Database.Statement<unknown[], string>>();
  const listStatement = (given: ReadonlyArray<(typeof FILTERS)[number]>) => {
    const key = given.map(([name]) => name).join(',');
    let statement = lists.get(key);
    if (!statement) {
      const where = [`store_id = ${TEXT_PARAM}`, ...given.map(([, test]) => test)].join(' AND ');
      statement = reads.sqlite
        .prepare<unknown[], string>(`SELECT doc FROM fulfillments WHERE ${where} ORDER BY created_at, id ${PAGE}`)
        .pluck();
      lists.set(key, statement);
    }
    return statement;
  };
  const find = (storeId: string, id: string) => byId.get(storeId, id) as JsonText<Fulfillment> | undefined;
  return {
    find: (storeId, id) => reads.read(() => read.get(storeId, id) as JsonText<Fulfillment> | undefined),
    insert: (storeId, id, body, now) =>
      inGroupCommit(
        db,
        () => {
          const ordered = order.get(storeId, body.order_id);
          const pickup = body.pickup_location ? location.get(storeId, body.pickup_location.location_id) : undefined;
          const missing = [
            ...(ordered ? [] : (['order'] as const)),
            ...(body.pickup_location && !pickup ? (['pickup_location'] as const) : []),
            ...shipLocations(body)
              .filter(([, locationId]) => !location.get(storeId, locationId))
              .map(([field]) => field),
          ];
          if (missing.length > 0) return { missing };
          if (body.source_id !== undefined && sourceIdTaken.get(storeId, body.source_id) !== undefined) {
            return SOURCE_ID_CONFLICT;
          }
          const holding = (held.all(storeId, body.order_id) as string[]).map((doc) => JSON.parse(doc) as Fulfillment);
          const problems = lineItemProblems((JSON.parse(ordered!.doc) as Order).items, holding, body.line_items);
          if (problems.length > 0) return { lineItems: problems };
          const json = newFulfillmentJson(id, storeId, body, pickup, now);
          const inserted = insert.run(
            id,
            storeId,
            body.order_id,
            ordered!.sourceId,
            body.source_id ?? null,
            body.status,
            json,
            now,
            now,
          );
          return inserted.changes === 1 ? { fulfillment: json } : SOURCE_ID_CONFLICT;
        },
        ONE_STATEMENT,
      ),
    change: (storeId, id, change, now) =>
      inGroupCommit(
        db,
        () => {
          const doc = find(storeId, id);
          if (doc === undefined) return undefined;
          const decided = change(JSON.parse(doc) as Fulfillment);
          if ('refused' in decided) return decided;
          const json = changedFulfillmentJson(decided.next, now);
          update.run(decided.next.status, json, now, storeId, id);
          return { fulfillment: json };
        },
        ONE_STATEMENT,
      ),
    list: (q) => {
      const given = FILTERS.filter(([name]) => q[name] !== undefined);
      const values = given.map(([name]) => (name === 'ids' ? JSON.stringify(q.ids) : q[name]));
      const statement = listStatement(given);
      return reads.read(() => statement.all(q.storeId, ...values, q.fetch, q.offset) as JsonText<Fulfillment>[]);
    },
  };
}
