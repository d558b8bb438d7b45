import { describe, expect, it } from 'vitest';
import { MAX_FAILED_LOGINS } from '../../src/keys/oidc/dev-provider.js';
import { ALICE, buildKeysHarness, cookieJarFetch, createTransaction, initKey, type KeysHarness } from './support.js';

/** A browser without JavaScript: a cookie jar and manual redirects. */
function browser(h: KeysHarness) {
  const go = cookieJarFetch(h.origin);
  const form = (url: string, body: Record<string, string> = {}) =>
    go(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
  return { go, form };
}

/** From userPromptUrl to the provider's login page; returns the page's login action. */
async function toLoginPage(_h: KeysHarness, b: ReturnType<typeof browser>, userPromptUrl: string) {
  let res = await b.form(userPromptUrl);
  while (res.status === 303 || res.status === 302) res = await b.go(res.headers.get('location')!);
  expect(res.status).toBe(200);
  const html = await res.text();
  const action = [...html.matchAll(/action="([^"]+)"/g)].map((m) => m[1]!).find((a) => a.endsWith('/login'))!;
  return { res, action };
}

describe('headers of the key service and of the development provider', () => {
  it('JSON answers and prompt pages carry nosniff; the login page cannot be framed, cached or sniffed', async () => {
    const h = await buildKeysHarness({ listen: true });
    try {
      const { client } = await h.account();
      const key = await initKey(client);
      const json = await h.raw('/keys', {
        method: 'POST',
        headers: { 'x-api-key': 'nope', 'content-type': 'application/json' },
        body: '{}',
      });
      expect(json.headers.get('x-content-type-options')).toBe('nosniff');
      const txn = await createTransaction(client, 'generate', key);
      const page = await fetch(txn.userPromptUrl);
      expect(page.headers.get('x-content-type-options')).toBe('nosniff');

      const { res } = await toLoginPage(h, browser(h), txn.userPromptUrl);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // oidc-provider's own answers (discovery) too.
      const discovery = await fetch(`${h.origin}/keygen/oidc-dev/.well-known/openid-configuration`);
      expect(discovery.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      await h.close();
    }
  });
});

describe('the development provider login form', () => {
  it(`refuses a user name after ${MAX_FAILED_LOGINS} wrong passwords, even with the right one, until the window passes`, async () => {
    const h = await buildKeysHarness({ listen: true });
    try {
      const { client } = await h.account();
      const key = await initKey(client);
      const b = browser(h);
      const { action } = await toLoginPage(h, b, (await createTransaction(client, 'generate', key)).userPromptUrl);
      for (let i = 0; i < MAX_FAILED_LOGINS; i++) {
        const res = await b.form(action, { username: 'alice', password: `wrong-${i}` });
        expect(res.status).toBe(400);
        expect(await res.text()).toContain('wrong password');
      }
      const locked = await b.form(action, ALICE);
      expect(locked.status).toBe(429);
      expect(await locked.text()).toContain('Too many wrong passwords');
      // Another user name is not locked out by alice's failures.
      expect((await b.form(action, { username: 'bob', password: 'wrong' })).status).toBe(400);

      h.clock.advance(15 * 60 * 1000);
      const ok = await b.form(action, ALICE);
      expect(ok.status).toBe(303);
    } finally {
      await h.close();
    }
  });

  it('answers an unknown or expired interaction (after 10 minutes) with a page that says to start again', async () => {
    const h = await buildKeysHarness({ listen: true });
    try {
      for (const [method, path] of [
        ['GET', '/keygen/oidc-dev/interaction/unknown-uid'],
        ['POST', '/keygen/oidc-dev/interaction/unknown-uid/login'],
        ['POST', '/keygen/oidc-dev/interaction/unknown-uid/abort'],
      ] as const) {
        const res = await fetch(`${h.origin}${path}`, {
          method,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: '_interaction=gone' },
          body: method === 'POST' ? 'username=alice&password=x' : undefined,
        });
        expect([path, res.status]).toEqual([path, 400]);
        expect(res.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await res.text()).toContain('start again');
      }
    } finally {
      await h.close();
    }
  });
});
