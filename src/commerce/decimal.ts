/** Amounts are summed and compared as exact decimals, never as floats. */

/** Digits after the point: `12.50` → 2. */
const scaleOf = (value: string) => {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
};

/** The amount's digits without its point: `12.50` → `1250`. */
const digitsOf = (value: string) => {
  const point = value.indexOf('.');
  return point === -1 ? value : value.slice(0, point) + value.slice(point + 1);
};

/** `value` (an Amount: digits, then a point and digits or nothing) as an integer of `scale` digits after the point. */
const bigintAt = (value: string, scale: number): bigint =>
  BigInt(digitsOf(value)) * 10n ** BigInt(scale - scaleOf(value));

const POWERS = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * bigintAt's integer as a number when it is exact as one; undefined when it may not be (the caller then counts in
 * bigint). Fifteen characters hold at most fifteen digits, under 2^53, and a product or sum that passes 2^53 rounds
 * to at least 2^53, so `Number.isSafeInteger` refuses it.
 */
function numberAt(value: string, scale: number): number | undefined {
  if (value.length > 15 || scale > 15) return undefined;
  const scaled = Number(digitsOf(value)) * POWERS[scale - scaleOf(value)]!;
  return Number.isSafeInteger(scaled) ? scaled : undefined;
}

/**
 * The sum of `values` in number arithmetic when every step is exact (amounts of shops fit in fifteen digits), else
 * undefined. Summed this way an order's few amounts cost no bigint allocations (BENCHMARKS.md, "Fifteenth look").
 */
function numberSum(values: string[], scale: number): string | undefined {
  let total = 0;
  for (const value of values) {
    const scaled = numberAt(value, scale);
    if (scaled === undefined) return undefined;
    total += scaled;
    if (!Number.isSafeInteger(total)) return undefined;
  }
  return format(String(total), scale);
}

export function decimalSum(values: string[]): string {
  let scale = 0;
  for (const value of values) scale = Math.max(scale, scaleOf(value));
  const fast = numberSum(values, scale);
  if (fast !== undefined) return fast;
  const total = values.reduce((acc, value) => acc + bigintAt(value, scale), 0n);
  return format(total.toString(), scale);
}

export function decimalEquals(a: string, b: string): boolean {
  const scale = Math.max(scaleOf(a), scaleOf(b));
  const na = numberAt(a, scale);
  const nb = numberAt(b, scale);
  if (na !== undefined && nb !== undefined) return na === nb;
  return bigintAt(a, scale) === bigintAt(b, scale);
}

/** An integer's digits with a point put `scale` digits from the right. */
function format(digits: string, scale: number): string {
  if (scale === 0) return digits;
  const padded = digits.padStart(scale + 1, '0');
  return `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
}
