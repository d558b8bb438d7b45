import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pkcs11Library } from '../../src/keys/sealed/pkcs11.js';
import { tokenHash } from '../../src/keys/secrets.js';
import { onToken, softhsm } from '../support/softhsm.js';
import {
  ALICE,
  buildKeysHarness,
  cookieJarFetch,
  createTransaction,
  initKey,
  signInByHttp,
  type KeysHarness,
} from './support.js';

// A token that stops answering while the service runs: every key operation answers 503 (the API in
// its documented error body, the user's pages with a page) and consumes nothing, and the same
// transaction completes once the token is back. "Unreachable" is the PKCS#11 library finalised
// under the service (C_Finalize: every session and handle gone, every call CKR_CRYPTOKI_NOT_INITIALIZED);
// "back" is the library initialised again, which the module notices by itself (new sessions, new login).

describe.skipIf(!softhsm)(onToken('a token that fails while the service runs'), () => {
  let h: KeysHarness;
  let lib: Awaited<ReturnType<typeof pkcs11Library>>['lib'];
  const warnings: string[] = [];
  beforeAll(async () => {
    h = await buildKeysHarness({
      listen: true,
      sealed: 'pkcs11',
      logger: { warn: (_o, msg) => warnings.push(msg), error: (_o, msg) => warnings.push(`ERROR ${msg}`) },
    });
    lib = (await pkcs11Library(softhsm!.module)).lib;
  });
  afterAll(() => h?.close());

  const unplugged = async <T>(fn: () => Promise<T>): Promise<T> => {
    lib.C_Finalize();
    try {
      return await fn();
    } finally {
      lib.C_Initialize();
    }
  };
  const count = (fromWhere: string, params: unknown[] = []) => h.count(fromWhere, params);
  const expect503 = (res: { response: Response; error?: unknown }) => {
    expect(res.response.status).toBe(503);
    expect(res.response.headers.get('retry-after')).toBe('5');
    expect(res.error).toEqual({
      error: {
        code: 'unavailable',
        message: expect.stringMatching(/secure hardware cannot be reached .* Nothing was consumed/),
      },
    });
  };

  it('answers 503 on init, on a new transaction and on the exchange, consumes nothing, and the same transaction completes afterwards', async () => {
    const { client } = await h.account();

    // initKey: no key record is made.
    const keysBefore = await count('keygen_keys');
    expect503(await unplugged(() => client.POST('/keys', { body: { userSecretProvider: 'dev' } })));
    expect(await count('keygen_keys')).toBe(keysBefore);
    const key = await initKey(client);

    // createGenerateTransaction: no transaction is made.
    const txnsBefore = await count('keygen_transactions');
    expect503(
      await unplugged(() =>
        client.POST('/keys/{keyId}/transactions/generate', {
          params: { path: { keyId: key.id } },
          body: { clientSecret: key.clientSecret, clientReturnUrl: 'http://127.0.0.1:9/return' },
        }),
      ),
    );
    expect(await count('keygen_transactions')).toBe(txnsBefore);
    const txn = await createTransaction(client, 'generate', key);

    // The user's button (startUserSignIn): a 503 page, and the link still works.
    const pressed = await unplugged(() => fetch(txn.userPromptUrl, { method: 'POST', redirect: 'manual' }));
    expect(pressed.status).toBe(503);
    expect(await pressed.text()).toContain('data-reason="hardware_unavailable"');
    expect((await fetch(txn.userPromptUrl)).status).toBe(200);

    // The provider's redirect back (completeUserSignIn): a 503 page; the sign-in is given back to
    // the prompt link, and no key token was issued.
    const browser = cookieJarFetch(h.origin);
    const callback = await signInByHttp(h, txn.userPromptUrl, ALICE, {
      browser,
      stopAt: (url) => url.pathname === '/keygen/oidc/callback',
    });
    expect(callback.pathname).toBe('/keygen/oidc/callback');
    const back = await unplugged(() => browser(callback.href));
    expect(back.status).toBe(503);
    expect(await back.text()).toMatch(/Open the link from the application again/);
    expect(
      await h.query('SELECT prompt_used_at, key_token_hash, completed_at FROM keygen_transactions WHERE id = $1', [
        txn.id,
      ]),
    ).toEqual([{ prompt_used_at: null, key_token_hash: null, completed_at: null }]);
    // The same link, the same transaction: a new sign-in completes it.
    const done = await signInByHttp(h, txn.userPromptUrl, ALICE);
    expect(done.searchParams.get('transactionId')).toBe(txn.id);
    const keyToken = done.searchParams.get('keyToken')!;
    expect(keyToken).toMatch(/^kt_/);

    // exchangeKeyToken: 503, and the key token is not spent.
    const exchange = () => client.GET('/keys/{keyId}', { params: { path: { keyId: key.id }, query: { keyToken } } });
    expect503(await unplugged(exchange));
    expect(await count('keygen_spent_tokens WHERE token_hash = $1', [tokenHash(keyToken)])).toBe(0);
    expect(await count('keygen_transactions WHERE id = $1', [txn.id])).toBe(1);
    const got = await exchange();
    expect(got.response.status).toBe(200);
    expect(got.data!.recoveryKey).toMatch(/^[0-9a-z]{50}$/);
    expect((await exchange()).error!.error.reason).toBe('already_used');

    // And a recovery afterwards gives the same key.
    const rec = await createTransaction(client, 'recover', key);
    const again = await signInByHttp(h, rec.userPromptUrl, ALICE);
    const recovered = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: again.searchParams.get('keyToken')! } },
    });
    expect(recovered.data!.recoveryKey).toBe(got.data!.recoveryKey);

    // The log says why, and never holds the PIN.
    expect(warnings.some((w) => /sealed module is unavailable/.test(w))).toBe(true);
    expect(warnings.join('\n')).not.toContain(softhsm!.pin);
    expect(warnings.filter((w) => w.startsWith('ERROR'))).toEqual([]);
  });
});
