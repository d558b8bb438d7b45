import { describe, expect, it } from 'vitest';
import { canonical } from '../../src/shared/idempotency/step.js';
import { orderBody } from '../support/factories.js';

// The fingerprint's text as the first release wrote it: stored records keep their fingerprints across a deploy, so
// a retry sent after one must still match.
function firstRelease(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(firstRelease).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${firstRelease((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

describe("a safe retry's fingerprint", () => {
  it('is the same text as the first release wrote, for bodies, headers and odd values', () => {
    const values: unknown[] = [
      ['POST', '/commerce/2024-07/orders', { 'svc-store-id': 'sto_1', 'x-absent': undefined }, orderBody()],
      { b: 1, a: [1, 'two', null, true, { z: 'é\u2028"\\\n', y: [] }], '': {}, ключ: -0.5e-7 },
      [],
      {},
      'text',
      42,
      null,
      undefined,
      [undefined, { u: undefined }],
      { '10': 'ten', '9': 'nine', b: 'b', A: 'A' },
      [{ z: 1, '4294967296': 'not an index', '0': 'index' }],
      JSON.parse('{"b":{"__proto__":{"x":1},"a":2},"a":[{"d":null,"c":[[]]}]}'),
      { headers: { 'svc-store-id': 'sto_1', 'idempotency-key': undefined }, nested: [[{ u: undefined, v: 'v' }]] },
    ];
    for (const value of values) expect(canonical(value)).toBe(firstRelease(value));
  });

  it('does not depend on the order of keys', () => {
    const body = orderBody();
    const reversed = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(body).reverse())));
    expect(canonical(reversed)).toBe(canonical(body));
    expect(canonical({ a: 1, b: 2 })).toBe('{"a":1,"b":2}');
  });
});
