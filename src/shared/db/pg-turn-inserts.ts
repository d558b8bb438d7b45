import type pg from 'pg';
import { turnBatched } from './pg-turn.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** Rows per statement: a turn under heavy load creates a few dozen; more go in further statements. */
export const INSERTS_PER_STATEMENT = 200;

/** A column of the insert: its name and the type PostgreSQL reads its array as (`text`, `bigint`). */
export type InsertColumn = readonly [name: string, type: 'text' | 'bigint'];

/**
 * A turn's inserts into one table, in one statement that keeps a row only if its `unique` key is free (PostgreSQL,
 * turnBatched). The first column is the row's id, which must be new; the promise of each row tells whether it was
 * stored (false: the key was taken, by a row already stored or by an earlier row of the same turn).
 *
 * The statement, `INSERT … SELECT FROM unnest(…) ON CONFLICT DO NOTHING RETURNING id`, is one round trip, one
 * transaction and one flush of the WAL at its commit for the turn, where each row alone cost all three
 * (BENCHMARKS.md, "Twenty-fifth look"). It is atomic, so when it fails for a reason of one row's own (a foreign key
 * gone, a value the column refuses), each row of it is inserted again on its own and fails alone; when the database
 * cannot answer, every row of it fails with that error, as each would have alone.
 */
export function turnInserts(
  pool: pg.Pool,
  table: string,
  columns: readonly InsertColumn[],
  unique: readonly string[],
): (row: readonly unknown[]) => Promise<boolean> {
  const id = columns[0]![0];
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const statement = {
    name: `${table}-insert-turn`,
    text: `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays}) ON CONFLICT (${unique.join(', ')}) DO NOTHING RETURNING ${id}`,
  };
  return turnBatched<readonly unknown[], boolean>(
    { max: INSERTS_PER_STATEMENT, eachAlone: (err) => !isDatabaseUnavailable(err) },
    async (rows) => {
      const values = columns.map((_, c) => rows.map((row) => row[c]));
      const stored = new Set(
        (await pool.query<Record<string, unknown>>({ ...statement, values })).rows.map((r) => r[id]),
      );
      return rows.map((row) => stored.has(row[0]));
    },
  );
}
