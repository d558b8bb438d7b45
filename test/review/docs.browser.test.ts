// The docs site in headless Chromium, served by the app itself (as `npm start` serves it, with the
// running server's origin as PUBLIC_URL): / leads to /docs; each service's Scalar reference shows
// every operation of its YAML with a code sample naming this server; the try-it console creates a
// store with the user's key (201); the error page lists every error code of both services. Every
// request the pages make is recorded: none goes to another host, none is refused by the CSP.
// Screenshots go to the git-ignored test-results/ for a person to look at.
import { existsSync, mkdirSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, KEY_FIELD_HINT, readService, specFiles, type ServiceInfo } from '../../scripts/build-docs.js';
import { appFor } from '../support/app.js';
import type { Reason } from '../../src/keys/errors.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { ERRORS } from '../../src/commerce/errors.js';
import { CHROMIUM_FLAGS, chromiumPath } from '../support/chromium.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const siteDir = path.join(root, 'site');
const resultsDir = path.join(root, 'test-results');

const services: ServiceInfo[] = specFiles().map(readService);

// Every reason the key service answers with (src/keys/errors.ts); the type check below fails when
// one is added there and not here.
const REASONS = [
  'missing',
  'invalid',
  'expired',
  'already_used',
  'not_found',
  'in_progress',
  'reused',
] as const satisfies readonly Reason[];
const everyReason: [Exclude<Reason, (typeof REASONS)[number]>] extends [never] ? true : false = true;

/** The site is rebuilt when it is missing or older than a contract or the build's inputs. */
function siteIsStale(): boolean {
  const index = path.join(siteDir, 'index.html');
  if (!existsSync(index)) return true;
  const inputs = [
    path.join(root, 'scripts', 'build-docs.ts'),
    path.join(root, 'scripts', 'lib', 'code-samples.ts'),
    path.join(root, 'package-lock.json'),
    ...specFiles(),
  ];
  const newestInput = Math.max(...inputs.map((f) => statSync(f).mtimeMs));
  return [
    'index.html',
    'errors.html',
    'scalar-standalone.js',
    ...services.flatMap((s) => [`${s.name}.html`, `${s.name}.openapi.json`]),
  ].some((f) => !existsSync(path.join(siteDir, f)) || statSync(path.join(siteDir, f)).mtimeMs < newestInput);
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Never skipped: without Chromium the test fails with the install command (chromiumPath).
describe('docs site in headless Chromium', () => {
  let server: ServerType;
  let base: string;
  let browser: Browser;
  const database = openDatabase(':memory:');
  const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));

  beforeAll(async () => {
    // site/ is git-ignored build output; buildSite swaps a new one in at once.
    if (siteIsStale()) await buildSite(siteDir);
    let app: ReturnType<typeof appFor> | undefined;
    server = serve({ fetch: (req) => app!.fetch(req), hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    app = appFor({ db: database.db, clock, publicUrl: base });
    // Playwright gives every launch a fresh, empty profile (--user-data-dir) of its own.
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
    mkdirSync(resultsDir, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    database.close();
  });

  /** A page that records every request it makes, and what the console says about CSP. */
  async function openPage(): Promise<{ page: Page; requests: string[]; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const requests: string[] = [];
    const problems: string[] = [];
    context.on('request', (req) => requests.push(req.url()));
    // Anything off-machine is refused at once rather than left to time out (and still recorded).
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return (url.protocol === 'http:' || url.protocol === 'https:') && !LOOPBACK.has(url.hostname)
        ? route.abort('blockedbyclient')
        : route.continue();
    });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    return { page, requests, problems };
  }

  /** Requests to anything but this server (data: and blob: URLs are not fetches from a host). */
  function offServer(requests: string[]): string[] {
    return requests.filter((u) => {
      const url = new URL(u);
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return false;
      return url.origin !== base;
    });
  }

  it('/ leads to /docs, which lists every service and the error codes', async () => {
    const { page, requests, problems } = await openPage();
    const res = await page.goto(`${base}/`);
    expect(page.url()).toBe(`${base}/docs`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
    for (const s of services) {
      await page.locator(`a[href="/docs/${s.name}.html"]`).waitFor({ state: 'visible', timeout: 5_000 });
      await page.locator(`a[href="/openapi/${s.name}.yaml"]`).waitFor({ state: 'visible', timeout: 5_000 });
    }
    await page.locator('a[href="/docs/errors.html"]').waitFor({ state: 'visible', timeout: 5_000 });
    await page.screenshot({ path: path.join(resultsDir, 'docs-index.png') });
    expect(offServer(requests)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  it.each(services.map((s) => [s.name, s] as const))(
    '%s: every operation is shown with a code sample that names this server, fetching nothing from elsewhere',
    async (name, service) => {
      const { page, requests, problems } = await openPage();
      await page.goto(`${base}/docs`);
      await Promise.all([
        page.waitForURL(`${base}/docs/${name}.html`),
        page.locator(`a[href="/docs/${name}.html"]`).click(),
      ]);
      const sidebar = page.locator('aside, nav').first();
      await sidebar
        .getByText(service.operations[0]!.tags[0] ?? '', { exact: true })
        .first()
        .waitFor({ state: 'visible', timeout: 30_000 });
      // The header states the repository's license (LICENSE), not UNLICENSED.
      await page
        .getByText(/^\s*MIT\s*$/)
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 });
      expect(await page.getByText('UNLICENSED').count()).toBe(0);

      const missing: string[] = [];
      const noSample: string[] = [];
      let shot = false;
      for (const op of service.operations) {
        const label = op.summary ?? op.operationId ?? `${op.method} ${op.path}`;
        try {
          let entry = sidebar.getByText(label, { exact: true }).first();
          if (!(await entry.isVisible())) {
            // Its tag's group is closed: open it.
            await sidebar
              .getByRole('button', { name: `Open Group - ${op.tags[0]}`, exact: true })
              .click({ timeout: 5_000 });
            entry = sidebar.getByText(label, { exact: true }).first();
          }
          await entry.click({ timeout: 5_000 });
          const heading = page
            .locator('h1, h2, h3')
            .filter({ hasText: new RegExp(`^\\s*${escapeRe(label)}\\s*$`) })
            .first();
          await heading.waitFor({ state: 'visible', timeout: 5_000 });
        } catch {
          missing.push(`${op.method} ${op.path} (${label})`);
          continue;
        }
        // The operation's sample: curl to this server's URL of the operation (path parameters as
        // shell variables), with the method the YAML gives.
        const url = `${base}${new URL((await specServers(name))[0]!).pathname}${op.path.replace(/\{[^}]+\}/g, '$')}`;
        const curl = new RegExp(
          `^curl -sS${op.method === 'GET' ? '' : ` -X ${op.method}`} "${escapeRe(url).replace(/\\\$/g, '\\$[A-Z_]+')}[?"]`,
        );
        try {
          await page
            .locator('pre, code')
            .filter({ hasText: curl })
            .first()
            .waitFor({ state: 'visible', timeout: 5_000 });
        } catch {
          noSample.push(`${op.method} ${op.path}`);
        }
        if (!shot) {
          await page.screenshot({ path: path.join(resultsDir, `docs-${name}.png`) });
          shot = true;
        }
      }
      expect(missing, `operations of openapi/${name}.yaml not shown`).toEqual([]);
      expect(noSample, 'operations without a curl sample naming this server').toEqual([]);

      // The TypeScript sample of the first operation uses the typed client.
      const first = service.operations[0]!;
      await sidebar.getByText(first.summary!, { exact: true }).first().click();
      await page
        .getByRole('button', { name: /^curl$/ })
        .first()
        .click();
      await page
        .getByRole('option', { name: /TypeScript/ })
        .first()
        .click();
      await page
        .locator('pre, code')
        .filter({ hasText: `from '@contract-first/client'` })
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 });
      await page
        .locator('pre, code')
        .filter({ hasText: `origin: '${base}'` })
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 });

      expect(offServer(requests), 'requests to other hosts').toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    180_000,
  );

  async function specServers(name: string): Promise<string[]> {
    const doc = (await (await fetch(`${base}/openapi/${name}.json`)).json()) as { servers: Array<{ url: string }> };
    return doc.servers.map((s) => s.url);
  }

  it('the try-it console creates a store on this server with the key the user types', async () => {
    const key = createApiKey(database.db, clock, { name: 'docs reader' });
    const { page, requests, problems } = await openPage();
    await page.goto(`${base}/docs/orders.html`);
    const sidebar = page.locator('aside, nav').first();
    await sidebar.getByText('Create a store', { exact: true }).first().click({ timeout: 30_000 });
    await page
      .getByRole('button', { name: /Test Request.*post \/stores\)/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
    // The address names this server; the user types the key into the authentication field.
    await dialog.getByText(`${base}/commerce/2024-07`).first().waitFor({ state: 'visible', timeout: 5_000 });
    const value = dialog
      .getByText('Value:', { exact: false })
      .first()
      .locator('xpath=..')
      .locator('input, [contenteditable="true"]')
      .first();
    // Empty, saying where a key comes from (not Scalar's fake key), whether the field is an input or an editor.
    const field = await value.evaluate((e) => ({
      value: e instanceof HTMLInputElement ? e.value : e.textContent,
      hint:
        e.getAttribute('placeholder') ??
        e.closest('*:has(.cm-placeholder)')?.querySelector('.cm-placeholder')?.textContent,
    }));
    expect(field).toEqual({ value: '', hint: KEY_FIELD_HINT });
    await value.click();
    await page.keyboard.type(key.key);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url() === `${base}/commerce/2024-07/stores` && r.request().method() === 'POST', {
        timeout: 15_000,
      }),
      dialog.getByRole('button', { name: /^Send/ }).first().click(),
    ]);
    expect(answer.status()).toBe(201);
    expect(answer.request().headers()['svc-api-key']).toBe(key.key);
    const created = (await answer.json()) as { meta: { code: number }; data: { id: string; source_id: string } };
    expect(created.meta.code).toBe(20100);
    // The console shows the answer, and the store is there for this key's account.
    await dialog.getByText('201 Created', { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await dialog.getByText(created.data.id).first().waitFor({ state: 'visible', timeout: 10_000 });
    await page.screenshot({ path: path.join(resultsDir, 'docs-try-it.png') });
    const check = await fetch(`${base}/commerce/2024-07/stores/${created.data.id}`, {
      headers: { 'svc-api-key': key.key },
    });
    expect(check.status).toBe(200);

    expect(offServer(requests), 'requests to other hosts').toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('the error page lists every code of the order service and every reason of the key service', async () => {
    expect(everyReason).toBe(true);
    const { page, requests, problems } = await openPage();
    await page.goto(`${base}/docs`);
    await Promise.all([
      page.waitForURL(`${base}/docs/errors.html`),
      page.locator('a[href="/docs/errors.html"]').first().click(),
    ]);
    const orders = page.locator('section#orders');
    for (const [code, { status, type }] of Object.entries(ERRORS)) {
      await orders
        .locator('tr', { has: page.locator('td', { hasText: new RegExp(`^${code}$`) }) })
        .filter({ hasText: String(status) })
        .filter({ hasText: type })
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 });
    }
    const keys = page.locator('section#keys');
    for (const reason of REASONS) {
      await keys
        .locator('td', { hasText: new RegExp(`^${reason}$`) })
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 });
    }
    for (const [status, code] of [
      ['400', 'bad_request'],
      ['404', 'not_found'],
      ['409', 'conflict'],
      ['422', 'unprocessable_entity'],
      ['429', 'too_many_requests'],
      ['500', 'internal_error'],
    ]) {
      await keys
        .locator('tr', { has: page.locator('td', { hasText: new RegExp(`^${status}$`) }) })
        .filter({ hasText: code })
        .first()
        .waitFor({ state: 'visible', timeout: 5_000 });
    }
    await page.screenshot({ path: path.join(resultsDir, 'docs-errors.png'), fullPage: true });
    expect(offServer(requests)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);
});
