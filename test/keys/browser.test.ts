import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumPath } from '../support/chromium.js';
import { ALICE, BOB, buildKeysHarness, createTransaction, initKey, type KeysHarness } from './support.js';

// Never skipped: without Chromium the test fails with the install command (chromiumPath).
describe('key service in a real browser (headless Chromium)', () => {
  let h: KeysHarness;
  let browser: Browser;
  let app: Server;
  const returns: Array<{ url: URL; referer: string | undefined }> = [];
  let returnUrl: string;

  beforeAll(async () => {
    h = await buildKeysHarness({ listen: true });
    // The caller's application: records where the browser came back to.
    app = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/keys/return') returns.push({ url, referer: req.headers.referer });
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Back in the app</title><h1>Back in the app</h1>');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    returnUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/keys/return`;
    // playwright-core gives every launch a new empty user data directory of its own.
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    await browser?.close();
    app?.closeAllConnections();
    await new Promise((resolve) => app?.close(resolve));
    await h?.close();
  });

  /** Opens userPromptUrl in a fresh browser context, signs in (or cancels) and returns where the app was reached. */
  async function signIn(userPromptUrl: string, user: { username: string; password: string }) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const before = returns.length;
      await page.goto(userPromptUrl);
      await page.getByRole('button', { name: /Continue with/ }).click();
      await page.getByLabel('Username').fill(user.username);
      await page.getByLabel('Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { name: 'Back in the app' }).waitFor();
      expect(returns.length).toBe(before + 1);
      return returns.at(-1)!;
    } finally {
      await context.close();
    }
  }

  it('login CSRF: the authorization URL from browser A, signed in from browser B, yields no key token', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    const gen = await createTransaction(client, 'generate', key, returnUrl);
    const before = returns.length;

    // A (the tenant's own browser) presses the button and keeps the provider's authorization URL.
    const a = await browser.newContext();
    const b = await browser.newContext();
    try {
      const pageA = await a.newPage();
      let authorizationUrl: string | undefined;
      pageA.on('response', (res) => {
        if (res.request().method() === 'POST' && res.url().includes('/keygen/prompt'))
          authorizationUrl = res.headers().location;
      });
      await pageA.goto(gen.userPromptUrl);
      await pageA.getByRole('button', { name: /Continue with/ }).click();
      await pageA.getByLabel('Username').waitFor();
      expect(authorizationUrl).toContain('/keygen/oidc-dev/auth?');

      // B (the victim, no shared cookies) signs in through it.
      const pageB = await b.newPage();
      await pageB.goto(authorizationUrl!);
      await pageB.getByLabel('Username').fill(BOB.username);
      await pageB.getByLabel('Password').fill(BOB.password);
      await pageB.getByRole('button', { name: 'Sign in' }).click();
      await pageB.getByRole('heading', { name: 'Cannot continue' }).waitFor();
      expect(await pageB.locator('[data-reason]').getAttribute('data-reason')).toBe('other_browser');
      expect(returns.length).toBe(before);
      // The transaction is over, without a key token, and the key was bound to nobody.
      const [row] = await h.query<{ completed_at: string | null; key_token_hash: string | null }>(
        'SELECT completed_at, key_token_hash FROM keygen_transactions WHERE id = $1',
        [gen.id],
      );
      expect(row!.completed_at).not.toBeNull();
      expect(row!.key_token_hash).toBeNull();
      expect(await h.query('SELECT user_binding FROM keygen_keys WHERE id = $1', [key.id])).toEqual([
        { user_binding: null },
      ]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('refuses a cross-site prompt POST with a page that says so; the link still works from the right browser', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    const gen = await createTransaction(client, 'generate', key, returnUrl);
    // Another site (localhost is another site than 127.0.0.1) with a form that posts the prompt URL.
    const attacker = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>Win a prize</title><form method="post" action="${gen.userPromptUrl.replace(/&/g, '&amp;')}"><button>Claim</button></form>`,
        );
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`http://localhost:${(attacker.address() as AddressInfo).port}/`);
      await page.getByRole('button', { name: 'Claim' }).click();
      await page.getByRole('heading', { name: 'Cannot continue' }).waitFor();
      expect(await page.locator('[data-reason]').getAttribute('data-reason')).toBe('cross_site');
      expect(await page.locator('[data-reason]').textContent()).toContain('another website');
    } finally {
      await context.close();
      attacker.closeAllConnections();
      await new Promise((resolve) => attacker.close(resolve));
    }
    const back = await signIn(gen.userPromptUrl, ALICE);
    expect(back.url.searchParams.get('transactionId')).toBe(gen.id);
    const exchanged = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: back.url.searchParams.get('keyToken')! } },
    });
    expect(exchanged.response.status).toBe(200);
  });

  it('generates a key from userPromptUrl through the sign-in, recovers it for the same user, and refuses another user', async () => {
    const { client } = await h.account();
    const key = await initKey(client);

    const gen = await createTransaction(client, 'generate', key, returnUrl);
    const back = await signIn(gen.userPromptUrl, ALICE);
    expect(back.url.pathname).toBe('/keys/return');
    expect(back.url.searchParams.get('transactionId')).toBe(gen.id);
    expect(back.referer).toBeUndefined();
    const generated = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: back.url.searchParams.get('keyToken')! } },
    });
    expect(generated.response.status).toBe(200);
    expect(generated.data!.recoveryKey).toMatch(/^[0-9a-z]{50}$/);

    const rec = await createTransaction(client, 'recover', key, returnUrl);
    const back2 = await signIn(rec.userPromptUrl, ALICE);
    const recovered = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: back2.url.searchParams.get('keyToken')! } },
    });
    expect(recovered.data!.recoveryKey).toBe(generated.data!.recoveryKey);

    const other = await createTransaction(client, 'recover', key, returnUrl);
    const back3 = await signIn(other.userPromptUrl, BOB);
    expect(back3.url.searchParams.get('transactionId')).toBe(other.id);
    expect(back3.url.searchParams.get('error')).toBe('identity_mismatch');
    expect(back3.url.searchParams.has('keyToken')).toBe(false);
  });
});
