import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalEquals, decimalSum } from '../../src/commerce/decimal.js';

/**
 * Amounts (`^[0-9]+(\.[0-9]+)?$`, up to 100 characters) are summed and compared in number arithmetic when every step
 * is exact, else in bigint. Both ways must give what counting in bigint alone gives, on either side of 2^53 and of
 * fifteen characters.
 */
function bigintScaled(value: string, scale: number): bigint {
  const [int, frac = ''] = value.split('.');
  return BigInt(int! + frac) * 10n ** BigInt(scale - frac.length);
}
const scaleOf = (value: string) => (value.split('.')[1] ?? '').length;
function bigintSum(values: string[]): string {
  const scale = Math.max(0, ...values.map(scaleOf));
  const digits = values
    .reduce((acc, v) => acc + bigintScaled(v, scale), 0n)
    .toString()
    .padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${max}}$`));
// Short amounts (the number path), amounts near 2^53 (9007199254740992, sixteen digits) and long ones (bigint).
const amount = fc
  .oneof(
    fc.tuple(digits(8), fc.option(digits(6), { nil: undefined })),
    fc.tuple(digits(16), fc.option(digits(3), { nil: undefined })),
    fc.tuple(
      fc.constantFrom('9007199254740991', '9007199254740992', '900719925474099', '99999999999999'),
      fc.option(digits(2), { nil: undefined }),
    ),
    fc.tuple(digits(40), fc.option(digits(40), { nil: undefined })),
  )
  .map(([int, frac]) => (frac === undefined ? int : `${int}.${frac}`));

describe('decimalSum and decimalEquals (src/commerce/decimal.ts)', () => {
  it('sum as bigint counting sums', () => {
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 30 }), (values) => {
        expect(decimalSum(values)).toBe(bigintSum(values));
      }),
      { numRuns: 3000 },
    );
  });

  it('compare as bigint counting compares, equal amounts written differently included', () => {
    fc.assert(
      fc.property(amount, amount, fc.nat(4), (a, b, zeros) => {
        const scale = Math.max(scaleOf(a), scaleOf(b));
        expect(decimalEquals(a, b)).toBe(bigintScaled(a, scale) === bigintScaled(b, scale));
        const padded = (a.includes('.') ? a : `${a}.`) + '0'.repeat(zeros + 1);
        expect(decimalEquals(a, padded)).toBe(true);
        expect(decimalEquals(`0${a}`, a)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('stay exact past 2^53, where numbers round', () => {
    expect(decimalSum(['9007199254740991', '1'])).toBe('9007199254740992');
    expect(decimalSum(['9007199254740991', '2'])).toBe('9007199254740993');
    expect(decimalSum(['900719925474099.1', '0.2'])).toBe('900719925474099.3');
    expect(decimalSum(['4503599627370496', '4503599627370497'])).toBe('9007199254740993');
    // Fifteen characters each (the number path), their sum past 2^53 and odd: a number would round it to ...992.
    expect(decimalSum([...Array<string>(10).fill('900719925474099'), '3'])).toBe('9007199254740993');
    expect(decimalSum(['99999999999999', '0.01'])).toBe('99999999999999.01');
    expect(decimalEquals('9007199254740993', '9007199254740992')).toBe(false);
    expect(decimalEquals('0.1', '0.10')).toBe(true);
    expect(decimalSum(['3.00', '0.50', '0'])).toBe('3.50');
    expect(decimalSum([])).toBe('0');
  });
});
