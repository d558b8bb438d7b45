import type pg from 'pg';
import { columnArrays, turnBatched } from './pg-turn.js';

/** The tables whose documents are found by store and id (each has `id`, `store_id` and `doc`). */
export type DocumentTable = 'orders' | 'products' | 'fulfillments';

/** Keys per statement: a turn under heavy load asks for a few dozen; more go in further statements. */
export const FINDS_PER_STATEMENT = 500;

/**
 * A turn's finds of one table's documents by store and id, in one statement (PostgreSQL, turnBatched): a SELECT
 * joining the table with the arrays of their keys. In a loop of 50 finds at a time on node-postgres, 24–31 →
 * 4.1–4.4 µs of the caller's CPU and 26–28 → 4.0–4.2 µs of the database's per find (BENCHMARKS.md, "Twenty-fifth
 * look").
 *
 * Each find sees the database as of its statement, which starts after the turn's requests were taken in, so a
 * find still sees every write committed before it was asked for. An id holding U+0000, which PostgreSQL's text
 * cannot hold and would refuse the whole statement for, finds nothing without being sent, so no caller's value can
 * fail the others' finds (the driver sends a lone surrogate as U+FFFD, which finds nothing).
 */
export function turnDocumentFinds<T extends string>(
  pool: pg.Pool,
  table: DocumentTable,
): (storeId: string, id: string) => Promise<T | undefined> {
  const statement = {
    name: `${table}-find-turn`,
    text:
      `SELECT k.n::int AS n, t.doc FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS k(store_id, id, n) ` +
      `JOIN ${table} t ON t.id = k.id AND t.store_id = k.store_id`,
  };
  const find = turnBatched<{ storeId: string; id: string }, T | undefined>(
    { max: FINDS_PER_STATEMENT },
    async (keys) => {
      const { rows } = await pool.query<{ n: number; doc: T }>({
        ...statement,
        values: columnArrays(keys, ['storeId', 'id']),
      });
      const docs: Array<T | undefined> = new Array(keys.length);
      for (const row of rows) docs[row.n - 1] = row.doc;
      return docs;
    },
  );
  return (storeId, id) =>
    storeId.includes('\0') || id.includes('\0') ? Promise.resolve(undefined) : find({ storeId, id });
}
