import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable.js';

/** Rows per statement: a turn under heavy load creates a few dozen; more go in further statements. */
export const INSERTS_PER_STATEMENT = 200;

/** A column of the insert: its name and the type PostgreSQL reads its array as (`text`, `bigint`). */
export type InsertColumn = readonly [name: string, type: 'text' | 'bigint'];

interface Insert {
  row: readonly unknown[];
  resolve(inserted: boolean): void;
  reject(err: unknown): void;
}

/**
 * A turn's inserts into one table, in one statement that keeps a row only if its `unique` key is free (PostgreSQL).
 * The first column is the row's id, which must be new; the promise of each row tells whether it was stored (false:
 * the key was taken, by a row already stored or by an earlier row of the same turn).
 *
 * An insert asked for while the event loop takes in the turn's requests waits for the end of that phase
 * (`setImmediate`), as a write on SQLite does (group-commit.ts); then the turn's rows go to the database as one
 * `INSERT … SELECT FROM unnest(…) ON CONFLICT DO NOTHING RETURNING id`: one round trip, one transaction and one
 * flush of the WAL at its commit for the turn, where each row alone cost all three (BENCHMARKS.md, "Twenty-fifth
 * look"). The statement is atomic, so when it fails for a reason of one row's own (a foreign key gone, a value the
 * column refuses), each row of it is inserted again on its own and fails alone; when the database cannot answer,
 * every row of it fails with that error, as each would have alone.
 */
export function turnInserts(
  pool: pg.Pool,
  table: string,
  columns: readonly InsertColumn[],
  unique: readonly string[],
): (row: readonly unknown[]) => Promise<boolean> {
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  const statement = {
    name: `${table}-insert-turn`,
    text: `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays}) ON CONFLICT (${unique.join(', ')}) DO NOTHING RETURNING ${columns[0]![0]}`,
  };
  let queue: Insert[] = [];

  const insert = async (batch: Insert[]): Promise<Set<unknown>> => {
    const values = columns.map((_, c) => batch.map((b) => b.row[c]));
    const { rows } = await pool.query<{ [id: string]: unknown }>({ ...statement, values });
    const id = columns[0]![0];
    return new Set(rows.map((r) => r[id]));
  };

  const run = async (batch: Insert[]) => {
    try {
      const stored = await insert(batch);
      for (const b of batch) b.resolve(stored.has(b.row[0]));
    } catch (err) {
      if (batch.length === 1 || isDatabaseUnavailable(err)) for (const b of batch) b.reject(err);
      else for (const b of batch) void run([b]);
    }
  };

  const flush = () => {
    const all = queue;
    queue = [];
    if (all.length <= INSERTS_PER_STATEMENT) void run(all);
    else for (let i = 0; i < all.length; i += INSERTS_PER_STATEMENT) void run(all.slice(i, i + INSERTS_PER_STATEMENT));
  };

  return (row) =>
    new Promise<boolean>((resolve, reject) => {
      if (queue.push({ row, resolve, reject }) === 1) setImmediate(flush);
    });
}
