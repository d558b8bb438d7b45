import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildKeysHarness, createTransaction, initKey, type KeysHarness } from './support.js';

const DAY = 24 * 60 * 60 * 1000;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe('key service API (in process)', () => {
  let h: KeysHarness;
  beforeAll(async () => {
    h = await buildKeysHarness();
  });
  afterAll(() => h.close());

  it('initializes a key: an id and a one-time client secret of the documented shape', async () => {
    const { client } = await h.account();
    const res = await client.POST('/keys', { body: { userSecretProvider: 'dev' } });
    expect(res.response.status).toBe(200);
    expect(res.data!.id).toMatch(/^key_[0-9a-f]{32}$/);
    expect(res.data!.clientSecret).toMatch(/^cs_[A-Za-z0-9_-]{43}$/);
    expect(res.response.headers.get('cache-control')).toBe('no-store');
  });

  describe('X-Api-Key', () => {
    it.each([
      ['missing', undefined, 'missing'],
      ['empty', '', 'missing'],
      ['unknown', 'svc_not-a-key', 'invalid'],
    ])('%s → 400 naming the header', async (_label, value, reason) => {
      const res = await h.raw(
        '/keys',
        json({ userSecretProvider: 'dev' }, value === undefined ? {} : { 'X-Api-Key': value }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({
        code: 'bad_request',
        parameter: 'X-Api-Key',
        in: 'header',
        reason,
      });
    });

    it('revoked → 400 invalid', async () => {
      const { key } = await h.account();
      h.clock.advance(2000);
      expect(await h.repos.apiKeys.revoke(h.clock.now(), key.id)).toBe(true);
      const res = await h.raw('/keys', json({ userSecretProvider: 'dev' }, { 'X-Api-Key': key.key }));
      expect(res.status).toBe(400);
      expect((await res.json()).error.reason).toBe('invalid');
    });

    it('is checked on the exchange too', async () => {
      const res = await h.raw('/keys/key_00000000000000000000000000000000?keyToken=kt_x');
      expect(res.status).toBe(400);
      expect((await res.json()).error.parameter).toBe('X-Api-Key');
    });
  });

  describe('request validation', () => {
    it.each([
      ['no body field', {}, 'userSecretProvider', 'missing'],
      ['a provider outside the enum', { userSecretProvider: 'myspace' }, 'userSecretProvider', 'invalid'],
      ['an unknown property', { userSecretProvider: 'dev', extra: 1 }, 'extra', 'invalid'],
      ['a provider this server has not configured', { userSecretProvider: 'google' }, 'userSecretProvider', 'invalid'],
    ])('initKey with %s → 400', async (_label, body, parameter, reason) => {
      const { key } = await h.account();
      const res = await h.raw('/keys', json(body, { 'X-Api-Key': key.key }));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ parameter, in: 'body', reason });
    });

    it('a body that is not JSON → 400 body invalid', async () => {
      const { key } = await h.account();
      const res = await h.raw('/keys', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Api-Key': key.key },
        body: '{',
      });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ parameter: 'body', reason: 'invalid' });
    });

    it('a body over 64 KiB → 400 body invalid', async () => {
      const { key } = await h.account();
      const res = await h.raw(
        '/keys',
        json({ userSecretProvider: 'dev', pad: 'x'.repeat(64 * 1024) }, { 'X-Api-Key': key.key }),
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ parameter: 'body', reason: 'invalid' });
    });

    it('exchange without keyToken → 400 missing', async () => {
      const { client } = await h.account();
      const key = await initKey(client);
      const res = await client.GET('/keys/{keyId}', {
        params: { path: { keyId: key.id }, query: {} as { keyToken: string } },
      });
      expect(res.response.status).toBe(400);
      expect(res.error!.error).toMatchObject({ parameter: 'keyToken', in: 'query', reason: 'missing' });
    });
  });

  describe('every problem of a request', () => {
    it('lists the issues of the path and of the body together, the first one repeated in error', async () => {
      const { client } = await h.account();
      const res = await client.POST('/keys/{keyId}/transactions/generate', {
        params: { path: { keyId: 'not a key id!' } },
        body: { clientReturnUrl: 'https://app.example.com/return', extra: 1 } as never,
      });
      expect(res.response.status).toBe(400);
      const issues = res.error!.error.issues!.map((i) => `${i.in}:${i.parameter}:${i.reason}`);
      // A malformed keyId is not a 400 problem: it names no key (404 once the body is valid).
      expect(issues).toEqual(['body:clientSecret:missing', 'body:extra:invalid']);
      expect(res.error!.error).toMatchObject({ parameter: 'clientSecret', in: 'body', reason: 'missing' });
    });
  });

  describe('transactions', () => {
    it("answers an unknown keyId, and another account's key, with 404", async () => {
      const a = await h.account('a');
      const b = await h.account('b');
      const key = await initKey(a.client);
      for (const [client, keyId] of [
        [a.client, 'key_0123456789abcdef0123456789abcdef'],
        // Malformed ids name no key either: 404, not 400.
        [a.client, 'not a key id!'],
        [a.client, 'k'.repeat(65)],
        [a.client, 'key_ü*?'],
        [b.client, key.id],
      ] as const) {
        const res = await client.POST('/keys/{keyId}/transactions/generate', {
          params: { path: { keyId } },
          body: { clientSecret: key.clientSecret, clientReturnUrl: 'https://app.example/return' },
        });
        expect(res.response.status).toBe(404);
        expect(res.error!.error).toMatchObject({ code: 'not_found', parameter: 'keyId', reason: 'not_found' });
        const ex = await client.GET('/keys/{keyId}', { params: { path: { keyId }, query: { keyToken: 'kt_abc' } } });
        expect(ex.response.status).toBe(404);
      }
    });

    it('refuses a wrong client secret with 400 and takes the right one', async () => {
      const { client } = await h.account();
      const key = await initKey(client);
      const other = await initKey(client);
      const wrong = await client.POST('/keys/{keyId}/transactions/generate', {
        params: { path: { keyId: key.id } },
        body: { clientSecret: other.clientSecret, clientReturnUrl: 'https://app.example/return' },
      });
      expect(wrong.response.status).toBe(400);
      expect(wrong.error!.error).toMatchObject({ parameter: 'clientSecret', in: 'body', reason: 'invalid' });
      expect(JSON.stringify(wrong.error)).not.toContain(other.clientSecret);
      const txn = await createTransaction(client, 'generate', key, 'https://app.example/return');
      expect(txn.id).toMatch(/^txn_[0-9a-f]{32}$/);
      expect(txn.userPromptUrl).toMatch(
        new RegExp(`^${h.origin}/keygen/prompt\\?transactionToken=tt_[A-Za-z0-9_-]{43}$`),
      );
    });

    it.each([
      ['https://app.example/return?x=1', 200],
      ['http://localhost:3000/return', 200],
      ['http://127.0.0.1/return', 200],
      ['http://[::1]:8080/return', 200],
      ['http://app.example/return', 400],
      ['ftp://app.example/return', 400],
      ['https://user:pw@app.example/return', 400],
      ['https://app.example/return#frag', 400],
      ['not a url', 400],
      [`https://app.example/${'a'.repeat(2048 - 'https://app.example/'.length)}`, 200],
      [`https://app.example/${'a'.repeat(2049 - 'https://app.example/'.length)}`, 400],
    ])('clientReturnUrl row %#', async (clientReturnUrl, status) => {
      const { client } = await h.account();
      const key = await initKey(client);
      const res = await client.POST('/keys/{keyId}/transactions/generate', {
        params: { path: { keyId: key.id } },
        body: { clientSecret: key.clientSecret, clientReturnUrl },
      });
      expect(res.response.status).toBe(status);
      if (status === 400) expect(res.error!.error).toMatchObject({ parameter: 'clientReturnUrl', reason: 'invalid' });
    });

    it("needs clientReturnUrl on a key's first transaction, and reuses the last one after", async () => {
      const { client } = await h.account();
      const key = await initKey(client);
      const first = await client.POST('/keys/{keyId}/transactions/generate', {
        params: { path: { keyId: key.id } },
        body: { clientSecret: key.clientSecret },
      });
      expect(first.response.status).toBe(400);
      expect(first.error!.error).toMatchObject({ parameter: 'clientReturnUrl', reason: 'missing' });
      await createTransaction(client, 'generate', key, 'https://app.example/return');
      const second = await client.POST('/keys/{keyId}/transactions/generate', {
        params: { path: { keyId: key.id } },
        body: { clientSecret: key.clientSecret },
      });
      expect(second.response.status).toBe(200);
    });

    it('refuses recovery of a key that was never generated', async () => {
      const { client } = await h.account();
      const key = await initKey(client);
      const res = await client.POST('/keys/{keyId}/transactions/recover', {
        params: { path: { keyId: key.id } },
        body: { clientSecret: key.clientSecret, clientReturnUrl: 'https://app.example/return' },
      });
      expect(res.response.status).toBe(400);
      expect(res.error!.error).toMatchObject({ parameter: 'keyId', reason: 'invalid' });
    });
  });

  describe('prompt page', () => {
    const prompt = (url: string, init?: RequestInit) => {
      const u = new URL(url);
      return h.raw(`${u.pathname.replace('/keygen', '')}${u.search}`, init);
    };

    it('renders on GET without consuming the token, as often as it is opened', async () => {
      const { client } = await h.account();
      const key = await initKey(client);
      const txn = await createTransaction(client, 'generate', key, 'https://app.example/return');
      for (let i = 0; i < 3; i++) {
        const res = await prompt(txn.userPromptUrl);
        expect(res.status).toBe(200);
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(await res.text()).toContain('<form method="post"');
      }
    });

    it.each([
      ['missing', '/prompt'],
      ['invalid', '/prompt?transactionToken=tt_unknown'],
      ['invalid', '/prompt?transactionToken=has%20space'],
    ])('answers a %s token with a 400 page', async (reason, url) => {
      const res = await h.raw(url);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(`data-reason="${reason}"`);
    });

    it('answers a token 24 hours old with a 400 page saying expired, on GET and POST', async () => {
      const { client } = await h.account();
      const key = await initKey(client);
      const txn = await createTransaction(client, 'generate', key, 'https://app.example/return');
      h.clock.advance(DAY - 1);
      expect((await prompt(txn.userPromptUrl)).status).toBe(200);
      h.clock.advance(1);
      for (const init of [undefined, { method: 'POST' }]) {
        const res = await prompt(txn.userPromptUrl, init);
        expect(res.status).toBe(400);
        expect(await res.text()).toContain('data-reason="expired"');
      }
    });

    it('answers a callback that matches no sign-in with a 400 page', async () => {
      const res = await h.raw('/oidc/callback?state=nope&code=abc');
      expect(res.status).toBe(400);
    });
  });
});
