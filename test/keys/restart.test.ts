import { describe, expect, it } from 'vitest';
import { keptTestDatabase } from '../support/database.js';
import { tokenConfig } from '../support/softhsm.js';
import {
  ALICE,
  BOB,
  buildKeysHarness,
  cookieJarFetch,
  createTransaction,
  initKey,
  loadTestSealed,
  signInByHttp,
  tempDir,
  testSealed,
} from './support.js';

describe('restart', () => {
  it(`recovers the same key after a restart with the same root; another ${testSealed === 'pkcs11' ? 'PIN' : 'passphrase'} fails at start`, async () => {
    const dir = tempDir();
    const database = await keptTestDatabase();
    const first = await buildKeysHarness({ listen: true, database, sealedDir: dir });
    const port = Number(new URL(first.origin).port);
    const { client, key: apiKey } = await first.account();
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const back = await signInByHttp(first, txn.userPromptUrl, ALICE);
    const generated = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: back.searchParams.get('keyToken')! } },
    });
    await first.close();
    // Let pooled keep-alive connections to the old server notice that it is gone.
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Same port, so the embedded provider keeps its issuer (the user's identity is issuer + sub).
    const second = await buildKeysHarness({ listen: port, database, sealedDir: dir });
    try {
      const createClient = (await import('openapi-fetch')).default;
      const again = createClient<import('../../generated/keys/types.js').paths>({
        baseUrl: `${second.origin}/keygen`,
        fetch: async (input: Request) => second.root.request(input),
        headers: { 'X-Api-Key': apiKey.key },
      });
      const rec = await createTransaction(again, 'recover', key);
      const back2 = await signInByHttp(second, rec.userPromptUrl, ALICE);
      const recovered = await again.GET('/keys/{keyId}', {
        params: { path: { keyId: key.id }, query: { keyToken: back2.searchParams.get('keyToken')! } },
      });
      expect(recovered.data!.recoveryKey).toBe(generated.data!.recoveryKey);

      // The same root (the file in `dir` on SQLite, the database's row on PostgreSQL, or the token)
      // under another passphrase or PIN: the start stops and says which, never with the secret itself.
      if (testSealed === 'pkcs11') {
        await expect(
          loadTestSealed(second.storage, {
            ...second.config.sealedRoot,
            pkcs11: tokenConfig('suite', { pin: 'a-wrong-pin' }),
          }),
        ).rejects.toThrow(
          /^KEYGEN_PKCS11_PIN is not the user PIN of the PKCS#11 token "keygen-suite" \((CKR_PIN_INCORRECT|another PIN is logged in)\)\.$/,
        );
      } else {
        await expect(
          loadTestSealed(second.storage, { ...second.config.sealedRoot, passphrase: 'a different passphrase' }),
        ).rejects.toThrow(/Cannot unseal the root secret .* is not the secret it was sealed with/);
      }
    } finally {
      await second.close();
      await database.drop();
    }
  });

  it('with the development provider, a new port (a new issuer URL) keeps the key recoverable by the same user only', async () => {
    const dir = tempDir();
    const database = await keptTestDatabase();
    const first = await buildKeysHarness({ listen: true, database, sealedDir: dir });
    const { client, key: apiKey } = await first.account();
    const key = await initKey(client);
    const back = await signInByHttp(first, (await createTransaction(client, 'generate', key)).userPromptUrl, ALICE);
    const generated = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: back.searchParams.get('keyToken')! } },
    });
    await first.close();

    // Another port: PUBLIC_URL's default, and so the provider's issuer URL, changes.
    const second = await buildKeysHarness({ listen: true, database, sealedDir: dir });
    try {
      expect(second.origin).not.toBe(first.origin);
      const createClient = (await import('openapi-fetch')).default;
      const again = createClient<import('../../generated/keys/types.js').paths>({
        baseUrl: `${second.origin}/keygen`,
        fetch: async (input: Request) => second.root.request(input),
        headers: { 'X-Api-Key': apiKey.key },
      });
      const back2 = await signInByHttp(second, (await createTransaction(again, 'recover', key)).userPromptUrl, ALICE);
      const recovered = await again.GET('/keys/{keyId}', {
        params: { path: { keyId: key.id }, query: { keyToken: back2.searchParams.get('keyToken')! } },
      });
      expect(recovered.data!.recoveryKey).toBe(generated.data!.recoveryKey);
      const back3 = await signInByHttp(second, (await createTransaction(again, 'recover', key)).userPromptUrl, BOB);
      expect(back3.searchParams.get('error')).toBe('identity_mismatch');
    } finally {
      await second.close();
      await database.drop();
    }
  });

  it('continues a sign-in started before the restart: the login form shown by the old process is answered by the new one', async () => {
    const dir = tempDir();
    const database = await keptTestDatabase();
    const first = await buildKeysHarness({ listen: true, database, sealedDir: dir });
    const port = Number(new URL(first.origin).port);
    const { client, key: apiKey } = await first.account();
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const browser = cookieJarFetch(first.origin);
    const interaction = await signInByHttp(first, txn.userPromptUrl, ALICE, {
      browser,
      stopAt: (url) => url.pathname.includes('/oidc-dev/interaction/'),
    });
    const page = await browser(interaction.href);
    expect(page.status).toBe(200);
    const action = [...(await page.text()).matchAll(/action="([^"]+)"/g)]
      .map((m) => m[1]!)
      .find((a) => a.endsWith('/login'))!;
    await first.close();
    await new Promise((resolve) => setTimeout(resolve, 200));

    const second = await buildKeysHarness({ listen: port, database, sealedDir: dir });
    try {
      let res = await browser(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(ALICE).toString(),
      });
      while (res.status === 303 || res.status === 302) {
        const next = new URL(res.headers.get('location')!, second.origin);
        if (next.origin !== second.origin) break;
        res = await browser(next.href);
      }
      const back = new URL(res.headers.get('location')!);
      expect(back.origin).toBe('http://127.0.0.1:9');
      const createClient = (await import('openapi-fetch')).default;
      const again = createClient<import('../../generated/keys/types.js').paths>({
        baseUrl: `${second.origin}/keygen`,
        fetch: async (input: Request) => second.root.request(input),
        headers: { 'X-Api-Key': apiKey.key },
      });
      const generated = await again.GET('/keys/{keyId}', {
        params: { path: { keyId: key.id }, query: { keyToken: back.searchParams.get('keyToken')! } },
      });
      expect(generated.data!.recoveryKey).toMatch(/^[0-9a-z]{50}$/);
    } finally {
      await second.close();
      await database.drop();
    }
  });
});
