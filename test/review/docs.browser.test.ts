// The docs site in headless Debian Chromium: /docs → each service's Redoc page, every operation
// of its YAML reachable and shown, no request to another host, no CSP violation, a screenshot
// per service in test-results/ for a person to look at.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, chromiumPath } from '../support/chromium.js';
import { buildSite, readService, specFiles, type ServiceInfo } from '../../scripts/build-docs.js';
import { createDocsApp } from '../../src/docs/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const siteDir = path.join(root, 'site');
const resultsDir = path.join(root, 'test-results');

const services: ServiceInfo[] = specFiles().map(readService);

/** The site is rebuilt when a page is missing or older than its YAML or the build inputs. */
function siteIsStale(): boolean {
  const index = path.join(siteDir, 'index.html');
  if (!existsSync(index)) return true;
  const inputs = [path.join(root, 'redocly.yaml'), path.join(root, 'scripts', 'build-docs.ts'), ...specFiles()];
  const newestInput = Math.max(...inputs.map((f) => statSync(f).mtimeMs));
  return services.some((s) => {
    const page = path.join(siteDir, `${s.name}.html`);
    return !existsSync(page) || statSync(page).mtimeMs < newestInput || !existsSync(path.join(siteDir, 'openapi', `${s.name}.json`));
  }) || statSync(index).mtimeMs < newestInput;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Never skipped: without Chromium the test fails with the install command (chromiumPath).
describe('docs site in headless Chromium', () => {
  let server: ServerType;
  let base: string;
  let browser: Browser;
  let tmpSite: string | undefined;

  beforeAll(async () => {
    // A stale or missing site/ is rebuilt in a temporary folder: the test does not change the
    // checkout's site/ while another test (the bundle) may be reading it.
    let served = siteDir;
    if (siteIsStale()) {
      tmpSite = mkdtempSync(path.join(os.tmpdir(), 'docs-site-'));
      served = path.join(tmpSite, 'site');
      await buildSite(served);
    }
    const app = new Hono();
    app.route('/', createDocsApp({ siteDir: served }));
    app.notFound((c) => c.json({ meta: { code: 40400, type: 'NotFound', message: 'Not found.' }, data: null }, 404));
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Playwright gives every launch a fresh, empty profile (--user-data-dir) of its own.
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
    mkdirSync(resultsDir, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (tmpSite) rmSync(tmpSite, { recursive: true, force: true });
  });

  /** A page that records every request it makes, and what the console says about CSP. */
  async function openPage(): Promise<{ page: Page; requests: string[]; problems: string[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const requests: string[] = [];
    const problems: string[] = [];
    context.on('request', (req) => requests.push(req.url()));
    // Anything off-machine is refused at once rather than left to time out.
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return (url.protocol === 'http:' || url.protocol === 'https:') && !LOOPBACK.has(url.hostname) ? route.abort('blockedbyclient') : route.continue();
    });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    return { page, requests, problems };
  }

  function offMachine(requests: string[]): string[] {
    return requests.filter((u) => {
      const url = new URL(u);
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.protocol === 'about:') return false;
      return !LOOPBACK.has(url.hostname);
    });
  }

  it('lists every service on /docs', async () => {
    const { page, requests, problems } = await openPage();
    const res = await page.goto(`${base}/docs`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
    for (const s of services) {
      await page.locator(`a[href="/docs/${s.name}.html"]`).waitFor({ state: 'visible', timeout: 5_000 });
      await page.locator(`a[href="/openapi/${s.name}.yaml"]`).waitFor({ state: 'visible', timeout: 5_000 });
    }
    await page.screenshot({ path: path.join(resultsDir, 'docs-index.png') });
    expect(offMachine(requests)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  it.each(services.map((s) => [s.name, s] as const))(
    '%s: /docs links to a page that shows every operation, fetching nothing from elsewhere',
    async (name, service) => {
      const { page, requests, problems } = await openPage();
      await page.goto(`${base}/docs`);
      await Promise.all([page.waitForURL(`${base}/docs/${name}.html`), page.locator(`a[href="/docs/${name}.html"]`).click()]);
      const menu = page.locator('[data-component-name="Menu/MenuItem"]');
      await menu.first().waitFor({ state: 'visible', timeout: 20_000 });

      // Tag by tag: open its sidebar group (a click works only once Redoc has hydrated), then
      // open each of its operations and wait for the operation's own heading in the reference.
      const missing: string[] = [];
      let shot = false;
      const groups = [...new Set(service.operations.flatMap((op) => op.tags.slice(0, 1)))];
      const byGroup = new Map<string | undefined, typeof service.operations>();
      for (const op of service.operations) byGroup.set(op.tags[0], [...(byGroup.get(op.tags[0]) ?? []), op]);
      for (const tag of [...groups, undefined]) {
        const ops = byGroup.get(tag) ?? [];
        if (ops.length === 0) continue;
        if (tag !== undefined) {
          const group = menu.getByText(tag, { exact: true }).first();
          await group.waitFor({ state: 'visible', timeout: 10_000 });
          if (!(await menu.getByText(ops[0]!.summary ?? ops[0]!.operationId ?? '', { exact: true }).first().isVisible())) await group.click();
        }
        for (const op of ops) {
          const label = op.summary ?? op.operationId ?? `${op.method} ${op.path}`;
          try {
            const entry = menu.getByText(label, { exact: true }).first();
            await entry.waitFor({ state: 'visible', timeout: 5_000 });
            await entry.click();
            const heading = page.locator('h1, h2, h3').filter({ hasText: new RegExp(`^\\s*${escapeRe(label)}\\s*$`) }).first();
            await heading.waitFor({ state: 'visible', timeout: 5_000 });
            if (!shot) {
              // The screenshot shows the first operation, with its request sample.
              await heading.scrollIntoViewIfNeeded();
              await page.screenshot({ path: path.join(resultsDir, `docs-${name}.png`) });
              shot = true;
            }
          } catch {
            missing.push(`${op.method} ${op.path} (${label})`);
          }
        }
      }
      expect(missing, `operations of openapi/${name}.yaml not shown`).toEqual([]);
      expect(shot).toBe(true);

      // Search runs in the page too, under the same policy.
      const wanted = service.operations[0]!.summary ?? service.operations[0]!.operationId ?? '';
      await page.getByText('Search', { exact: false }).first().click();
      await page.keyboard.type(wanted);
      await page.locator('[data-testid="search-dialog"]').getByText(wanted, { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
      await page.keyboard.press('Escape');

      expect(offMachine(requests), 'requests to other hosts').toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    },
    120_000,
  );
});
