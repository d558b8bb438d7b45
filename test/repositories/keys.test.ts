import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeyRow, TransactionRow } from '../../src/keys/repository.js';
import { engines, type Engine } from '../support/engines.js';
import pg from 'pg';
import { postgresKeysRepositories } from '../../src/keys/repository.pg.js';
import { migratePostgres, openPostgresPool, SWEEP_LOCK } from '../../src/shared/db/postgres.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';

// The key service's repositories, the same cases on each engine: every one-time token is taken
// once (by one conditional statement), expired secrets are swept, and both engines answer alike.

const T0 = new Date('2024-07-01T08:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

const key = (id: string, accountId: string, over: Partial<KeyRow> = {}) => ({
  id,
  accountId,
  provider: 'dev',
  hardwareVersion: 1,
  clientSecretVerifier: 'ab'.repeat(32),
  createdAt: T0.toISOString(),
  ...over,
});

const transaction = (id: string, keyId: string, accountId: string, over: Partial<TransactionRow> = {}) => ({
  id,
  keyId,
  accountId,
  kind: 'generate' as const,
  clientReturnUrl: 'https://app.example/return',
  promptTokenHash: `prompt-${id}`,
  sealedClientSecret: `sealed-secret-${id}`,
  createdAt: T0.toISOString(),
  expiresAt: at(60).toISOString(),
  ...over,
});

async function scenario(e: Engine) {
  const out: Record<string, unknown> = {};
  const { accountId } = await e.account('keys');
  const { keys, transactions } = e.repos;
  await keys.insert(key('key_1', accountId));
  out.key = await keys.find(accountId, 'key_1');
  await keys.insert(
    key('key_t', accountId, { hardwareBackend: 'pkcs11', hardwareVersion: 2, clientSecretVerifier: 'cd'.repeat(32) }),
  );
  await keys.insert(
    key('key_u', accountId, { hardwareBackend: 'pkcs11', hardwareVersion: 2, clientSecretVerifier: 'ef'.repeat(32) }),
  );
  out.rootsInUse = await keys.rootsInUse();
  out.keyOtherAccount = (await keys.find('acc_other', 'key_1')) ?? null;
  out.keyById = await keys.findById('key_1');
  await transactions.insert(transaction('txn_1', 'key_1', accountId));
  out.returnUrl = (await keys.findById('key_1'))?.returnUrl;
  out.byPrompt = await transactions.findByPromptToken('prompt-txn_1');
  out.consumed = await transactions.consumePromptToken('prompt-txn_1', at(1), 'state-1', 'sealed-oidc-1');
  out.consumedAgain = (await transactions.consumePromptToken('prompt-txn_1', at(1), 'state-2', 'x')) ?? null;
  out.signIn = await transactions.takeSignIn('state-1');
  out.signInAgain = (await transactions.takeSignIn('state-1')) ?? null;
  // A sign-in the sealed module could not finish goes back to its prompt link, its state staying taken.
  out.reopened = await transactions.reopenSignIn('txn_1', at(1));
  out.afterReopen = await transactions.findByPromptToken('prompt-txn_1');
  out.signInAfterReopen = (await transactions.takeSignIn('state-1')) ?? null;
  out.consumedAfterReopen = await transactions.consumePromptToken('prompt-txn_1', at(1), 'state-1b', 'sealed-oidc-1b');
  out.signIn2 = await transactions.takeSignIn('state-1b');
  out.bound = await keys.bindUser('key_1', 'binding-1', at(2));
  out.boundAgain = await keys.bindUser('key_1', 'binding-2', at(2));
  await transactions.finish('txn_1', at(2), 'key-token-1');
  out.reopenFinished = await transactions.reopenSignIn('txn_1', at(2));
  out.byKeyToken = await transactions.findByKeyToken('key-token-1');
  out.spentBefore = await transactions.isSpent('key-token-1');
  out.exchangeOtherKey = (await transactions.consumeKeyToken(accountId, 'key_other', 'key-token-1', at(3))) ?? null;
  // The key's id with another account's: nothing is taken, as for another key.
  out.exchangeOtherAccount = (await transactions.consumeKeyToken('acc_other', 'key_1', 'key-token-1', at(3))) ?? null;
  out.spentAfterRefusals = await transactions.isSpent('key-token-1');
  out.exchanged = await transactions.consumeKeyToken(accountId, 'key_1', 'key-token-1', at(3));
  out.exchangedAgain = (await transactions.consumeKeyToken(accountId, 'key_1', 'key-token-1', at(3))) ?? null;
  out.spent = [
    await transactions.isSpent('key-token-1'),
    await transactions.isSpent('prompt-txn_1'),
    await transactions.isSpent('nothing'),
  ];
  // Expiry: secrets go at the sweep after expiry; the rows a week later.
  await transactions.insert(
    transaction('txn_2', 'key_1', accountId, { kind: 'recover', promptTokenHash: 'prompt-txn_2' }),
  );
  await transactions.insert(
    transaction('txn_3', 'key_1', accountId, { promptTokenHash: 'prompt-txn_3', expiresAt: at(600).toISOString() }),
  );
  out.sweptBefore = await transactions.purgeExpiredBatch(at(30), 10);
  out.sweptAfter = await transactions.purgeExpiredBatch(at(61), 10);
  out.txn2AfterExpiry = await transactions.findByPromptToken('prompt-txn_2');
  out.txn3Untouched = (await transactions.findByPromptToken('prompt-txn_3'))?.sealedClientSecret;
  await transactions.purgeExpiredBatch(at(61 + 7 * 24 * 60), 10);
  out.txn2AfterAWeek = (await transactions.findByPromptToken('prompt-txn_2')) ?? null;
  out.spentAfterAWeek = await transactions.isSpent('key-token-1');
  return out;
}

const transcripts: Record<string, Record<string, unknown>> = {};

describe.each(engines)('key repositories on %s', (name, open, available) => {
  let e: Engine;
  beforeAll(async () => {
    if (available) e = await open();
  });
  afterAll(async () => {
    await e?.close();
  });

  it.skipIf(!available)('take each one-time token once and sweep what expired', async () => {
    const t = await scenario(e);
    transcripts[name.startsWith('SQLite') ? 'sqlite' : 'postgres'] = t;
    expect(t.key).toMatchObject({
      id: 'key_1',
      provider: 'dev',
      hardwareBackend: 'file',
      hardwareVersion: 1,
      userBinding: null,
    });
    expect(t.keyOtherAccount).toBeNull();
    // How many keys each root made (what the start checks the module holds).
    expect(t.rootsInUse).toEqual([
      { backend: 'file', version: 1, keys: 1 },
      { backend: 'pkcs11', version: 2, keys: 2 },
    ]);
    expect(t.returnUrl).toBe('https://app.example/return');
    expect(t.consumed).toMatchObject({ id: 'txn_1', promptUsedAt: at(1).toISOString(), oidcStateHash: 'state-1' });
    expect(t.consumedAgain).toBeNull();
    // The sign-in is handed over as it was (with its sealed checks), once.
    expect(t.signIn).toMatchObject({ id: 'txn_1', oidcStateHash: 'state-1', sealedOidc: 'sealed-oidc-1' });
    expect(t.signInAgain).toBeNull();
    expect(t.reopened).toBe(true);
    expect(t.afterReopen).toMatchObject({
      id: 'txn_1',
      promptUsedAt: null,
      oidcStateHash: null,
      sealedOidc: null,
      sealedClientSecret: 'sealed-secret-txn_1',
    });
    expect(t.signInAfterReopen).toBeNull();
    expect(t.consumedAfterReopen).toMatchObject({ id: 'txn_1', oidcStateHash: 'state-1b' });
    expect(t.signIn2).toMatchObject({ id: 'txn_1', sealedOidc: 'sealed-oidc-1b' });
    expect(t.reopenFinished).toBe(false);
    expect([t.bound, t.boundAgain]).toEqual([true, false]);
    expect(t.byKeyToken).toMatchObject({ id: 'txn_1', completedAt: at(2).toISOString(), sealedClientSecret: null });
    expect(t.spentBefore).toBe(false);
    expect(t.exchangeOtherKey).toBeNull();
    expect(t.exchangeOtherAccount).toBeNull();
    expect(t.spentAfterRefusals).toBe(false);
    expect(t.exchanged).toMatchObject({ id: 'txn_1' });
    expect(t.exchangedAgain).toBeNull();
    expect(t.spent).toEqual([true, true, false]);
    expect(t.sweptBefore).toBe(0);
    expect(t.sweptAfter).toBe(1);
    expect(t.txn2AfterExpiry).toMatchObject({ id: 'txn_2', sealedClientSecret: null, sealedOidc: null });
    expect(t.txn3Untouched).toBe('sealed-secret-txn_3');
    expect(t.txn2AfterAWeek).toBeNull();
    expect(t.spentAfterAWeek).toBe(false);
  });

  it.skipIf(!available)('give a token to one of many concurrent takers', async () => {
    const { accountId } = await e.account('race');
    const { keys, transactions } = e.repos;
    await keys.insert(key('key_r', accountId, { clientSecretVerifier: 'cd'.repeat(32) }));
    await transactions.insert(transaction('txn_r', 'key_r', accountId, { promptTokenHash: 'prompt-r' }));
    const prompts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => transactions.consumePromptToken('prompt-r', at(1), `state-r${i}`, 'sealed')),
    );
    expect(prompts.filter(Boolean)).toHaveLength(1);
    const state = prompts.find(Boolean)!.oidcStateHash!;
    const signIns = await Promise.all(Array.from({ length: 20 }, () => transactions.takeSignIn(state)));
    expect(signIns.filter(Boolean)).toHaveLength(1);
    const binds = await Promise.all(Array.from({ length: 20 }, (_, i) => keys.bindUser('key_r', `b${i}`, at(2))));
    expect(binds.filter(Boolean)).toHaveLength(1);
    await transactions.finish('txn_r', at(2), 'key-token-r');
    const exchanges = await Promise.all(
      Array.from({ length: 20 }, () => transactions.consumeKeyToken(accountId, 'key_r', 'key-token-r', at(3))),
    );
    expect(exchanges.filter(Boolean)).toHaveLength(1);
    expect(await transactions.isSpent('key-token-r')).toBe(true);
  });

  it.skipIf(!available)("give each of a turn's exchanges what it would get alone", async () => {
    const { accountId } = await e.account('turn');
    const { keys, transactions } = e.repos;
    await keys.insert(key('key_m', accountId, { clientSecretVerifier: 'ef'.repeat(32) }));
    for (const id of ['txn_m1', 'txn_m2', 'txn_m3', 'txn_m4']) {
      await transactions.insert(
        transaction(id, 'key_m', accountId, { expiresAt: (id === 'txn_m4' ? at(2) : at(60)).toISOString() }),
      );
      await transactions.finish(id, at(1), `key-token-${id}`);
    }
    // Asked together, so that an engine that takes a turn's exchanges in one statement takes these in one.
    const taken = await Promise.all([
      transactions.consumeKeyToken(accountId, 'key_m', 'key-token-txn_m1', at(3)),
      transactions.consumeKeyToken('acc_other', 'key_m', 'key-token-txn_m2', at(3)),
      transactions.consumeKeyToken(accountId, 'key_other', 'key-token-txn_m3', at(3)),
      transactions.consumeKeyToken(accountId, 'key_m', 'key-token-txn_m3', at(3)),
      transactions.consumeKeyToken(accountId, 'key_m', 'key-token-txn_m4', at(3)),
      transactions.consumeKeyToken(accountId, 'key_m', 'key-token-nothing', at(3)),
      transactions.consumeKeyToken(accountId, 'key_m\0', 'key-token-txn_m2', at(3)),
    ]);
    expect(taken.map((row) => row?.id ?? null)).toEqual([
      'txn_m1',
      null,
      null,
      'txn_m3',
      null, // expired
      null,
      null,
    ]);
    expect(taken[0]).toMatchObject({ keyId: 'key_m', accountId, promptTokenHash: 'prompt-txn_m1' });
    expect(Object.keys(taken[0]!).sort()).toEqual(Object.keys(taken[3]!).sort());
    const spent = await Promise.all(
      [
        'key-token-txn_m1',
        'prompt-txn_m1',
        'key-token-txn_m2',
        'prompt-txn_m2',
        'key-token-txn_m3',
        'key-token-txn_m4',
      ].map((h) => transactions.isSpent(h)),
    );
    expect(spent).toEqual([true, true, false, false, true, false]);
    expect(await transactions.consumeKeyToken(accountId, 'key_m', 'key-token-txn_m2', at(3))).toMatchObject({
      id: 'txn_m2',
    });
  });
});

describe.skipIf(!postgresUrl)(onPostgres('the two engines’ key records'), () => {
  it('give the same answers to the same calls', () => {
    expect(Object.keys(transcripts).sort()).toEqual(['postgres', 'sqlite']);
    expect(transcripts.postgres).toEqual(transcripts.sqlite);
  });
});

describe.skipIf(!postgresUrl)(onPostgres('sweeps of several instances'), () => {
  it('run one at a time: while another instance sweeps (holds SWEEP_LOCK), a sweep does nothing; after, it sweeps', async () => {
    const db = await createTestDatabase();
    const pool = openPostgresPool(db.url, { poolSize: 4, statementTimeoutMs: 10_000 });
    const other = new pg.Client({ connectionString: db.url });
    try {
      await migratePostgres(pool);
      const { transactions, keys, devProvider } = postgresKeysRepositories(pool);
      await pool.query("INSERT INTO accounts (id, name, created_at) VALUES ('acc_s', 's', '2024-07-01T08:00:00.000Z')");
      await keys.insert(key('key_s', 'acc_s', { clientSecretVerifier: 'ef'.repeat(32) }));
      await transactions.insert(transaction('txn_s', 'key_s', 'acc_s', { promptTokenHash: 'prompt-s' }));
      await other.connect();
      await other.query('SELECT pg_advisory_lock($1)', [SWEEP_LOCK.toString()]);
      expect(await transactions.purgeExpiredBatch(at(61), 10)).toBe(0);
      expect(await devProvider.purgeExpiredBatch(at(61), 10)).toBe(0);
      expect((await transactions.findByPromptToken('prompt-s'))?.sealedClientSecret).toBe('sealed-secret-txn_s');
      await other.query('SELECT pg_advisory_unlock($1)', [SWEEP_LOCK.toString()]);
      expect(await transactions.purgeExpiredBatch(at(61), 10)).toBe(1);
      expect((await transactions.findByPromptToken('prompt-s'))?.sealedClientSecret).toBeNull();
    } finally {
      await other.end();
      await pool.end();
      await db.drop();
    }
  });
});
