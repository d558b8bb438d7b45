import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevOidcRecordRow } from '../../src/keys/repository.js';
import { engines, type Engine } from '../support/engines.js';
import { onPostgres, postgresUrl } from '../support/postgres.js';

// The development provider's records (oidc-provider's sessions, interactions, codes…) and its
// wrong-password counts, the same cases on each engine: expired ones are never read and are swept,
// a consumption keeps its first time, a grant's revocation takes its codes and tokens only.

const T0 = new Date('2024-07-01T08:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

const record = (id: string, over: Partial<Omit<DevOidcRecordRow, 'consumedAt'>> = {}) => ({
  id,
  model: 'AuthorizationCode',
  payload: `sealed-${id}`,
  uid: null,
  grantId: null,
  expiresAt: at(60).toISOString(),
  ...over,
});

async function scenario(e: Engine) {
  const out: Record<string, unknown> = {};
  const r = e.repos.devProvider;
  await r.upsert(record('code-1', { grantId: 'grant-1' }));
  await r.upsert(record('token-1', { model: 'AccessToken', grantId: 'grant-1' }));
  await r.upsert(record('code-2', { grantId: 'grant-2' }));
  await r.upsert(record('session-1', { model: 'Session', uid: 'uid-1', expiresAt: at(600).toISOString() }));
  await r.upsert(record('interaction-1', { model: 'Interaction', uid: 'uid-1', expiresAt: at(600).toISOString() }));
  out.found = await r.find('code-1', at(1));
  out.foundAtExpiry = (await r.find('code-1', at(60))) ?? null;
  out.unknown = (await r.find('nothing', at(1))) ?? null;
  out.byUid = await r.findByUid('Session', 'uid-1', at(1));
  out.byUidOtherModel = (await r.findByUid('Grant', 'uid-1', at(1))) ?? null;
  out.byUidExpired = (await r.findByUid('Session', 'uid-1', at(600))) ?? null;
  await r.consume('code-1', at(2));
  await r.consume('code-1', at(3));
  out.consumed = (await r.find('code-1', at(4)))?.consumedAt;
  // A new save replaces the record: payload, expiry, and no longer consumed.
  await r.upsert(record('code-1', { payload: 'sealed-again', grantId: 'grant-1', expiresAt: at(120).toISOString() }));
  out.replaced = await r.find('code-1', at(90));
  await r.revokeByGrantId('grant-1');
  out.afterRevoke = [
    (await r.find('code-1', at(5))) ?? null,
    (await r.find('token-1', at(5))) ?? null,
    (await r.find('code-2', at(5)))?.id,
  ];
  await r.destroy('code-2');
  out.afterDestroy = (await r.find('code-2', at(5))) ?? null;

  // Wrong passwords: counted in the window the first opened; a passed window starts again at 1.
  const window = (seconds: number) => at(seconds + 900);
  out.failuresNone = await r.loginFailures('name-a', at(0));
  for (let i = 0; i < 3; i++) await r.addLoginFailure('name-a', at(i), window(i));
  await r.addLoginFailure('name-b', at(0), window(0));
  out.failures = [await r.loginFailures('name-a', at(10)), await r.loginFailures('name-b', at(10))];
  out.failuresAfterWindow = await r.loginFailures('name-a', at(900));
  await r.addLoginFailure('name-a', at(901), window(901));
  out.failuresNewWindow = [await r.loginFailures('name-a', at(902)), await r.loginFailures('name-a', at(1801))];
  await r.clearLoginFailures('name-b');
  out.failuresCleared = await r.loginFailures('name-b', at(10));

  // The sweep: nothing before expiry, then every expired record and passed window, in batches.
  await r.addLoginFailure('name-c', at(0), window(0));
  out.sweptEarly = await r.purgeExpiredBatch(at(10), 10);
  out.sweptBatch = await r.purgeExpiredBatch(at(3600), 1);
  out.sweptRest = await r.purgeExpiredBatch(at(3600), 10);
  out.sweptDone = await r.purgeExpiredBatch(at(3600), 10);
  out.afterSweep = [(await r.find('session-1', at(0))) ?? null, await r.loginFailures('name-a', at(1000))];
  return out;
}

const transcripts: Record<string, Record<string, unknown>> = {};

describe.each(engines)('development provider records on %s', (name, open, available) => {
  let e: Engine;
  beforeAll(async () => {
    if (available) e = await open();
  });
  afterAll(async () => {
    await e?.close();
  });

  it.skipIf(!available)(
    'never give an expired record, keep the first consumption, revoke by grant, count wrong passwords per window, sweep',
    async () => {
      const t = await scenario(e);
      transcripts[name.startsWith('SQLite') ? 'sqlite' : 'postgres'] = t;
      expect(t.found).toEqual({ ...record('code-1', { grantId: 'grant-1' }), consumedAt: null });
      expect(t.foundAtExpiry).toBeNull();
      expect(t.unknown).toBeNull();
      expect(t.byUid).toMatchObject({ id: 'session-1', model: 'Session' });
      expect(t.byUidOtherModel).toBeNull();
      expect(t.byUidExpired).toBeNull();
      expect(t.consumed).toBe(at(2).toISOString());
      expect(t.replaced).toMatchObject({
        id: 'code-1',
        payload: 'sealed-again',
        consumedAt: null,
        expiresAt: at(120).toISOString(),
      });
      expect(t.afterRevoke).toEqual([null, null, 'code-2']);
      expect(t.afterDestroy).toBeNull();
      expect(t.failuresNone).toBe(0);
      expect(t.failures).toEqual([3, 1]);
      expect(t.failuresAfterWindow).toBe(0);
      expect(t.failuresNewWindow).toEqual([1, 0]);
      expect(t.failuresCleared).toBe(0);
      expect(t.sweptEarly).toBe(0);
      // Left: session-1 and interaction-1; windows name-a and name-c (batches of 1, then the rest).
      expect([t.sweptBatch, t.sweptRest, t.sweptDone]).toEqual([1, 1, 0]);
      expect(t.afterSweep).toEqual([null, 0]);
    },
  );

  it.skipIf(!available)('count every wrong password of instances at once', async () => {
    const r = e.repos.devProvider;
    await Promise.all(Array.from({ length: 20 }, () => r.addLoginFailure('name-race', at(0), at(900))));
    expect(await r.loginFailures('name-race', at(1))).toBe(20);
  });
});

describe.skipIf(!postgresUrl)(onPostgres('the two engines’ development provider records'), () => {
  it('give the same answers to the same calls', () => {
    expect(Object.keys(transcripts).sort()).toEqual(['postgres', 'sqlite']);
    expect(transcripts.postgres).toEqual(transcripts.sqlite);
  });
});
