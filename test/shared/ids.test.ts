import { describe, expect, it } from 'vitest';
import { newId } from '../../src/shared/ids.js';

describe('newId', () => {
  it('is the prefix, the time in base 36 and 80 random bits in hex, never repeated across pool refills', () => {
    const now = new Date('2024-07-01T08:00:00.000Z');
    // 5,000 ids span a dozen refills of the 4 KiB random pool (409 ids each).
    const ids = Array.from({ length: 5_000 }, () => newId('ord', now));
    const time = now.getTime().toString(36).padStart(9, '0');
    for (const id of ids) expect(id).toMatch(new RegExp(`^ord_${time}[0-9a-f]{20}$`));
    expect(new Set(ids).size).toBe(ids.length);
    // The random part is not a counter: consecutive ids differ in many hex digits.
    const differing = [...ids[0].slice(-20)].filter((ch, i) => ch !== ids[1].slice(-20)[i]).length;
    expect(differing).toBeGreaterThan(5);
  });
});
