import { createHash } from 'node:crypto';
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysConfigFromEnv } from '../../src/keys/config.js';
import {
  buildKeysHarness,
  cookieJarFetch,
  createTransaction,
  keysContract,
  type KeysClient,
  type KeysHarness,
} from './support.js';

// The relying party against an independent OpenID provider (oauth2-mock-server) configured as
// `google` and as `microsoft` through their documented settings, driven over HTTP as a browser
// without JavaScript would: the mock's authorize endpoint redirects at once with a code.

const TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';
const OTHER_TENANT = 'f8cdef31-a31e-4b4a-93e4-5f571e91255a';
const RETURN = 'http://127.0.0.1:9/return';

type Claims = Record<string, unknown>;

/** One mock provider, with the test's hooks: who signs in, and what is done to the next ID token. */
async function startProvider(kind: 'google' | 'microsoft', tenantPath = 'common') {
  const wellKnown = kind === 'microsoft' ? `/${tenantPath}/v2.0/.well-known/openid-configuration` : undefined;
  const server = new OAuth2Server(
    undefined,
    undefined,
    wellKnown ? { endpoints: { wellKnownDocument: wellKnown } } : undefined,
  );
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const port = server.address().port;
  const origin = `http://127.0.0.1:${port}`;
  server.issuer.url = origin; // it would name itself localhost
  const state = {
    sub: 'user-1',
    /** Applied to the next ID token only. */
    tamper: undefined as ((claims: Claims) => void) | undefined,
    idTokens: [] as Claims[],
    tokenRequests: [] as Array<Record<string, unknown>>,
    discoveries: 0,
  };
  if (kind === 'microsoft') {
    // Microsoft's multi-tenant discovery document: a templated issuer.
    server.service.on('beforeWellKnownOpenIdConfiguration', (res: { body: Claims }) => {
      res.body.issuer = `${origin}/{tenantid}/v2.0`;
    });
  }
  server.service.on('beforeWellKnownOpenIdConfiguration', () => state.discoveries++);
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (!('aud' in token.payload)) return; // the access token
    token.payload.sub = state.sub;
    if (kind === 'microsoft') Object.assign(token.payload, { iss: `${origin}/${TENANT}/v2.0`, tid: TENANT });
    state.tamper?.(token.payload);
    state.tamper = undefined;
    state.idTokens.push({ ...token.payload });
  });
  server.service.on('beforeResponse', (_res: unknown, req: { body: Record<string, unknown> }) =>
    state.tokenRequests.push({ ...req.body }),
  );
  const issuer = kind === 'microsoft' ? `${origin}/${tenantPath}/v2.0` : origin;
  const restart = async () => {
    await server.start(port, '127.0.0.1');
    server.issuer.url = origin;
  };
  return { server, origin, issuer, state, restart };
}
type Provider = Awaited<ReturnType<typeof startProvider>>;

/** The key service with both providers configured by their settings, as an operator would. */
function providerSettings(google: Provider, microsoft: Provider) {
  return keysConfigFromEnv({
    KEYGEN_OIDC_GOOGLE_CLIENT_ID: 'keygen-google-client',
    KEYGEN_OIDC_GOOGLE_CLIENT_SECRET: 'google-client-secret',
    KEYGEN_OIDC_GOOGLE_ISSUER: google.issuer,
    KEYGEN_OIDC_MICROSOFT_CLIENT_ID: 'keygen-microsoft-client',
    KEYGEN_OIDC_MICROSOFT_CLIENT_SECRET: 'microsoft-client-secret',
    KEYGEN_OIDC_MICROSOFT_ISSUER: microsoft.issuer,
  }).providers;
}

/** The browser: prompt page, its button, the provider's redirect, the callback. */
async function signIn(userPromptUrl: string) {
  const browser = cookieJarFetch();
  const checked = async (url: string, init: RequestInit = {}) => {
    const res = await browser(url, init);
    keysContract.check(init.method ?? 'GET', url, res.status, res.headers, undefined);
    return res;
  };
  expect((await checked(userPromptUrl)).status).toBe(200);
  const started = await checked(userPromptUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });
  if (started.status !== 303) return { started, html: await started.text() };
  const authorize = new URL(started.headers.get('location')!);
  const redirected = await browser(authorize.href);
  expect(redirected.status).toBe(302);
  const callback = new URL(redirected.headers.get('location')!);
  return {
    started,
    authorize,
    callback,
    /** Sends the provider's redirect to the service; the answer's redirect to clientReturnUrl. */
    finish: async () => {
      const done = await checked(callback.href);
      return {
        done,
        back: done.status === 303 ? new URL(done.headers.get('location')!) : undefined,
        html: done.status === 303 ? '' : await done.text(),
      };
    },
  };
}

async function exchange(client: KeysClient, keyId: string, back: URL | undefined) {
  const keyToken = back?.searchParams.get('keyToken');
  expect(back?.searchParams.get('error') ?? null, back?.href).toBeNull();
  expect(keyToken).toMatch(/^kt_[A-Za-z0-9_-]+$/);
  const res = await client.GET('/keys/{keyId}', { params: { path: { keyId }, query: { keyToken: keyToken! } } });
  expect(res.response.status).toBe(200);
  return res.data!.recoveryKey;
}

let google: Provider;
let microsoft: Provider;
let h: KeysHarness;
/** The service's warnings (message, then the logged fields' values): why a sign-in could not be verified. */
const warnings: string[] = [];
const logged = (obj: object, msg: string) => warnings.push([msg, ...Object.values(obj)].join(' | '));
beforeAll(async () => {
  google = await startProvider('google');
  microsoft = await startProvider('microsoft');
  h = await buildKeysHarness({
    listen: true,
    config: { providers: providerSettings(google, microsoft) },
    logger: { warn: logged, error: logged },
  });
});
afterAll(async () => {
  await h.close();
  for (const p of [google, microsoft]) if (p.server.listening) await p.server.stop();
});

describe.each(['google', 'microsoft'] as const)('%s (oauth2-mock-server)', (name) => {
  const provider = () => (name === 'google' ? google : microsoft);
  const newKey = async () => {
    const { client } = await h.account();
    const res = await client.POST('/keys', { body: { userSecretProvider: name } });
    expect(res.response.status).toBe(200);
    return { client, key: res.data! };
  };

  it('discovery, code with PKCE, state and nonce: a generate and a recovery give the same recovery key; another user is refused', async () => {
    const p = provider();
    p.state.sub = `user-${name}-1`;
    const { client, key } = await newKey();
    const txn = await createTransaction(client, 'generate', key, RETURN);
    const flow = await signIn(txn.userPromptUrl);
    expect(p.state.discoveries).toBeGreaterThan(0);

    // The authorization request, as the provider received it.
    const q = flow.authorize!.searchParams;
    expect(`${flow.authorize!.origin}${flow.authorize!.pathname}`).toBe(`${p.origin}/authorize`);
    expect(
      Object.fromEntries(
        [...q].filter(([k]) =>
          ['response_type', 'client_id', 'redirect_uri', 'scope', 'code_challenge_method', 'prompt'].includes(k),
        ),
      ),
    ).toEqual({
      response_type: 'code',
      client_id: `keygen-${name}-client`,
      redirect_uri: `${h.origin}/keygen/oidc/callback`,
      scope: 'openid',
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(flow.callback!.searchParams.get('state')).toBe(q.get('state'));

    const { back } = await flow.finish!();
    // The code exchange carried the PKCE verifier of the challenge (the mock checks it too), and
    // the ID token the service accepted carried the request's nonce.
    const tokenRequest = p.state.tokenRequests.at(-1)!;
    expect(tokenRequest).toMatchObject({
      grant_type: 'authorization_code',
      client_id: `keygen-${name}-client`,
      code: flow.callback!.searchParams.get('code'),
    });
    expect(createHash('sha256').update(String(tokenRequest.code_verifier)).digest('base64url')).toBe(
      q.get('code_challenge'),
    );
    expect(p.state.idTokens.at(-1)).toMatchObject({
      nonce: q.get('nonce'),
      aud: `keygen-${name}-client`,
      sub: p.state.sub,
    });
    if (name === 'microsoft')
      expect(p.state.idTokens.at(-1)).toMatchObject({ iss: `${p.origin}/${TENANT}/v2.0`, tid: TENANT });
    expect(back!.searchParams.get('transactionId')).toBe(txn.id);
    const generated = await exchange(client, key.id, back);
    expect(generated).toMatch(/^[0-9a-z]{50}$/);

    const rec = await createTransaction(client, 'recover', key);
    const recovered = await exchange(client, key.id, (await (await signIn(rec.userPromptUrl)).finish!()).back);
    expect(recovered).toBe(generated);

    p.state.sub = `user-${name}-2`;
    const other = await (await signIn((await createTransaction(client, 'recover', key)).userPromptUrl)).finish!();
    expect(other.back!.searchParams.get('error')).toBe('identity_mismatch');
    expect(other.back!.searchParams.has('keyToken')).toBe(false);
  });

  // What is done to the ID token, and the reason the service logs for refusing it.
  const tampering: Array<[string, (c: Claims) => void, RegExp]> = [
    [
      'a wrong issuer',
      (c) => (c.iss = name === 'google' ? 'https://accounts.google.com' : `${microsoft.origin}/${OTHER_TENANT}/v2.0`),
      /"iss" \(issuer\)/,
    ],
    ['a wrong audience', (c) => (c.aud = 'another-client'), /"aud" \(audience\)/],
    ['a wrong nonce', (c) => (c.nonce = 'not-the-nonce-that-was-sent'), /"nonce"/],
    ['an expired ID token', (c) => (c.exp = Math.floor(Date.now() / 1000) - 3600), /"exp"/],
    ...(name === 'microsoft'
      ? ([
          ['a tid of another tenant than its iss', (c) => (c.tid = OTHER_TENANT), /"iss" \(issuer\)/],
          ['no tid', (c) => delete c.tid, /carries no tenant id/],
          ['a tid that is not a tenant id', (c) => (c.tid = '../common'), /carries no tenant id/],
          ['the template itself as iss', (c) => (c.iss = `${microsoft.origin}/{tenantid}/v2.0`), /"iss" \(issuer\)/],
        ] as Array<[string, (c: Claims) => void, RegExp]>)
      : []),
  ];

  it.each(tampering)(
    'fails closed on %s: no key token, the key not bound; a correct sign-in afterwards works',
    async (_label, tamper, reason) => {
      const p = provider();
      p.state.sub = `user-${name}-tamper`;
      const { client, key } = await newKey();
      const txn = await createTransaction(client, 'generate', key, RETURN);
      const flow = await signIn(txn.userPromptUrl);
      p.state.tamper = tamper;
      const { back } = await flow.finish!();
      expect(p.state.tamper).toBeUndefined(); // the tampered token was issued and refused
      expect(warnings.at(-1)).toMatch(/^sign-in could not be verified/);
      expect(warnings.at(-1)).toMatch(reason);
      expect(back!.searchParams.get('error')).toBe('server_error');
      expect(back!.searchParams.has('keyToken')).toBe(false);
      expect((await h.repos.keys.findById(key.id))!.userBinding).toBeNull();
      // The provider's redirect cannot be replayed.
      const replay = await cookieJarFetch()(flow.callback!.href);
      expect(replay.status).toBe(400);

      const again = await createTransaction(client, 'generate', key);
      const generated = await exchange(client, key.id, (await (await signIn(again.userPromptUrl)).finish!()).back);
      const rec = await createTransaction(client, 'recover', key);
      expect(await exchange(client, key.id, (await (await signIn(rec.userPromptUrl)).finish!()).back)).toBe(generated);
    },
  );

  it('fails closed on a wrong nonce at recovery: no key token; the next recovery gives the same key', async () => {
    const p = provider();
    p.state.sub = `user-${name}-recover`;
    const { client, key } = await newKey();
    const generated = await exchange(
      client,
      key.id,
      (await (await signIn((await createTransaction(client, 'generate', key, RETURN)).userPromptUrl)).finish!()).back,
    );
    const flow = await signIn((await createTransaction(client, 'recover', key)).userPromptUrl);
    p.state.tamper = (c) => (c.nonce = 'not-the-nonce-that-was-sent');
    const { back } = await flow.finish!();
    expect(warnings.at(-1)).toMatch(/"nonce"/);
    expect(back!.searchParams.get('error')).toBe('server_error');
    expect(back!.searchParams.has('keyToken')).toBe(false);
    const rec = await createTransaction(client, 'recover', key);
    expect(await exchange(client, key.id, (await (await signIn(rec.userPromptUrl)).finish!()).back)).toBe(generated);
  });
});

describe('a provider that cannot be used', () => {
  it.each([
    [
      'a Google-like discovery document that names another issuer',
      'google',
      'common',
      (body: Claims): void => void (body.issuer = 'https://accounts.google.com'),
    ],
    ['a {tenantid} template for a configured tenant id', 'microsoft', TENANT, (): void => {}],
    [
      'a template in another path segment',
      'microsoft',
      'common',
      (body: Claims): void => void (body.issuer = String(body.issuer).replace('{tenantid}/v2.0', 'common/{tenantid}')),
    ],
  ] as const)('%s: a 503 page, nothing used up', async (_label, kind, tenantPath, change) => {
    const odd = await startProvider(kind, tenantPath);
    odd.server.service.on('beforeWellKnownOpenIdConfiguration', (res: { body: Claims }) => change(res.body));
    const settings =
      kind === 'google' ? providerSettings(odd, microsoft).google! : providerSettings(google, odd).microsoft!;
    const mine = await buildKeysHarness({ listen: true, config: { providers: { [kind]: settings } } });
    try {
      const { client } = await mine.account();
      const key = (await client.POST('/keys', { body: { userSecretProvider: kind } })).data!;
      const txn = await createTransaction(client, 'generate', key, RETURN);
      const first = await signIn(txn.userPromptUrl);
      expect(odd.state.discoveries).toBe(1);
      expect(first.started.status).toBe(503);
      expect(first.html).toContain('data-reason="provider_unavailable"');
      const page = await cookieJarFetch()(txn.userPromptUrl);
      expect(page.status).toBe(200); // the link still works
    } finally {
      await mine.close();
      await odd.server.stop();
    }
  });

  it('before the sign-in starts: a 503 page that says so, nothing used up; the same link works once it is back', async () => {
    const down = await startProvider('google');
    await down.server.stop();
    const mine = await buildKeysHarness({
      listen: true,
      config: { providers: { google: providerSettings(down, microsoft).google! } },
    });
    try {
      const { client } = await mine.account();
      const key = (await client.POST('/keys', { body: { userSecretProvider: 'google' } })).data!;
      const txn = await createTransaction(client, 'generate', key, RETURN);
      const first = await signIn(txn.userPromptUrl);
      expect(first.started.status).toBe(503);
      expect(first.html).toContain('data-reason="provider_unavailable"');
      expect(first.html).toContain('Google cannot be reached right now');
      expect(first.html).toContain('Nothing was used up');
      expect(first.html).not.toContain(down.origin);

      await down.restart();
      try {
        const second = await signIn(txn.userPromptUrl);
        expect(second.started.status).toBe(303);
        expect(await exchange(client, key.id, (await second.finish!()).back)).toMatch(/^[0-9a-z]{50}$/);
      } finally {
        await down.server.stop();
      }
    } finally {
      await mine.close();
    }
  });

  it('between its redirect and the code exchange: no key token, the key not bound; a new sign-in works once it is back', async () => {
    const { client } = await h.account();
    const key = (await client.POST('/keys', { body: { userSecretProvider: 'google' } })).data!;
    const flow = await signIn((await createTransaction(client, 'generate', key, RETURN)).userPromptUrl);
    await google.server.stop();
    try {
      const { back } = await flow.finish!();
      expect(back!.searchParams.get('error')).toBe('server_error');
      expect(back!.searchParams.has('keyToken')).toBe(false);
      expect((await h.repos.keys.findById(key.id))!.userBinding).toBeNull();
    } finally {
      await google.restart();
    }
    const again = await createTransaction(client, 'generate', key);
    expect(await exchange(client, key.id, (await (await signIn(again.userPromptUrl)).finish!()).back)).toMatch(
      /^[0-9a-z]{50}$/,
    );
  });
});

describe('issuer settings', () => {
  const env = (issuer: string) => ({
    KEYGEN_OIDC_GOOGLE_CLIENT_ID: 'id',
    KEYGEN_OIDC_GOOGLE_CLIENT_SECRET: 'secret',
    KEYGEN_OIDC_GOOGLE_ISSUER: issuer,
  });

  it.each([
    'https://accounts.google.com',
    'https://login.example.com/tenant/v2.0',
    'http://127.0.0.1:4010',
    'http://localhost:4010/common/v2.0',
    'http://[::1]:4010',
  ])('accepts %s', (issuer) => {
    expect(keysConfigFromEnv(env(issuer)).providers.google!.issuer).toBe(issuer);
  });

  it('defaults to the provider issuer when empty', () => {
    expect(keysConfigFromEnv(env('')).providers.google!.issuer).toBe('https://accounts.google.com');
  });

  it.each([
    'http://accounts.google.com',
    'http://10.0.0.1:4010',
    'ftp://127.0.0.1',
    'https://accounts.google.com?x=1',
    'https://accounts.google.com#x',
    'https://user:pw@accounts.google.com',
    'accounts.google.com',
  ])('refuses %s, naming the setting', (issuer) => {
    expect(() => keysConfigFromEnv(env(issuer))).toThrow(
      /KEYGEN_OIDC_GOOGLE_ISSUER: expected an https URL .*\(http only on 127\.0\.0\.1, localhost or \[::1\]\)/,
    );
    expect(() => keysConfigFromEnv(env(issuer))).not.toThrow(/pw/);
  });
});
