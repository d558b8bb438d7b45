import type pg from 'pg';

/** The tables whose documents are found by store and id (each has `id`, `store_id` and `doc`). */
export type DocumentTable = 'orders' | 'products' | 'fulfillments';

/** Keys per statement: a turn under heavy load asks for a few dozen; more go in further statements. */
export const FINDS_PER_STATEMENT = 500;

interface Find {
  storeId: string;
  id: string;
  resolve(doc: string | undefined): void;
  reject(err: unknown): void;
}

/**
 * A turn's finds of one table's documents by store and id, in one statement (PostgreSQL).
 *
 * A find asked for while the event loop takes in the turn's requests (its poll phase) waits for the end of that
 * phase (`setImmediate`), as a read on SQLite does (turn-reads.ts); then the turn's finds go to the database as
 * one SELECT joining the table with the arrays of their keys. N finds then cost one pool checkout, one round trip
 * and one statement's work in the backend instead of N: in a loop of 50 finds at a time on node-postgres, 24–31 →
 * 4.1–4.4 µs of the caller's CPU and 26–28 → 4.0–4.2 µs of the database's per find (BENCHMARKS.md, "Twenty-fifth
 * look").
 *
 * Each find sees the database as of its statement, which starts after the turn's requests were taken in, so a
 * find still sees every write committed before it was asked for. A statement that fails rejects every find of it,
 * as each find on its own would have failed (the database unreachable, a timeout). An id holding U+0000, which
 * PostgreSQL's text cannot hold and would refuse the whole statement for, finds nothing without being sent, so
 * no caller's value can fail the others' finds (the driver sends a lone surrogate as U+FFFD, which finds nothing).
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
  let queue: Find[] = [];

  const run = async (batch: Find[]) => {
    try {
      const { rows } = await pool.query<{ n: number; doc: string }>({
        ...statement,
        values: [batch.map((f) => f.storeId), batch.map((f) => f.id)],
      });
      const docs: Array<string | undefined> = new Array(batch.length);
      for (const row of rows) docs[row.n - 1] = row.doc;
      batch.forEach((f, i) => f.resolve(docs[i]));
    } catch (err) {
      for (const f of batch) f.reject(err);
    }
  };

  const flush = () => {
    const all = queue;
    queue = [];
    if (all.length <= FINDS_PER_STATEMENT) void run(all);
    else for (let i = 0; i < all.length; i += FINDS_PER_STATEMENT) void run(all.slice(i, i + FINDS_PER_STATEMENT));
  };

  return (storeId, id) => {
    if (storeId.includes('\0') || id.includes('\0')) return Promise.resolve(undefined);
    return new Promise<string | undefined>((resolve, reject) => {
      if (queue.push({ storeId, id, resolve, reject }) === 1) setImmediate(flush);
    }) as Promise<T | undefined>;
  };
}
