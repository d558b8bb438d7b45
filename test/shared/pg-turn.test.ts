import { describe, expect, it } from 'vitest';
import { turnBatched } from '../../src/shared/db/pg-turn.js';

// No database: how turnBatched splits a turn's calls by weight (the orders' pages on PostgreSQL: rows per
// statement). pg-turn-finds.test.ts and pg-turn-inserts.test.ts cover the rest through its two other users.

describe('a turn of calls', () => {
  it('go to runs of at most `max` of their weights, in order, a call heavier than `max` alone', async () => {
    const runs: number[][] = [];
    const call = turnBatched<number, string>({ max: 44, weight: (n) => n }, (args) => {
      runs.push([...args]);
      return Promise.resolve(args.map((n) => `page of ${n}`));
    });
    const sizes = [11, 11, 11, 11, 11, 201, 11, 5, 30, 11];
    expect(await Promise.all(sizes.map(call))).toEqual(sizes.map((n) => `page of ${n}`));
    expect(runs).toEqual([[11, 11, 11, 11], [11], [201], [11, 5], [30, 11]]);
    // A later turn starts afresh.
    expect(await call(11)).toBe('page of 11');
    expect(runs.at(-1)).toEqual([11]);
  });
});
