import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, buildKeysHarness, createTransaction, initKey, signInByHttp, tempDir, type KeysClient, type KeysHarness } from './support.js';

const DAY = 24 * 60 * 60 * 1000;

describe('key service security, through complete sign-ins', () => {
  let h: KeysHarness;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    h = await buildKeysHarness({ listen: true, dbFile: path.join(dir, 'keys.db') });
  });
  afterAll(() => h.close());

  const generated = async (client: KeysClient) => {
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const back = await signInByHttp(h, txn.userPromptUrl, ALICE);
    return { key, txn, keyToken: back.searchParams.get('keyToken')! };
  };
  const exchange = (client: KeysClient, keyId: string, keyToken: string) =>
    client.GET('/keys/{keyId}', { params: { path: { keyId }, query: { keyToken } } });

  it('answers a used key token with 400 already_used', async () => {
    const { client } = h.account();
    const { key, keyToken } = await generated(client);
    expect((await exchange(client, key.id, keyToken)).response.status).toBe(200);
    const again = await exchange(client, key.id, keyToken);
    expect(again.response.status).toBe(400);
    expect(again.error!.error).toMatchObject({ parameter: 'keyToken', in: 'query', reason: 'already_used' });
  });

  it('lets exactly one of two concurrent exchanges of one token succeed', async () => {
    const { client } = h.account();
    const { key, keyToken } = await generated(client);
    const results = await Promise.all([exchange(client, key.id, keyToken), exchange(client, key.id, keyToken)]);
    expect(results.map((r) => r.response.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.response.status === 400)!.error!.error.reason).toBe('already_used');
  });

  it('answers a tampered key token with 400 invalid, and the genuine one still works', async () => {
    const { client } = h.account();
    const { key, keyToken } = await generated(client);
    const last = keyToken.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await exchange(client, key.id, keyToken.slice(0, -1) + last);
    expect(tampered.response.status).toBe(400);
    expect(tampered.error!.error).toMatchObject({ parameter: 'keyToken', reason: 'invalid' });
    expect((await exchange(client, key.id, keyToken)).response.status).toBe(200);
  });

  it('answers a key token of an expired transaction (24 h later) with 400 expired', async () => {
    const { client } = h.account();
    const { key, keyToken } = await generated(client);
    h.clock.advance(DAY);
    const res = await exchange(client, key.id, keyToken);
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ parameter: 'keyToken', reason: 'expired' });
  });

  it('does not exchange a key token under another key or for another account', async () => {
    const a = h.account('a');
    const b = h.account('b');
    const { key, keyToken } = await generated(a.client);
    const other = await initKey(a.client);
    expect((await exchange(a.client, other.id, keyToken)).error!.error.reason).toBe('invalid');
    expect((await exchange(b.client, key.id, keyToken)).response.status).toBe(404);
    expect((await exchange(a.client, key.id, keyToken)).response.status).toBe(200);
  });

  it('refuses a used prompt token, on the page and on the button', async () => {
    const { client } = h.account();
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
    const { client } = h.account();
    const { key, keyToken } = await generated(client);
    expect((await exchange(client, key.id, keyToken)).response.status).toBe(200);
    const rec = await createTransaction(client, 'recover', key);
    const back = await signInByHttp(h, rec.userPromptUrl, BOB);
    expect(back.searchParams.get('transactionId')).toBe(rec.id);
    expect(back.searchParams.get('error')).toBe('identity_mismatch');
    expect(back.searchParams.has('keyToken')).toBe(false);
  });

  it('returns a cancelled sign-in with error=access_denied and no key', async () => {
    const { client } = h.account();
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const back = await signInByHttp(h, txn.userPromptUrl, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('keyToken')).toBe(false);
    // The key stays unbound: a new generation is allowed.
    await createTransaction(client, 'generate', key);
  });

  it('keeps no client secret, recovery key or token in plaintext in the database file', async () => {
    const { client, key: apiKey } = h.account();
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

    h.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const files = ['keys.db', 'keys.db-wal'].map((f) => path.join(dir, f));
    const contents = files.map((f) => {
      try {
        return readFileSync(f).toString('latin1');
      } catch {
        return '';
      }
    });
    const bytes = contents.join('');
    expect(bytes).toContain(key.id);
    for (const secret of [key.clientSecret, promptToken, keyToken, recoveryKey, openToken, pendingKeyToken, apiKey.key]) {
      expect(bytes.includes(secret), `a secret was found in the database: ${secret.slice(0, 6)}…`).toBe(false);
      expect(bytes.includes(Buffer.from(secret).toString('base64'))).toBe(false);
    }
  });
});
