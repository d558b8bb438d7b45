import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordId } from '../../src/shared/idempotency/step.js';
import { keptTestDatabase, type KeptDatabase } from '../support/database.js';
import {
  ALICE,
  BOB,
  buildKeysHarness,
  createTransaction,
  initKey,
  signInByHttp,
  type KeysClient,
  type KeysHarness,
} from './support.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Everything the database holds at rest, as text. SQLite: the bytes of the database file and its
 * WAL (after a checkpoint). PostgreSQL: every row of every table of every schema, each as its
 * text form (`row::text`: every column, bytea as hex).
 */
async function atRest(h: KeysHarness, database: KeptDatabase): Promise<string> {
  if (h.sqlite) {
    h.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return [database.file!, `${database.file!}-wal`]
      .map((f) => {
        try {
          return readFileSync(f).toString('latin1');
        } catch {
          return '';
        }
      })
      .join('');
  }
  const tables = await h.query<{ name: string }>(
    "SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS name FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
  );
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(['public.api_keys', 'public.keygen_keys', 'public.keygen_transactions']),
  );
  const dumps = await Promise.all(
    tables.map(async (t) =>
      (await h.query<{ r: string }>(`SELECT r::text AS r FROM ${t.name} r`)).map((row) => row.r).join('\n'),
    ),
  );
  return dumps.join('\n');
}

describe('key service security, through complete sign-ins', () => {
  let h: KeysHarness;
  let database: KeptDatabase;
  beforeAll(async () => {
    database = await keptTestDatabase();
    h = await buildKeysHarness({ listen: true, database });
  });
  afterAll(async () => {
    await h.close();
    await database.drop();
  });

  const generated = async (client: KeysClient) => {
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const back = await signInByHttp(h, txn.userPromptUrl, ALICE);
    return { key, txn, keyToken: back.searchParams.get('keyToken')! };
  };
  const exchange = (client: KeysClient, keyId: string, keyToken: string) =>
    client.GET('/keys/{keyId}', { params: { path: { keyId }, query: { keyToken } } });

  it('answers a used key token with 400 already_used', async () => {
    const { client } = await h.account();
    const { key, keyToken } = await generated(client);
    expect((await exchange(client, key.id, keyToken)).response.status).toBe(200);
    const again = await exchange(client, key.id, keyToken);
    expect(again.response.status).toBe(400);
    expect(again.error!.error).toMatchObject({ parameter: 'keyToken', in: 'query', reason: 'already_used' });
  });

  it('lets exactly one of two concurrent exchanges of one token succeed', async () => {
    const { client } = await h.account();
    const { key, keyToken } = await generated(client);
    const results = await Promise.all([exchange(client, key.id, keyToken), exchange(client, key.id, keyToken)]);
    expect(results.map((r) => r.response.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.response.status === 400)!.error!.error.reason).toBe('already_used');
  });

  it('answers a tampered key token with 400 invalid, and the genuine one still works', async () => {
    const { client } = await h.account();
    const { key, keyToken } = await generated(client);
    const last = keyToken.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await exchange(client, key.id, keyToken.slice(0, -1) + last);
    expect(tampered.response.status).toBe(400);
    expect(tampered.error!.error).toMatchObject({ parameter: 'keyToken', reason: 'invalid' });
    expect((await exchange(client, key.id, keyToken)).response.status).toBe(200);
  });

  it('answers a key token of an expired transaction (24 h later) with 400 expired', async () => {
    const { client } = await h.account();
    const { key, keyToken } = await generated(client);
    h.clock.advance(DAY);
    const res = await exchange(client, key.id, keyToken);
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ parameter: 'keyToken', reason: 'expired' });
  });

  it('does not exchange a key token under another key or for another account', async () => {
    const a = await h.account('a');
    const b = await h.account('b');
    const { key, keyToken } = await generated(a.client);
    const other = await initKey(a.client);
    expect((await exchange(a.client, other.id, keyToken)).error!.error.reason).toBe('invalid');
    expect((await exchange(b.client, key.id, keyToken)).response.status).toBe(404);
    expect((await exchange(a.client, key.id, keyToken)).response.status).toBe(200);
  });

  it('refuses a used prompt token, on the page and on the button', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    await signInByHttp(h, txn.userPromptUrl, ALICE);
    const page = await fetch(txn.userPromptUrl);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('data-reason="already_used"');
    const post = await fetch(txn.userPromptUrl, { method: 'POST', redirect: 'manual' });
    expect(post.status).toBe(400);
    expect(await post.text()).toContain('data-reason="already_used"');
  });

  it('gives no key to a different user at recovery, and returns the browser with error=identity_mismatch', async () => {
    const { client } = await h.account();
    const { key, keyToken } = await generated(client);
    expect((await exchange(client, key.id, keyToken)).response.status).toBe(200);
    const rec = await createTransaction(client, 'recover', key);
    const back = await signInByHttp(h, rec.userPromptUrl, BOB);
    expect(back.searchParams.get('transactionId')).toBe(rec.id);
    expect(back.searchParams.get('error')).toBe('identity_mismatch');
    expect(back.searchParams.has('keyToken')).toBe(false);
  });

  it('returns a cancelled sign-in with error=access_denied and no key', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const back = await signInByHttp(h, txn.userPromptUrl, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('keyToken')).toBe(false);
    // The key stays unbound: a new generation is allowed.
    await createTransaction(client, 'generate', key);
  });

  it('keeps no client secret, recovery key, token or API key in plaintext in the database (SQLite: its file; PostgreSQL: every row)', async () => {
    const { client, key: apiKey } = await h.account();
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const promptToken = new URL(txn.userPromptUrl).searchParams.get('transactionToken')!;
    const back = await signInByHttp(h, txn.userPromptUrl, ALICE);
    const keyToken = back.searchParams.get('keyToken')!;
    // A second transaction left open, and one completed but not exchanged.
    const open = await createTransaction(client, 'recover', key);
    const openToken = new URL(open.userPromptUrl).searchParams.get('transactionToken')!;
    const pending = await createTransaction(client, 'recover', key);
    const pendingKeyToken = (await signInByHttp(h, pending.userPromptUrl, ALICE)).searchParams.get('keyToken')!;
    const res = await exchange(client, key.id, keyToken);
    const recoveryKey = res.data!.recoveryKey;
    // Answers kept for retries (Idempotency-Key): an init's holds a client secret, a transaction's a prompt URL.
    const kept = await client.POST('/keys', {
      params: { header: { 'Idempotency-Key': 'at-rest-init' } },
      body: { userSecretProvider: 'dev' },
    });
    const keptTxn = await client.POST('/keys/{keyId}/transactions/generate', {
      params: { path: { keyId: kept.data!.id }, header: { 'Idempotency-Key': 'at-rest-txn' } },
      body: { clientSecret: kept.data!.clientSecret, clientReturnUrl: 'http://127.0.0.1:9/return' },
    });
    const keptToken = new URL(keptTxn.data!.userPromptUrl).searchParams.get('transactionToken')!;
    expect(await h.count('idempotency_records WHERE status = 200')).toBe(2);

    const bytes = await atRest(h, database);
    expect(bytes).toContain(key.id);
    expect(bytes).toContain(apiKey.id);
    expect(bytes).toContain(kept.data!.id);
    expect(bytes).toContain(recordId(apiKey.id, 'at-rest-init'));
    for (const secret of [
      key.clientSecret,
      promptToken,
      keyToken,
      recoveryKey,
      openToken,
      pendingKeyToken,
      apiKey.key,
      kept.data!.clientSecret,
      keptToken,
    ]) {
      expect(bytes.includes(secret), `a secret was found in the database: ${secret.slice(0, 6)}…`).toBe(false);
      expect(bytes.includes(Buffer.from(secret).toString('base64'))).toBe(false);
      expect(bytes.includes(Buffer.from(secret).toString('hex'))).toBe(false);
    }
  });
});
