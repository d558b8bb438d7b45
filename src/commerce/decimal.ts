/** Amounts are summed and compared as exact decimals, never as floats. */
interface Scaled {
  units: bigint;
  scale: number;
}

function parse(value: string): Scaled {
  const [int, frac = ''] = value.split('.');
  return { units: BigInt(int + frac), scale: frac.length };
}

function rescale(v: Scaled, scale: number): bigint {
  return v.units * 10n ** BigInt(scale - v.scale);
}

export function decimalSum(values: string[]): string {
  const parsed = values.map(parse);
  const scale = Math.max(0, ...parsed.map((p) => p.scale));
  const total = parsed.reduce((acc, p) => acc + rescale(p, scale), 0n);
  return format({ units: total, scale });
}

export function decimalEquals(a: string, b: string): boolean {
  const pa = parse(a);
  const pb = parse(b);
  const scale = Math.max(pa.scale, pb.scale);
  return rescale(pa, scale) === rescale(pb, scale);
}

function format({ units, scale }: Scaled): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
