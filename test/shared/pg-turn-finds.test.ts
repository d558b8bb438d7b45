import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { FINDS_PER_STATEMENT, turnDocumentFinds } from '../../src/shared/db/pg-turn-finds.js';

// No database: how a turn's finds become statements, with a pool that records what it was asked and answers from a
// map. test/repositories/orders.test.ts runs the statement itself on PostgreSQL.

type Call = { name: string; text: string; values: [string[], string[]] };

function recordingPool(docs: Record<string, string>, fail?: (call: Call) => boolean) {
  const calls: Call[] = [];
  const pool = {
    query: (call: Call) => {
      calls.push(call);
      if (fail?.(call)) return Promise.reject(new Error('connection terminated'));
      const [stores, ids] = call.values;
      const rows = stores.flatMap((store, i) => {
        const doc = docs[`${store}/${ids[i]}`];
        return doc === undefined ? [] : [{ n: i + 1, doc }];
      });
      // The database gives the rows in no promised order.
      return Promise.resolve({ rows: rows.reverse() });
    },
  };
  return { pool: pool as unknown as pg.Pool, calls };
}

const DOCS = { 'sto_1/ord_1': '{"id":"ord_1"}', 'sto_1/ord_2': '{"id":"ord_2"}', 'sto_2/ord_3': '{"id":"ord_3"}' };

describe("a turn's finds on PostgreSQL", () => {
  it('go as one statement, each find given its own document', async () => {
    const { pool, calls } = recordingPool(DOCS);
    const find = turnDocumentFinds(pool, 'orders');
    const found = await Promise.all([
      find('sto_1', 'ord_2'),
      find('sto_1', 'ord_3'), // another store's order
      find('sto_2', 'ord_3'),
      find('sto_1', 'ord_nope'),
      find('sto_1', 'ord_2'), // the same order twice in one turn
      find('sto_1', 'ord_1'),
    ]);
    expect(found).toEqual([
      DOCS['sto_1/ord_2'],
      undefined,
      DOCS['sto_2/ord_3'],
      undefined,
      DOCS['sto_1/ord_2'],
      DOCS['sto_1/ord_1'],
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.name).toBe('orders-find-turn');
    expect(calls[0]!.text).toMatch(/JOIN orders t ON/);
    expect(calls[0]!.values).toEqual([
      ['sto_1', 'sto_1', 'sto_2', 'sto_1', 'sto_1', 'sto_1'],
      ['ord_2', 'ord_3', 'ord_3', 'ord_nope', 'ord_2', 'ord_1'],
    ]);
  });

  it('of different turns go as different statements', async () => {
    const { pool, calls } = recordingPool(DOCS);
    const find = turnDocumentFinds(pool, 'products');
    expect(await find('sto_1', 'ord_1')).toBe(DOCS['sto_1/ord_1']);
    expect(await find('sto_1', 'ord_2')).toBe(DOCS['sto_1/ord_2']);
    expect(calls.map((c) => c.values[1])).toEqual([['ord_1'], ['ord_2']]);
    expect(calls[0]!.name).toBe('products-find-turn');
  });

  it(`go ${FINDS_PER_STATEMENT} to a statement at most`, async () => {
    const { pool, calls } = recordingPool(DOCS);
    const find = turnDocumentFinds(pool, 'orders');
    const n = 2 * FINDS_PER_STATEMENT + 3;
    const found = await Promise.all(
      Array.from({ length: n }, (_, i) => find('sto_1', i === n - 1 ? 'ord_1' : `x${i}`)),
    );
    expect(calls.map((c) => c.values[0].length)).toEqual([FINDS_PER_STATEMENT, FINDS_PER_STATEMENT, 3]);
    expect(found.at(-1)).toBe(DOCS['sto_1/ord_1']);
    expect(found.slice(0, -1).every((d) => d === undefined)).toBe(true);
  });

  it('find nothing for an id PostgreSQL cannot hold, without sending it beside the others', async () => {
    const { pool, calls } = recordingPool(DOCS);
    const find = turnDocumentFinds(pool, 'fulfillments');
    const found = await Promise.all([find('sto_1', 'ord_1\0'), find('sto_1\0', 'ord_1'), find('sto_1', 'ord_1')]);
    expect(found).toEqual([undefined, undefined, DOCS['sto_1/ord_1']]);
    expect(calls.map((c) => c.values)).toEqual([[['sto_1'], ['ord_1']]]);
  });

  it("reject every find of a failed statement, and only that statement's", async () => {
    const { pool } = recordingPool(DOCS, (call) => call.values[1].includes('ord_2'));
    const find = turnDocumentFinds(pool, 'orders');
    const first = await Promise.allSettled([find('sto_1', 'ord_1'), find('sto_1', 'ord_2')]);
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((first[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'connection terminated' });
    expect(await find('sto_1', 'ord_1')).toBe(DOCS['sto_1/ord_1']);
  });
});
