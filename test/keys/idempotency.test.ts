import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysClient } from '../../packages/client/src/index.js';
import type { IdempotencyRepository } from '../../src/shared/idempotency/repository.js';
import { SealedModuleUnavailable, type SealedModule } from '../../src/keys/sealed/sealed-module.js';
import type { Storage } from '../../src/storage.js';
import { appFor } from '../support/app.js';
import { contractFetch } from '../support/contract.js';
import { keptTestDatabase } from '../support/database.js';
import { buildKeysHarness, initKey, keysContract, tempDir, type KeysClient, type KeysHarness } from './support.js';

const DAY = 24 * 60 * 60 * 1000;
const RETURN_URL = 'http://127.0.0.1:9/return';
let n = 0;
const newKey = () => `keys-retry-${process.pid}-${++n}`;

describe('Idempotency-Key on the key service', () => {
  let h: KeysHarness;
  /** The same service on the same database, with a gate before an answer is stored (see `shut`). */
  let gated: { client: (apiKey: string) => KeysClient; shut: () => () => void; hardwareDown: (down: boolean) => void };
  let client: KeysClient;
  let apiKey: Awaited<ReturnType<KeysHarness['account']>>['key'];

  beforeAll(async () => {
    h = await buildKeysHarness();
    ({ client, key: apiKey } = await h.account());
    let gate: Promise<void> = Promise.resolve();
    const records = h.storage.repos.idempotency;
    const idempotency: IdempotencyRepository = {
      ...records,
      complete: async (...args) => {
        await gate;
        return records.complete(...args);
      },
    };
    const storage: Storage = { ...h.storage, repos: { ...h.storage.repos, idempotency } };
    // The harness's sealed module, whose MAC can be made to fail as a token that cannot be reached does.
    let down = false;
    const sealed: SealedModule = {
      get current() {
        return h.sealed.current;
      },
      alwaysAvailable: h.sealed.alwaysAvailable,
      roots: () => h.sealed.roots(),
      derive: (opts) => h.sealed.derive(opts),
      seal: (plaintext, aad) => h.sealed.seal(plaintext, aad),
      unseal: (value, aad) => h.sealed.unseal(value, aad),
      mac: (opts) => {
        if (down) throw new SealedModuleUnavailable('The test token is down.');
        return h.sealed.mac(opts);
      },
      close: async () => {},
    };
    const root = appFor({ storage, clock: h.clock, keys: { config: h.config, sealed }, publicUrl: h.origin });
    gated = {
      client: (key) => createKeysClient({ origin: h.origin, apiKey: key, fetch: contractFetch(root, keysContract) }),
      hardwareDown: (value) => (down = value),
      shut: () => {
        let open!: () => void;
        gate = new Promise<void>((resolve) => (open = resolve));
        return () => {
          gate = Promise.resolve();
          open();
        };
      },
    };
  });
  afterAll(() => h.close());

  const init = (c: KeysClient, key: string, userSecretProvider: 'dev' | 'google' = 'dev') =>
    c.POST('/keys', { params: { header: { 'Idempotency-Key': key } }, body: { userSecretProvider } });
  const generate = (c: KeysClient, key: string, keyId: string, clientSecret: string, clientReturnUrl = RETURN_URL) =>
    c.POST('/keys/{keyId}/transactions/generate', {
      params: { path: { keyId }, header: { 'Idempotency-Key': key } },
      body: { clientSecret, clientReturnUrl },
    });
  const keysOf = (accountId: string) => h.count('keygen_keys WHERE account_id = $1', [accountId]);

  it('gives a retried init the first answer, the same id and clientSecret, marked idempotent-replayed, and makes one key', async () => {
    const key = newKey();
    const before = await keysOf(apiKey.accountId);
    const first = await init(client, key);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    const again = await init(client, key);
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.response.headers.get('cache-control')).toBe('no-store');
    expect(again.data).toEqual(first.data);
    expect(await keysOf(apiKey.accountId)).toBe(before + 1);
    // The replayed client secret is the key's: a transaction accepts it.
    expect((await generate(client, newKey(), again.data!.id, again.data!.clientSecret)).response.status).toBe(200);
  });

  it('keeps the stored answer sealed: its row holds neither the client secret nor the prompt URL', async () => {
    const key = await initKey(client);
    const first = await init(client, newKey());
    const txn = await generate(client, newKey(), key.id, key.clientSecret);
    const rows = (await h.query<{ body: string; headers: string }>('SELECT body, headers FROM idempotency_records'))
      .map((r) => `${r.body}\n${r.headers}`)
      .join('\n');
    expect(rows.length).toBeGreaterThan(0);
    const promptToken = new URL(txn.data!.userPromptUrl).searchParams.get('transactionToken')!;
    for (const secret of [first.data!.clientSecret, promptToken]) {
      expect(rows.includes(secret)).toBe(false);
      expect(rows.includes(Buffer.from(secret).toString('base64'))).toBe(false);
      expect(rows.includes(Buffer.from(secret).toString('hex'))).toBe(false);
    }
  });

  it('gives a retried transaction the same transaction and prompt URL, and makes no second transaction', async () => {
    const key = await initKey(client);
    const idem = newKey();
    const first = await generate(client, idem, key.id, key.clientSecret);
    const again = await generate(client, idem, key.id, key.clientSecret);
    expect([first.response.status, again.response.status, again.response.headers.get('idempotent-replayed')]).toEqual([
      200,
      200,
      'true',
    ]);
    expect(again.data).toEqual(first.data);
    expect(await h.count('keygen_transactions WHERE key_id = $1', [key.id])).toBe(1);
    // The replayed prompt URL is the live one.
    const page = await h.raw(`/prompt${new URL(again.data!.userPromptUrl).search}`);
    expect(page.status).toBe(200);
  });

  it('refuses the same key with another body or on another operation with 422 reused, doing nothing', async () => {
    const idem = newKey();
    const before = await keysOf(apiKey.accountId);
    expect((await init(client, idem)).response.status).toBe(200);
    const key = await initKey(client);
    const other = await init(client, idem, 'google');
    const elsewhere = await generate(client, idem, key.id, key.clientSecret);
    for (const res of [other, elsewhere]) {
      expect(res.response.status).toBe(422);
      expect(res.error).toEqual({
        error: {
          code: 'unprocessable_entity',
          parameter: 'Idempotency-Key',
          in: 'header',
          reason: 'reused',
          message:
            'This Idempotency-Key was used with a different request (path or body); send a new key for a new request.',
          issues: [
            {
              parameter: 'Idempotency-Key',
              in: 'header',
              reason: 'reused',
              message:
                'This Idempotency-Key was used with a different request (path or body); send a new key for a new request.',
            },
          ],
        },
      });
    }
    expect(await keysOf(apiKey.accountId)).toBe(before + 2);
    expect(await h.count('keygen_transactions WHERE key_id = $1', [key.id])).toBe(0);
  });

  it('answers a retry while the first request is still being done with 409 in_progress, then the first answer', async () => {
    const idem = newKey();
    const c = gated.client(apiKey.key);
    const before = await keysOf(apiKey.accountId);
    const open = gated.shut();
    const first = init(c, idem);
    await expect.poll(() => keysOf(apiKey.accountId)).toBe(before + 1);
    const during = await init(c, idem);
    expect(during.response.status).toBe(409);
    expect(during.error?.error).toMatchObject({
      code: 'conflict',
      parameter: 'Idempotency-Key',
      in: 'header',
      reason: 'in_progress',
    });
    expect(during.error?.error.message).toBe(
      'A request with this Idempotency-Key is still being processed; retry it once that request has been answered.',
    );
    open();
    const answered = await first;
    expect(answered.response.status).toBe(200);
    const after = await init(c, idem);
    expect(after.response.headers.get('idempotent-replayed')).toBe('true');
    expect(after.data).toEqual(answered.data);
    expect(await keysOf(apiKey.accountId)).toBe(before + 1);
  });

  it("keeps keys apart by API key: another API key's same Idempotency-Key makes its own key", async () => {
    const idem = newKey();
    const mine = await init(client, idem);
    const other = await h.account('other');
    const theirs = await init(other.client, idem);
    expect(theirs.response.status).toBe(200);
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.data!.id).not.toBe(mine.data!.id);
  });

  it('keeps only successes: a wrong client secret (400) leaves the key free for the corrected request', async () => {
    const key = await initKey(client);
    const idem = newKey();
    const wrong = await generate(client, idem, key.id, 'cs_wrong');
    expect(wrong.response.status).toBe(400);
    expect(wrong.error?.error).toMatchObject({ parameter: 'clientSecret', reason: 'invalid' });
    const right = await generate(client, idem, key.id, key.clientSecret);
    expect(right.response.status).toBe(200);
    expect(right.response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('leaves the key free after a 503 (the secure hardware unreachable): the retry makes the key', async () => {
    const idem = newKey();
    const c = gated.client(apiKey.key);
    const before = await keysOf(apiKey.accountId);
    gated.hardwareDown(true);
    try {
      const unavailable = await init(c, idem);
      expect(unavailable.response.status).toBe(503);
      expect(unavailable.error?.error.code).toBe('unavailable');
    } finally {
      gated.hardwareDown(false);
    }
    const retried = await init(c, idem);
    expect(retried.response.status).toBe(200);
    expect(retried.response.headers.get('idempotent-replayed')).toBeNull();
    expect(await keysOf(apiKey.accountId)).toBe(before + 1);
  });

  it('refuses a malformed key with 400 naming the header, and keeps nothing', async () => {
    const before = await h.count('idempotency_records');
    const keysBefore = await keysOf(apiKey.accountId);
    for (const [idem, why] of [
      ['', 'Too small: expected string to have >=1 characters'],
      ['k'.repeat(256), 'Must be at most 255 characters long.'],
      ['caf\u00e9', 'Invalid string: must match pattern /^[ -~]*$/'],
    ]) {
      const res = await init(client, idem!);
      expect(res.response.status, JSON.stringify(idem)).toBe(400);
      expect(res.error?.error).toMatchObject({
        code: 'bad_request',
        parameter: 'Idempotency-Key',
        in: 'header',
        reason: 'invalid',
      });
      expect(res.error?.error.message).toContain(why);
    }
    expect(await h.count('idempotency_records')).toBe(before);
    expect(await keysOf(apiKey.accountId)).toBe(keysBefore);
  });

  it('frees a key 24 hours after its first request', async () => {
    const idem = newKey();
    const first = await init(client, idem);
    // One clock: the process's (injected) on SQLite, the database's on PostgreSQL (the record is aged there).
    const age = async (ms: number) => {
      if (h.engine === 'sqlite') h.clock.advance(ms);
      else
        await h.query('UPDATE idempotency_records SET expires_at = expires_at - $1, lease_until = lease_until - $1', [
          ms,
        ]);
    };
    await age(DAY - 1000);
    expect((await init(client, idem)).data).toEqual(first.data);
    await age(1000);
    const fresh = await init(client, idem);
    expect(fresh.response.status).toBe(200);
    expect(fresh.response.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.data!.id).not.toBe(first.data!.id);
  });
});

describe('Idempotency-Key across a restart of the key service', () => {
  it('gives a retry sent to a new process on the same database and root the stored answer, unsealed', async () => {
    const dir = tempDir();
    const database = await keptTestDatabase();
    const first = await buildKeysHarness({ database, sealedDir: dir });
    const { client: c1, key: api } = await first.account();
    const created = await c1.POST('/keys', {
      params: { header: { 'Idempotency-Key': 'restart' } },
      body: { userSecretProvider: 'dev' },
    });
    expect(created.response.status).toBe(200);
    await first.close();

    const second = await buildKeysHarness({ database, sealedDir: dir });
    try {
      const c2 = createKeysClient({
        origin: second.origin,
        apiKey: api.key,
        fetch: contractFetch(second.root, keysContract),
      });
      const again = await c2.POST('/keys', {
        params: { header: { 'Idempotency-Key': 'restart' } },
        body: { userSecretProvider: 'dev' },
      });
      expect(again.response.status).toBe(200);
      expect(again.response.headers.get('idempotent-replayed')).toBe('true');
      expect(again.data).toEqual(created.data);
      expect(await second.count('keygen_keys WHERE account_id = $1', [api.accountId])).toBe(1);
    } finally {
      await second.close();
      await database.drop();
    }
  });
});
