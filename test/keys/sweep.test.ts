import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSweeper, type Sweeper } from '../../src/keys/sweeper.js';
import { TRANSACTION_TTL_MS } from '../../src/keys/context.js';
import { IDEMPOTENCY_TTL_MS } from '../../src/shared/idempotency/step.js';
import {
  ALICE,
  buildKeysHarness,
  cookieJarFetch,
  createTransaction,
  initKey,
  signInByHttp,
  type KeysHarness,
} from './support.js';

const INTERVAL = 60_000;
const secretsLeft = (h: KeysHarness) =>
  h.count('keygen_transactions WHERE sealed_client_secret IS NOT NULL OR sealed_oidc IS NOT NULL');

describe('scheduled sweep of expired transactions', () => {
  let h: KeysHarness;
  let sweeper: Sweeper;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    h = await buildKeysHarness({ listen: true });
    sweeper = startSweeper(
      {
        transactions: h.repos.transactions,
        devProvider: h.repos.devProvider,
        idempotency: h.repos.idempotency,
        clock: h.clock,
      },
      { intervalMs: INTERVAL, batchSize: 2 },
    );
  });
  afterEach(async () => {
    sweeper.stop();
    vi.useRealTimers();
    await h.close();
  });

  it('erases the sealed secrets of expired transactions without another transaction being created', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    for (let i = 0; i < 5; i++) await createTransaction(client, 'generate', key);
    // A prompt POST puts sealed sign-in data on one of them.
    const started = await createTransaction(client, 'generate', key);
    const post = await fetch(started.userPromptUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(303);
    expect(await secretsLeft(h)).toBe(6);
    expect(await h.count('keygen_transactions WHERE sealed_oidc IS NOT NULL')).toBe(1);

    // Before expiry a sweep keeps everything.
    h.clock.advance(TRANSACTION_TTL_MS - 1000);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep();
    expect(await secretsLeft(h)).toBe(6);

    // Past expiry + one interval: the timer's sweep (in batches of 2) has erased all of them.
    h.clock.advance(1000 + INTERVAL);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep(); // joins the sweep the timer started
    expect(await secretsLeft(h)).toBe(0);
    expect(await h.count('keygen_transactions')).toBe(6);

    // A week later the rows themselves are gone.
    h.clock.advance(7 * 24 * 3600_000);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep();
    expect(await h.count('keygen_transactions')).toBe(0);
  });

  it('removes Idempotency-Key records 24 hours after their first request, in batches, and keeps younger ones', async () => {
    const { client } = await h.account();
    for (let i = 0; i < 5; i++) {
      const res = await client.POST('/keys', {
        params: { header: { 'Idempotency-Key': `sweep-${i}` } },
        body: { userSecretProvider: 'dev' },
      });
      expect(res.response.status).toBe(200);
    }
    // One clock: the injected one on SQLite; on PostgreSQL the database's, so the records are aged instead.
    const age = async (ms: number) => {
      if (h.engine === 'sqlite') h.clock.advance(ms);
      else
        await h.query('UPDATE idempotency_records SET expires_at = expires_at - $1, lease_until = lease_until - $1', [
          ms,
        ]);
    };
    await age(IDEMPOTENCY_TTL_MS - 1000);
    await client.POST('/keys', {
      params: { header: { 'Idempotency-Key': 'sweep-young' } },
      body: { userSecretProvider: 'dev' },
    });
    await sweeper.sweep();
    expect(await h.count('idempotency_records')).toBe(6);
    await age(1000);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep();
    expect(await h.count('idempotency_records')).toBe(1);
  });

  it('the timer alone sweeps: no explicit call', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    await createTransaction(client, 'generate', key);
    h.clock.advance(TRANSACTION_TTL_MS + INTERVAL);
    expect(await secretsLeft(h)).toBe(1);
    vi.advanceTimersByTime(INTERVAL);
    await vi.waitFor(async () => expect(await secretsLeft(h)).toBe(0));
  });

  it("deletes the development provider's expired records and passed wrong-password windows", async () => {
    const count = (table: string) => h.count(table);
    const { client } = await h.account();
    const key = await initKey(client);
    const browser = cookieJarFetch(h.origin);
    // To the login page: oidc-provider has stored the interaction; one wrong password is counted.
    const interaction = await signInByHttp(h, (await createTransaction(client, 'generate', key)).userPromptUrl, ALICE, {
      browser,
      stopAt: (url) => url.pathname.includes('/oidc-dev/interaction/'),
    });
    const wrong = await browser(`${interaction.pathname}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'alice', password: 'wrong' }).toString(),
    });
    expect(wrong.status).toBe(400);
    expect(await count('keygen_dev_oidc_records')).toBeGreaterThan(0);
    expect(await count('keygen_dev_login_failures')).toBe(1);

    // The interaction lives 10 minutes, the window 15.
    await sweeper.sweep();
    expect([(await count('keygen_dev_oidc_records')) > 0, await count('keygen_dev_login_failures')]).toEqual([true, 1]);
    h.clock.advance(16 * 60 * 1000);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep();
    expect([await count('keygen_dev_oidc_records'), await count('keygen_dev_login_failures')]).toEqual([0, 0]);
  });
});
