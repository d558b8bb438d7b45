import { randomFillSync } from 'node:crypto';

// Filled a pool at a time, as Node's randomUUID does, because a CSPRNG call per id is slow (BENCHMARKS.md).
const pool = Buffer.alloc(4096);
let used = pool.length;

function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  const hex = pool.toString('hex', used, used + bytes);
  used += bytes;
  return hex;
}

/** The time leads so that ids sort roughly by creation. */

export function newId(prefix: string, now: Date = new Date()): string {
  return `${prefix}_${now.getTime().toString(36).padStart(9, '0')}${randomHex(10)}`;
}

const KEY_ID = /^[a-z]+_([0-9a-z]{9})([0-9a-f]{20})$/;
const KEY_TIME_LIMIT = 2 ** 43; // milliseconds (the year 2248), so that a key stays under 2^63

/**
 * A 63-bit integer made from an id of newId's format: its time in milliseconds times 2^20, plus the first 20 bits
 * of its random part. Ids made in different milliseconds make different keys, and keys sort as the ids' times do.
 * Two ids of one millisecond make the same key one time in 2^20, so a key names an id only with the id beside it.
 * Undefined for an id of any other format. Migration 0012 computes the same in SQL for the orders' ids (`ord_`),
 * whose `key` it is (commerce/schema.ts).
 */
export function rowKey(id: string): bigint | undefined {
  const m = KEY_ID.exec(id);
  if (!m) return undefined;
  const time = parseInt(m[1]!, 36);
  if (time >= KEY_TIME_LIMIT) return undefined;
  return BigInt(time) * 1_048_576n + BigInt(parseInt(m[2]!.slice(0, 5), 16));
}
