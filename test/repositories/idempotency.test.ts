import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres, openPostgresPool } from '../../src/shared/db/postgres.js';
import { postgresIdempotency } from '../../src/shared/idempotency/repository.pg.js';
import type { ClaimRequest } from '../../src/shared/idempotency/repository.js';
import { engines, type Engine } from '../support/engines.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';

// The records of safe retries, the same cases on each engine: a key is taken by one request at a
// time, only its holder stores or frees it, and a lapsed hold or an expired record is taken over.
// A hold or a life of 0 ms has lapsed by the next statement on either clock (SQLite's `now`, which
// these calls pass unchanged, or PostgreSQL's).

const NOW = new Date('2024-07-01T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const request = (id: string, holder: string, over: Partial<ClaimRequest> = {}): ClaimRequest => ({
  id,
  fingerprint: 'fp-1',
  holder,
  ttlMs: DAY,
  leaseMs: 60_000,
  ...over,
});
const answer = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"meta":{},"data":{"id":"x"}}' };

describe.each(engines)('idempotency records on %s', (_name, open, available) => {
  let e: Engine;
  beforeAll(async () => {
    if (available) e = await open();
  });
  afterAll(async () => {
    await e?.close();
  });

  it.skipIf(!available)('take a key once, keep its holder’s answer, and give it to later requests', async () => {
    const records = e.storage.repos.idempotency;
    expect(await records.claim(request('r1', 'a'), NOW)).toEqual({ taken: true });
    expect(await records.claim(request('r1', 'b'), NOW)).toEqual({ taken: false, fingerprint: 'fp-1' });
    expect(await records.claim(request('r1', 'b', { fingerprint: 'fp-2' }), NOW)).toEqual({
      taken: false,
      fingerprint: 'fp-1',
    });
    expect(await records.complete('r1', 'b', answer)).toBe(false);
    await records.release('r1', 'b');
    expect(await records.complete('r1', 'a', answer)).toBe(true);
    expect(await records.claim(request('r1', 'c'), NOW)).toEqual({ taken: false, fingerprint: 'fp-1', answer });
    // An answered record is not taken over when its hold's time passes.
    expect(await records.claim(request('r1', 'd', { leaseMs: 0 }), NOW)).toEqual({
      taken: false,
      fingerprint: 'fp-1',
      answer,
    });
  });

  it.skipIf(!available)(
    'free a key its holder releases, and let another take a lapsed hold, after which the first holder stores nothing',
    async () => {
      const records = e.storage.repos.idempotency;
      expect(await records.claim(request('r2', 'a'), NOW)).toEqual({ taken: true });
      await records.release('r2', 'a');
      expect(await records.claim(request('r2', 'b', { fingerprint: 'fp-2', leaseMs: 0 }), NOW)).toEqual({
        taken: true,
      });
      expect(await records.claim(request('r2', 'c', { fingerprint: 'fp-3' }), NOW)).toEqual({ taken: true });
      expect(await records.complete('r2', 'b', answer)).toBe(false);
      expect(await records.complete('r2', 'c', answer)).toBe(true);
    },
  );

  it.skipIf(!available)('take over an expired record, and sweep expired ones in batches', async () => {
    const records = e.storage.repos.idempotency;
    for (const id of ['x1', 'x2', 'x3']) {
      expect(await records.claim(request(id, 'a', { ttlMs: 0 }), NOW)).toEqual({ taken: true });
      expect(await records.complete(id, 'a', answer)).toBe(true);
    }
    expect(await records.claim(request('x1', 'b', { fingerprint: 'fp-9' }), NOW)).toEqual({ taken: true });
    expect(await records.purgeExpiredBatch(NOW, 1)).toBe(1);
    expect(await records.purgeExpiredBatch(NOW, 10)).toBe(1);
    expect(await records.purgeExpiredBatch(NOW, 10)).toBe(0);
    // The taken-over record is live again.
    expect(await records.claim(request('x1', 'c', { fingerprint: 'fp-9' }), NOW)).toEqual({
      taken: false,
      fingerprint: 'fp-9',
    });
  });

  it.skipIf(!available)('give a key to exactly one of 20 requests claiming it at once', async () => {
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => e.storage.repos.idempotency.claim(request('race', `h${i}`), NOW)),
    );
    expect(claims.filter((c) => c.taken)).toHaveLength(1);
    expect(claims.filter((c) => !c.taken && c.fingerprint === 'fp-1' && !c.answer)).toHaveLength(19);
  });

  it.skipIf(!available)("give each of a turn's claims and completions what it would get alone", async () => {
    const records = e.storage.repos.idempotency;
    expect(await records.claim(request('t-done', 'a'), NOW)).toEqual({ taken: true });
    expect(await records.complete('t-done', 'a', answer)).toBe(true);
    expect(await records.claim(request('t-held', 'a'), NOW)).toEqual({ taken: true });
    expect(await records.claim(request('t-lapsed', 'a', { leaseMs: 0 }), NOW)).toEqual({ taken: true });
    // Asked together, so that an engine that takes a turn's claims in one statement takes these in one.
    const claims = await Promise.all([
      records.claim(request('t-new', 'b', { fingerprint: 'fp-new' }), NOW),
      records.claim(request('t-new', 'c', { fingerprint: 'fp-other' }), NOW),
      records.claim(request('t-done', 'b', { fingerprint: 'fp-2' }), NOW),
      records.claim(request('t-held', 'b'), NOW),
      records.claim(request('t-lapsed', 'b', { fingerprint: 'fp-3' }), NOW),
      records.claim(request('t-lapsed', 'c'), NOW),
      records.claim(request('t-done', 'c'), NOW),
    ]);
    expect(claims).toEqual([
      { taken: true },
      { taken: false, fingerprint: 'fp-new' },
      { taken: false, fingerprint: 'fp-1', answer },
      { taken: false, fingerprint: 'fp-1' },
      { taken: true },
      { taken: false, fingerprint: 'fp-3' },
      { taken: false, fingerprint: 'fp-1', answer },
    ]);
    const other = { ...answer, body: '{"meta":{},"data":{"id":"y"}}' };
    const completions = await Promise.all([
      records.complete('t-new', 'c', answer),
      records.complete('t-new', 'b', other),
      records.complete('t-held', 'a', answer),
      records.complete('t-lapsed', 'a', answer),
      records.complete('t-lapsed', 'b', other),
    ]);
    expect(completions).toEqual([false, true, true, false, true]);
    expect(await records.claim(request('t-new', 'd', { fingerprint: 'fp-new' }), NOW)).toEqual({
      taken: false,
      fingerprint: 'fp-new',
      answer: other,
    });
    expect(await records.claim(request('t-lapsed', 'd'), NOW)).toEqual({
      taken: false,
      fingerprint: 'fp-3',
      answer: other,
    });
  });
});

describe.skipIf(!postgresUrl)(onPostgres("a turn's claims when a statement after the first fails"), () => {
  it('give a key the first statement took to its claim, and fail only the claims still to be read', async () => {
    const db = await createTestDatabase();
    const pool = openPostgresPool(db.url, { poolSize: 2, statementTimeoutMs: 10_000 });
    try {
      await migratePostgres(pool);
      let failReads = 1;
      // The pool as the repository sees it, whose turn read fails once (a statement of the database's own failing).
      const flaky = new Proxy(pool, {
        get(target, prop, receiver) {
          if (prop !== 'query') return Reflect.get(target, prop, receiver) as unknown;
          return (config: pg.QueryConfig) => {
            if (config.name === 'idempotency-read-turn' && failReads-- > 0)
              return Promise.reject(new Error('the read failed'));
            return target.query(config);
          };
        },
      });
      const records = postgresIdempotency(flaky);
      expect(await records.claim(request('f-held', 'a'), NOW)).toEqual({ taken: true });
      const [fresh, held] = await Promise.allSettled([
        records.claim(request('f-new', 'b'), NOW),
        records.claim(request('f-held', 'b'), NOW),
      ]);
      // Claimed again on its own, the new key would have found its own hold: 409 for the request that holds it.
      expect(fresh).toEqual({ status: 'fulfilled', value: { taken: true } });
      expect(held).toMatchObject({ status: 'rejected', reason: { message: 'the read failed' } });
      expect(await records.complete('f-new', 'b', answer)).toBe(true);
      expect(await records.claim(request('f-held', 'c'), NOW)).toEqual({ taken: false, fingerprint: 'fp-1' });
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});
