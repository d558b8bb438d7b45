import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts'))
  .map((f) => path.join(SRC, f));

describe('raw SQL of prepared statements', () => {
  // SQLite built with STAT4 (better-sqlite3's build) plans a bare bound LIMIT as a constant and
  // compiles the statement again each time that parameter is bound: ~30 µs per list request in
  // the server (BENCHMARKS.md). `LIMIT CAST(? AS INTEGER)` keeps the statement compiled once.
  it('has no bare bound LIMIT (it would recompile the statement on every call)', () => {
    const offenders = sources.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ at: `${path.relative(SRC, file)}:${i + 1}`, line }))
        .filter(({ line }) => /\bLIMIT\s+\?/i.test(line)),
    );
    expect(offenders).toEqual([]);
    expect(sources.some((f) => readFileSync(f, 'utf8').includes('LIMIT CAST(? AS INTEGER)'))).toBe(true);
  });
});
