import { randomBytes } from 'node:crypto';

/**
 * Opaque identifiers such as `ord_0lzq3k2m1a9f3c…`: a prefix, the creation time in base 36
 * (so ids sort roughly by creation) and 80 random bits.
 */
export function newId(prefix: string, now: Date = new Date()): string {
  return `${prefix}_${now.getTime().toString(36).padStart(9, '0')}${randomBytes(10).toString('hex')}`;
}
