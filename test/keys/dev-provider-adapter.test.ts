import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devProviderAdapter } from '../../src/keys/oidc/dev-provider-adapter.js';
import type { DevOidcRecordRow, DevProviderRepository } from '../../src/keys/repository.js';
import { manualClock } from '../../src/shared/clock.js';
import { engines, type Engine } from '../support/engines.js';
import { openTestSealed, tempDir } from './support.js';

// oidc-provider's adapter over the repository, as two instances (two adapters, each on the root
// opened by itself) see it: what one stores the other reads; the table holds hashes and sealed
// payloads only.

const openRoot = (dir: string, backend?: 'file') =>
  openTestSealed(
    {
      file: path.join(dir, 'root.sealed.json'),
      passphrase: 'correct horse battery staple',
      development: true,
      allowCreate: false,
    },
    backend,
  );

describe.each(engines)('the development provider adapter on %s', (_name, open, available) => {
  let engine: Engine;
  const written: DevOidcRecordRow[] = [];
  const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
  let A: ReturnType<typeof devProviderAdapter>;
  let B: ReturnType<typeof devProviderAdapter>;
  let Elsewhere: ReturnType<typeof devProviderAdapter>;
  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    const inner = engine.repos.devProvider;
    // What the adapter hands the repository, to look at.
    const records: DevProviderRepository = {
      ...inner,
      upsert: (row) => {
        written.push({ ...row, consumedAt: null });
        return inner.upsert(row);
      },
    };
    const dir = tempDir();
    A = devProviderAdapter(records, await openRoot(dir), clock);
    B = devProviderAdapter(records, await openRoot(dir), clock);
    // Another root: a file root of its own (on the token run, the token is the run's one root).
    Elsewhere = devProviderAdapter(records, await openRoot(tempDir(), 'file'), clock);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it.skipIf(!available)('stores for every instance of the root, consumes, expires, revokes by grant', async () => {
    const code = { jti: 'code-value-1', kind: 'AuthorizationCode', grantId: 'grant-1', nonce: 'nonce-1', exp: 1 };
    await new A('AuthorizationCode').upsert('code-value-1', code, 60);
    expect(await new B('AuthorizationCode').find('code-value-1')).toEqual(code);
    // Another model's id space, and another root's instance, do not see it.
    expect(await new B('AccessToken').find('code-value-1')).toBeUndefined();
    expect(await new Elsewhere('AuthorizationCode').find('code-value-1')).toBeUndefined();

    clock.advance(2000);
    await new B('AuthorizationCode').consume('code-value-1');
    clock.advance(5000);
    await new A('AuthorizationCode').consume('code-value-1');
    expect(await new A('AuthorizationCode').find('code-value-1')).toEqual({
      ...code,
      consumed: Date.parse('2024-07-01T08:00:02.000Z') / 1000,
    });

    const session = { jti: 'session-id-1', kind: 'Session', uid: 'session-uid-1', accountId: 'dev-user-alice' };
    await new A('Session').upsert('session-id-1', session, 600);
    expect(await new B('Session').findByUid('session-uid-1')).toEqual(session);
    expect(await new B('Interaction').findByUid('session-uid-1')).toBeUndefined();

    await new A('AccessToken').upsert('token-1', { jti: 'token-1', kind: 'AccessToken', grantId: 'grant-1' }, 300);
    await new A('AccessToken').upsert('token-2', { jti: 'token-2', kind: 'AccessToken', grantId: 'grant-2' }, 300);
    await new B('AuthorizationCode').revokeByGrantId('grant-1');
    expect(await new A('AuthorizationCode').find('code-value-1')).toBeUndefined();
    expect(await new A('AccessToken').find('token-1')).toBeUndefined();
    expect(await new A('AccessToken').find('token-2')).toBeDefined();
    expect(await new A('Session').find('session-id-1')).toEqual(session);

    await new B('Session').destroy('session-id-1');
    expect(await new A('Session').find('session-id-1')).toBeUndefined();

    await new A('Interaction').upsert('interaction-1', { jti: 'interaction-1', kind: 'Interaction' }, 600);
    clock.advance(599_000);
    expect(await new B('Interaction').find('interaction-1')).toBeDefined();
    clock.advance(1000);
    expect(await new B('Interaction').find('interaction-1')).toBeUndefined();

    await expect(
      new A('Grant').upsert('grant-9', { jti: 'grant-9', kind: 'Grant' }, undefined as unknown as number),
    ).rejects.toThrow(/need a lifetime/);
  });

  it.skipIf(!available)('keep no id, uid, grant id or payload in clear', () => {
    expect(written.length).toBeGreaterThanOrEqual(5);
    const clear = [
      'code-value-1',
      'grant-1',
      'nonce-1',
      'session-id-1',
      'session-uid-1',
      'dev-user-alice',
      'token-1',
      'interaction-1',
    ];
    for (const row of written) {
      const stored = JSON.stringify(row);
      for (const value of clear) expect(stored).not.toContain(value);
      expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
