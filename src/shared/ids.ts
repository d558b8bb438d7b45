import { randomFillSync } from 'node:crypto';

// Random bytes are drawn from the CSPRNG a pool at a time (one call per 409 ids instead of one
// per id; `randomBytes` per id was about 4% of a POST /orders), the way Node's randomUUID does.
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

/**
 * Opaque identifiers such as `ord_0lzq3k2m1a9f3c…`: a prefix, the creation time in base 36
 * (so ids sort roughly by creation) and 80 random bits.
 */
export function newId(prefix: string, now: Date = new Date()): string {
  return `${prefix}_${now.getTime().toString(36).padStart(9, '0')}${randomHex(10)}`;
}
