import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sqliteKeysRepositories } from '../../src/keys/repository.js';
import { startSweeper, type Sweeper } from '../../src/keys/sweeper.js';
import { TRANSACTION_TTL_MS } from '../../src/keys/context.js';
import { buildKeysHarness, createTransaction, initKey, type KeysHarness } from './support.js';

const INTERVAL = 60_000;
const secretsLeft = (h: KeysHarness) =>
  h.sqlite.prepare('SELECT count(*) AS n FROM keygen_transactions WHERE sealed_client_secret IS NOT NULL OR sealed_oidc IS NOT NULL').get() as { n: number };

describe('scheduled sweep of expired transactions', () => {
  let h: KeysHarness;
  let sweeper: Sweeper;
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    h = await buildKeysHarness({ listen: true });
    const repos = sqliteKeysRepositories(h.db);
    sweeper = startSweeper({ transactions: repos.transactions, devProvider: repos.devProvider, clock: h.clock }, { intervalMs: INTERVAL, batchSize: 2 });
  });
  afterEach(async () => {
    sweeper.stop();
    vi.useRealTimers();
    await h.close();
  });

  it('erases the sealed secrets of expired transactions without another transaction being created', async () => {
    const { client } = h.account();
    const key = await initKey(client);
    for (let i = 0; i < 5; i++) await createTransaction(client, 'generate', key);
    // A prompt POST puts sealed sign-in data on one of them.
    const started = await createTransaction(client, 'generate', key);
    const post = await fetch(started.userPromptUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(post.status).toBe(303);
    expect(secretsLeft(h).n).toBe(6);
    expect((h.sqlite.prepare('SELECT count(*) AS n FROM keygen_transactions WHERE sealed_oidc IS NOT NULL').get() as { n: number }).n).toBe(1);

    // Before expiry a sweep keeps everything.
    h.clock.advance(TRANSACTION_TTL_MS - 1000);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep();
    expect(secretsLeft(h).n).toBe(6);

    // Past expiry + one interval: the timer's sweep (in batches of 2) has erased all of them.
    h.clock.advance(1000 + INTERVAL);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep(); // joins the sweep the timer started
    expect(secretsLeft(h).n).toBe(0);
    expect((h.sqlite.prepare('SELECT count(*) AS n FROM keygen_transactions').get() as { n: number }).n).toBe(6);

    // A week later the rows themselves are gone.
    h.clock.advance(7 * 24 * 3600_000);
    vi.advanceTimersByTime(INTERVAL);
    await sweeper.sweep();
    expect((h.sqlite.prepare('SELECT count(*) AS n FROM keygen_transactions').get() as { n: number }).n).toBe(0);
  });

  it('the timer alone sweeps: no explicit call', async () => {
    const { client } = h.account();
    const key = await initKey(client);
    await createTransaction(client, 'generate', key);
    h.clock.advance(TRANSACTION_TTL_MS + INTERVAL);
    expect(secretsLeft(h).n).toBe(1);
    vi.advanceTimersByTime(INTERVAL);
    await vi.waitFor(() => expect(secretsLeft(h).n).toBe(0));
  });
});
