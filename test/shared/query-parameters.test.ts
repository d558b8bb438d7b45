import fc from 'fast-check';
import { getQueryParams } from 'hono/utils/url';
import { describe, expect, it } from 'vitest';
import { queryParameters } from '../../src/shared/validation.js';

/**
 * Query parameters are split by the service's own loop for the usual query (nothing percent-encoded, no `+`, no
 * fragment) and by hono's parser otherwise. Either way a request must be read as hono reads it (`c.req.queries()`,
 * one value as a string, repeated ones as an array), or a parameter could pass validation under another name or
 * value than the handler sees.
 */
function honoReading(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(getQueryParams(url) as Record<string, string[]>))
    Object.defineProperty(out, k, {
      value: v.length === 1 ? v[0] : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

const piece = fc.constantFrom('a', 'b', 'limit', '10', '=', '&', '?', '[]', 'source_ids[]', '__proto__', '', 'é');
const query = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));
const encoded = fc.array(fc.oneof(piece, fc.constantFrom('%20', '%3D', '+', '%', '#x', '%26')), { maxLength: 12 });

describe('queryParameters (src/shared/validation.ts)', () => {
  const base = 'http://127.0.0.1:3000/commerce/2024-07/orders';

  it.each([
    ['', {}],
    ['?', {}],
    ['?limit=10', { limit: '10' }],
    ['?limit=10&page=2&limit=5', { limit: ['10', '5'], page: '2' }],
    ['?a&b=&=c&&d=e=f', { a: '', b: '', d: 'e=f' }],
    ['?source_ids[]=a%2Cb&source_ids[]=c+d', { 'source_ids[]': ['a,b', 'c d'] }],
  ])('reads %j as hono does', (q, expected) => {
    expect(queryParameters(`${base}${q}`)).toEqual(expected);
    expect(queryParameters(`${base}${q}`)).toEqual(honoReading(`${base}${q}`));
  });

  it('keeps a parameter named __proto__ as a parameter', () => {
    const read = queryParameters(`${base}?__proto__=x&__proto__=y`);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(Object.keys(read)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(read, '__proto__')?.value).toEqual(['x', 'y']);
  });

  it('agrees with hono on any query, plain or encoded', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          query,
          encoded.map((parts) => parts.join('')),
        ),
        (q) => {
          const url = `${base}?${q}`;
          expect(queryParameters(url)).toStrictEqual(honoReading(url));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
