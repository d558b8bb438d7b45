import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { INSERTS_PER_STATEMENT, turnInserts, type InsertColumn } from '../../src/shared/db/pg-turn-inserts.js';

// No database: how a turn's inserts become statements, with a pool that records what it was asked and keeps rows
// in a map as the unique index would. test/repositories/orders.test.ts runs the statement itself on PostgreSQL (its
// concurrent creates of one source_id go in one statement).

type Call = { name: string; text: string; values: unknown[][] };
const COLUMNS: InsertColumn[] = [
  ['id', 'text'],
  ['store_id', 'text'],
  ['source_id', 'text'],
  ['created_ms', 'bigint'],
];

function recordingPool(fail?: (rows: unknown[][]) => Error | undefined) {
  const calls: Call[] = [];
  const taken = new Set<string>();
  const pool = {
    query: (call: Call) => {
      calls.push(call);
      const rows = call.values[0]!.map((_, r) => call.values.map((column) => column[r]));
      const err = fail?.(rows);
      if (err) return Promise.reject(err);
      const stored = rows.filter(([, store, source]) => {
        const key = `${String(store)}/${String(source)}`;
        return taken.has(key) ? false : (taken.add(key), true);
      });
      return Promise.resolve({ rows: stored.map(([id]) => ({ id })).reverse() });
    },
  };
  return { pool: pool as unknown as pg.Pool, calls };
}

describe("a turn's inserts on PostgreSQL", () => {
  it('go as one statement of arrays, each row told whether its key was free', async () => {
    const { pool, calls } = recordingPool();
    const insert = turnInserts(pool, 'orders', COLUMNS, ['store_id', 'source_id']);
    const stored = await Promise.all([
      insert(['ord_1', 'sto_1', 'a', 1]),
      insert(['ord_2', 'sto_1', 'b', 2]),
      insert(['ord_3', 'sto_1', 'a', 3]), // the same key as an earlier row of the turn
      insert(['ord_4', 'sto_2', 'a', 4]),
    ]);
    expect(stored).toEqual([true, true, false, true]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('orders-insert-turn');
    expect(calls[0]!.text).toBe(
      'INSERT INTO orders (id, store_id, source_id, created_ms) SELECT * FROM unnest($1::text[], $2::text[], ' +
        '$3::text[], $4::bigint[]) ON CONFLICT (store_id, source_id) DO NOTHING RETURNING id',
    );
    expect(calls[0]!.values).toEqual([
      ['ord_1', 'ord_2', 'ord_3', 'ord_4'],
      ['sto_1', 'sto_1', 'sto_1', 'sto_2'],
      ['a', 'b', 'a', 'a'],
      [1, 2, 3, 4],
    ]);
    // A later turn: the key stays taken.
    expect(await insert(['ord_5', 'sto_1', 'b', 5])).toBe(false);
    expect(calls).toHaveLength(2);
  });

  it(`go ${INSERTS_PER_STATEMENT} to a statement at most`, async () => {
    const { pool, calls } = recordingPool();
    const insert = turnInserts(pool, 'products', COLUMNS, ['store_id', 'source_id']);
    const n = INSERTS_PER_STATEMENT + 7;
    const stored = await Promise.all(Array.from({ length: n }, (_, i) => insert([`p${i}`, 'sto_1', `s${i}`, i])));
    expect(stored.every(Boolean)).toBe(true);
    expect(calls.map((c) => c.values[0]!.length)).toEqual([INSERTS_PER_STATEMENT, 7]);
  });

  it("insert each row again on its own when the statement failed for one row's reason, which fails alone", async () => {
    const fk = Object.assign(new Error('insert violates foreign key constraint'), { code: '23503' });
    const { pool, calls } = recordingPool((rows) => (rows.some(([, store]) => store === 'sto_gone') ? fk : undefined));
    const insert = turnInserts(pool, 'orders', COLUMNS, ['store_id', 'source_id']);
    const outcomes = await Promise.allSettled([
      insert(['ord_1', 'sto_1', 'a', 1]),
      insert(['ord_2', 'sto_gone', 'a', 2]),
      insert(['ord_3', 'sto_1', 'a', 3]),
    ]);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: true },
      { status: 'rejected', reason: fk },
      { status: 'fulfilled', value: false },
    ]);
    expect(calls.map((c) => c.values[0])).toEqual([['ord_1', 'ord_2', 'ord_3'], ['ord_1'], ['ord_2'], ['ord_3']]);
  });

  it('fail every row of the statement, without trying each again, when the database cannot answer', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const { pool, calls } = recordingPool(() => down);
    const insert = turnInserts(pool, 'orders', COLUMNS, ['store_id', 'source_id']);
    const outcomes = await Promise.allSettled([insert(['ord_1', 'sto_1', 'a', 1]), insert(['ord_2', 'sto_1', 'b', 2])]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(down);
    expect(calls).toHaveLength(1);
  });
});
