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
