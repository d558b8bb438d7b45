// The docs sub-app on embedded files, mounted the way the server mounts it.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocsApp, type SiteFiles } from '../../src/docs/index.js';

const script = 'document.documentElement.dataset.ready = "1";';
const files = {
  'index.html':
    '<!DOCTYPE html><html><head><style>body{margin:0}</style></head><body><a href="/docs/orders.html">Orders</a></body></html>',
  'orders.html': `<!DOCTYPE html><html><head></head><body><div style="color:red">Orders</div><script>${script}</script>${'<p>padding</p>'.repeat(200)}</body></html>`,
  'openapi/orders.yaml': 'openapi: 3.1.0\ninfo: {title: Orders, version: "1"}\npaths: {}\n',
  'openapi/orders.json': JSON.stringify({ openapi: '3.1.0', info: { title: 'Orders', version: '1' }, paths: {} }),
} satisfies SiteFiles;

function mounted(docs: Hono): Hono {
  const app = new Hono();
  app.route('/', docs);
  app.notFound((c) => c.json({ meta: { code: 40400, type: 'NotFound' }, data: null }, 404));
  return app;
}

const app = mounted(createDocsApp({ files }));
const headersOf = (res: Response) => {
  const all: Record<string, string> = {};
  res.headers.forEach((value, name) => (all[name] = value));
  return all;
};
const sha256 = (s: string) => createHash('sha256').update(s).digest('base64');

describe('docs sub-app', () => {
  it.each(['/docs', '/docs/', '/docs/index.html'])('serves the index at %s', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('href="/docs/orders.html"');
  });

  it('serves a service page with a CSP that allows exactly its inline scripts', async () => {
    const res = await app.request('/docs/orders.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src 'sha256-${sha256(script)}'`);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toMatch(/script-src [^;]*$|script-src [^;]*;/);
    expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it('gives a page without scripts no script source and its style block by hash', async () => {
    const res = await app.request('/docs');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain(`style-src 'self' 'sha256-${sha256('body{margin:0}')}'`);
  });

  it.each([
    ['/openapi/orders.yaml', 'application/yaml; charset=utf-8', 'openapi: 3.1.0'],
    ['/openapi/orders.json', 'application/json; charset=utf-8', '"openapi":"3.1.0"'],
  ])('serves %s as %s', async (url, type, text) => {
    const res = await app.request(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    expect(await res.text()).toContain(text);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await app.request('/openapi/orders.json');
    const etag = first.headers.get('etag')!;
    const again = await app.request('/openapi/orders.json', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('compresses large text with gzip when asked, with its own ETag', async () => {
    const plain = await app.request('/docs/orders.html');
    const gz = await app.request('/docs/orders.html', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('Accept-Encoding');
    expect(gz.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const body = gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8');
    expect(body).toBe(await plain.text());
    const refused = await app.request('/docs/orders.html', { headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it.each(['bytes', 'a function that reads them'])(
    'serves files given gzipped as %s (as the bundle embeds them) like the same files given as written',
    async (form) => {
      const gzipped = mounted(
        createDocsApp({
          files: Object.fromEntries(
            Object.entries(files).map(([name, content]) => {
              const bytes = gzipSync(content, { level: 9 });
              return [name, { gzipped: form === 'bytes' ? bytes : () => Buffer.from(bytes) }];
            }),
          ),
        }),
      );
      const urls = [
        ['/docs/orders.html', 'orders.html'],
        ['/docs/', 'index.html'],
        ['/openapi/orders.yaml', 'openapi/orders.yaml'],
      ] as const;
      for (const [url, name] of urls) {
        const etags = new Set<string>();
        for (const encoding of ['gzip', 'identity']) {
          const headers = { 'accept-encoding': encoding };
          const [given, written] = await Promise.all([
            gzipped.request(url, { headers }),
            app.request(url, { headers }),
          ]);
          expect(given.status).toBe(200);
          // The same headers but the ETag: one of the gzipped bytes (not decompressed to hash them), one per encoding.
          const { etag, ...rest } = headersOf(given);
          expect(rest).toEqual({
            ...headersOf(written),
            etag: undefined,
            'content-encoding': encoding === 'gzip' ? 'gzip' : undefined,
          });
          etags.add(etag!);
          const again = await gzipped.request(url, { headers: { ...headers, 'if-none-match': etag! } });
          expect([again.status, again.headers.get('etag')]).toEqual([304, etag]);
          const body = Buffer.from(await given.arrayBuffer());
          expect(encoding === 'gzip' ? gunzipSync(body) : body).toEqual(Buffer.from(files[name]));
        }
        expect(etags.size).toBe(2);
      }
      // The large page went out as the bytes it was given, and a client without gzip got them decompressed.
      const page = files['orders.html'];
      const gz = await gzipped.request('/docs/orders.html', { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(Buffer.from(await gz.arrayBuffer())).toEqual(gzipSync(page, { level: 9 }));
      expect(await (await gzipped.request('/docs/orders.html')).text()).toBe(page);
    },
  );

  it('reads a file given as a function when it serves it, not at start and not for a 304', async () => {
    const bytes = gzipSync(files['openapi/orders.yaml'], { level: 9 });
    let reads = 0;
    const docs = mounted(
      createDocsApp({
        files: { ...files, 'openapi/orders.yaml': { gzipped: () => (reads++, Buffer.from(bytes)) } },
      }),
    );
    expect(reads).toBe(0);
    const first = await docs.request('/openapi/orders.yaml', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(files['openapi/orders.yaml']);
    // The first answer reads it for its ETag and for its body; each later answer once, for its body alone.
    expect(reads).toBe(2);
    const etag = first.headers.get('etag')!;
    const again = await docs.request('/openapi/orders.yaml', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect([again.status, reads]).toEqual([304, 2]);
    const plain = await docs.request('/openapi/orders.yaml', { headers: { 'accept-encoding': 'identity' } });
    expect([await plain.text(), reads]).toEqual([files['openapi/orders.yaml'], 3]);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.request('/docs/orders.html', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  it.each([
    '/docs/nope.html',
    '/openapi/nope.yaml',
    '/docs/openapi/orders.yaml',
    '/openapi/orders.yml',
    '/orders.html',
  ])('leaves %s to the parent app (404 envelope)', async (url) => {
    const res = await app.request(url);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ meta: { code: 40400 } });
  });

  it('says how to build the site when there is none', async () => {
    const empty = mounted(createDocsApp({ files: {} }));
    const res = await empty.request('/docs');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run docs');
    expect((await empty.request('/openapi/orders.yaml')).status).toBe(404);
  });

  it('leads / to the docs', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/docs');
  });

  it("allows a page's script files from this server only", async () => {
    const page = mounted(
      createDocsApp({
        files: {
          'ref.html': '<!DOCTYPE html><div id="app"></div><script src="/docs/lib.js"></script><script>start()</script>',
        },
      }),
    );
    const csp = (await page.request('/docs/ref.html')).headers.get('content-security-policy') ?? '';
    expect(
      csp
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))!
        .trim(),
    ).toBe(`script-src 'self' 'sha256-${sha256('start()')}'`);
    expect(csp).toContain("connect-src 'self'");
  });

  describe('servers of the running server (publicUrl)', () => {
    const yaml =
      'openapi: 3.1.0\ninfo: {title: Orders, version: "1"}\nservers:\n  - url: http://127.0.0.1:8080/commerce/2024-07\n    description: Local development server\npaths: {}\n';
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Orders', version: '1' },
      servers: [{ url: 'http://127.0.0.1:8080/commerce/2024-07' }],
      paths: {},
    };
    const docsCopy = {
      ...doc,
      paths: {
        '/stores': {
          get: {
            'x-codeSamples': [
              { lang: 'Shell', label: 'curl', source: 'curl "http://127.0.0.1:8080/commerce/2024-07/stores"' },
            ],
          },
        },
      },
    };
    const specs = {
      'openapi/orders.yaml': yaml,
      'openapi/orders.json': JSON.stringify(doc, null, 2),
      'orders.openapi.json': JSON.stringify(docsCopy),
    };
    const at = mounted(createDocsApp({ files: specs, publicUrl: 'https://api.example.com/' }));

    it('names publicUrl in the YAML, keeping the rest of the text', async () => {
      const text = await (await at.request('/openapi/orders.yaml')).text();
      expect(text).toBe(
        yaml.replace(
          'http://127.0.0.1:8080/commerce/2024-07\n    description: Local development server',
          'https://api.example.com/commerce/2024-07\n    description: This server',
        ),
      );
    });

    it('names publicUrl in the JSON spec and in the code samples of the docs copy', async () => {
      expect(((await (await at.request('/openapi/orders.json')).json()) as typeof doc).servers).toEqual([
        { url: 'https://api.example.com/commerce/2024-07', description: 'This server' },
      ]);
      const copy = (await (await at.request('/docs/orders.openapi.json')).json()) as typeof docsCopy;
      expect(copy.servers[0]!.url).toBe('https://api.example.com/commerce/2024-07');
      expect(copy.paths['/stores'].get['x-codeSamples'][0]!.source).toBe(
        'curl "https://api.example.com/commerce/2024-07/stores"',
      );
    });

    it('serves the specs as written without publicUrl', async () => {
      expect(await (await mounted(createDocsApp({ files: specs })).request('/openapi/orders.yaml')).text()).toBe(yaml);
    });
  });

  describe('from a folder', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'docs-app-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('reads every file of siteDir once, at creation', async () => {
      mkdirSync(path.join(dir, 'openapi'));
      for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
      const fromDir = mounted(createDocsApp({ siteDir: dir }));
      writeFileSync(path.join(dir, 'openapi', 'orders.yaml'), 'changed later');
      const res = await fromDir.request('/openapi/orders.yaml');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('openapi: 3.1.0');
      expect((await fromDir.request('/docs/orders.html')).status).toBe(200);
    });
  });
});
