import { randomFillSync } from 'node:crypto';

// Random bytes come from the CSPRNG a pool at a time, as Node's randomUUID does (see BENCHMARKS.md).
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

/** The creation time in base 36 leads, so ids sort roughly by creation; 80 random bits follow. */
export function newId(prefix: string, now: Date = new Date()): string {
  return `${prefix}_${now.getTime().toString(36).padStart(9, '0')}${randomHex(10)}`;
}
