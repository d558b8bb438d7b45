import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Hono, type Context } from 'hono';

/**
 * A file already gzip-compressed, as the single-file bundle embeds its files: served as it is to clients that
 * take gzip, and decompressed only for a client that does not (src/shared/assets.ts's `gzippedAsset`). Given as a
 * function, the bytes are read each time they are served and not held between answers: the bundle's files are
 * already in its text, and the docs site's script is a megabyte gzipped, that a server answering the API alone
 * would otherwise keep twice more (as a string and as bytes) for nothing.
 */
export interface GzippedFile {
  gzipped: Uint8Array | (() => Uint8Array);
}
type SiteFile = string | Uint8Array | GzippedFile;

/** Keyed by path relative to the site folder with `/` separators, so the single-file bundle can embed them. */
export type SiteFiles = ReadonlyMap<string, SiteFile> | Readonly<Record<string, SiteFile>>;

export type DocsAppOptions = ({ siteDir: string } | { files: SiteFiles }) & {
  /** Replaces the YAML's origin in the specs' `servers` and the code samples. */
  publicUrl?: string;
};

type Bytes = Uint8Array<ArrayBuffer>;

interface Asset {
  /** The file as written; unset for a file given gzipped (`read`). */
  body?: Bytes;
  contentType: string;
  /** Unset for a file given gzipped until it is first asked for. */
  etag?: string;
  headers: Record<string, string>;
  /** The gzip form of a file given as written, made the first time a client takes gzip. */
  gzip?: { body: Bytes; etag: string };
  /** Reads the gzip form of a file given gzipped, for each answer. */
  read?: () => Uint8Array;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

export function loadSiteDir(siteDir: string): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  if (!existsSync(siteDir)) return files;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(path.relative(siteDir, full).split(path.sep).join('/'), readFileSync(full));
    }
  };
  walk(siteDir);
  return files;
}

const sha256 = (data: Uint8Array | string, encoding: 'base64' | 'base64url') =>
  createHash('sha256').update(data).digest(encoding);

function inlineBlocks(html: string, tag: 'script' | 'style'): string[] {
  const re =
    tag === 'script'
      ? /<script(?![^>]*\ssrc\s*=)(?:\s[^>]*)?>([\s\S]*?)<\/script>/gi
      : /<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi;
  return [...html.matchAll(re)].map((m) => m[1]!);
}

/**
 * Only the page's own inline scripts run (by hash). Scalar injects style elements at run time and its markup
 * carries `style` attributes, so pages with scripts need `'unsafe-inline'` styles.
 */
export function contentSecurityPolicy(html: string): string {
  const scripts = inlineBlocks(html, 'script').map((s) => `'sha256-${sha256(s, 'base64')}'`);
  if (/<script\b[^>]*\ssrc\s*=\s*["']?\/(?!\/)/i.test(html)) scripts.unshift(`'self'`);
  const hasStyleAttributes = /<[a-z][^>]*\sstyle\s*=/i.test(html);
  const styleSrc =
    scripts.length > 0 || hasStyleAttributes
      ? `'self' 'unsafe-inline'`
      : [`'self'`, ...inlineBlocks(html, 'style').map((s) => `'sha256-${sha256(s, 'base64')}'`)].join(' ');
  return [
    `default-src 'none'`,
    `script-src ${scripts.length > 0 ? [...new Set(scripts)].join(' ') : `'none'`}`,
    `style-src ${styleSrc}`,
    `img-src 'self' data:`,
    `font-src 'self' data:`,
    `connect-src 'self'`,
    `base-uri 'none'`,
    `form-action 'none'`,
    `frame-ancestors 'none'`,
    `object-src 'none'`,
  ].join('; ');
}

function rewriteJsonSpec(text: string, publicUrl: string): string {
  const doc = JSON.parse(text) as {
    servers?: Array<{ url: string; description?: string }>;
    paths?: Record<string, Record<string, { 'x-codeSamples'?: Array<{ source: string }> }>>;
  };
  const written = doc.servers?.[0]?.url;
  if (!written) return text;
  const from = new URL(written).origin;
  doc.servers = [{ url: `${publicUrl}${new URL(written).pathname.replace(/\/+$/, '')}`, description: 'This server' }];
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item ?? {})) {
      for (const sample of (op && typeof op === 'object' && op['x-codeSamples']) || [])
        sample.source = sample.source.split(from).join(publicUrl);
    }
  }
  return text.includes('\n  ') ? `${JSON.stringify(doc, null, 2)}\n` : `${JSON.stringify(doc)}\n`;
}

/** Only the `servers:` block is replaced, so the rest of the YAML stays byte for byte as written. */
function rewriteYamlSpec(text: string, publicUrl: string): string {
  const block = /^servers:\n(?:[ -].*\n)+/m.exec(text);
  const url = block && /url:\s*['"]?([^'"\s]+)/.exec(block[0])?.[1];
  if (!block || !url) return text;
  const base = new URL(url).pathname.replace(/\/+$/, '');
  const servers = `servers:\n  - url: ${publicUrl}${base}\n    description: This server\n`;
  return `${text.slice(0, block.index)}${servers}${text.slice(block.index + block[0].length)}`;
}

const viewOf = (bytes: Uint8Array): Bytes =>
  new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);

const isGzipped = (content: SiteFile): content is GzippedFile => typeof content === 'object' && 'gzipped' in content;

/** A reader of the gzip form of a file given gzipped, whether as bytes or as a function that reads them. */
const gzipReader = ({ gzipped }: GzippedFile): (() => Uint8Array) =>
  typeof gzipped === 'function' ? gzipped : () => gzipped;

function toBytes(content: SiteFile): Bytes {
  if (isGzipped(content)) return viewOf(gunzipSync(gzipReader(content)()));
  return typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
}

function prepare(file: string, content: SiteFile): Asset {
  const ext = path.posix.extname(file).toLowerCase();
  const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'cache-control': 'public, no-cache',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  if (ext === '.html') {
    headers['content-security-policy'] = contentSecurityPolicy(new TextDecoder().decode(toBytes(content)));
    headers['x-frame-options'] = 'DENY';
    headers['cross-origin-opener-policy'] = 'same-origin';
    headers['cross-origin-resource-policy'] = 'same-origin';
  } else if (file.startsWith('openapi/')) {
    // Specs are public documents that tools (editors, code generators) fetch from elsewhere.
    headers['content-security-policy'] = `default-src 'none'; frame-ancestors 'none'; sandbox`;
    headers['access-control-allow-origin'] = '*';
    headers['cross-origin-resource-policy'] = 'cross-origin';
  }
  // A file given gzipped stays so, its ETags those of the gzipped bytes: it is not decompressed at start (the
  // docs site's 4 MB script would be three short-lived copies that V8 may keep for a long while), and its ETag is
  // made when it is first asked for. Given as a function, it is not kept either: read for each answer (a page once
  // more at start, for its CSP above).
  if (isGzipped(content)) return { contentType, headers, read: gzipReader(content) };
  const body = toBytes(content);
  return { body, contentType, etag: etagOf(body), headers };
}

const etagOf = (bytes: Bytes) => `"${sha256(bytes, 'base64url').slice(0, 27)}"`;

const COMPRESSIBLE = /^(text\/|application\/(json|yaml|javascript)|image\/svg)/;
const gzipEtag = (etag: string) => `${etag.slice(0, -1)}-gz"`;

/**
 * What an answer to a client that takes gzip (`gzip`) or not sends: its ETag, and its body when it is not a 304.
 * A file given gzipped is read for its ETag the first time, then for each answer's body alone, decompressed for a
 * client that does not take gzip.
 */
function representation(asset: Asset, gzip: boolean): { etag: string; gzipped: boolean; body: () => Bytes } {
  const { read } = asset;
  if (read) {
    const etag = (asset.etag ??= etagOf(viewOf(read())));
    return gzip
      ? { etag: gzipEtag(etag), gzipped: true, body: () => viewOf(read()) }
      : { etag, gzipped: false, body: () => viewOf(gunzipSync(read())) };
  }
  const gz = gzip ? gzipOf(asset) : undefined;
  return gz
    ? { etag: gz.etag, gzipped: true, body: () => gz.body }
    : { etag: asset.etag!, gzipped: false, body: () => asset.body! };
}

/** The gzip form of a file given as written, when it is text of more than 1 KB. */
function gzipOf(asset: Asset): Asset['gzip'] {
  const body = asset.body!;
  if (asset.gzip === undefined && COMPRESSIBLE.test(asset.contentType) && body.byteLength > 1024) {
    asset.gzip = { body: new Uint8Array(gzipSync(body, { level: 9 })), etag: gzipEtag(asset.etag!) };
  }
  return asset.gzip;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/** Mount at the root (`app.route('/', createDocsApp(...))`); unknown paths fall through to the parent. */
export function createDocsApp(options: DocsAppOptions): Hono {
  const source: Iterable<[string, SiteFile]> =
    'siteDir' in options
      ? loadSiteDir(options.siteDir)
      : options.files instanceof Map
        ? options.files
        : Object.entries(options.files as Record<string, SiteFile>);

  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  const routes = new Map<string, Asset>();
  for (const [rawName, written] of source) {
    const file = rawName.replace(/\\/g, '/').replace(/^\.?\//, '');
    let content = written;
    if (publicUrl && (/^openapi\/[^/]+\.json$/.test(file) || /^[^/]+\.openapi\.json$/.test(file)))
      content = rewriteJsonSpec(new TextDecoder().decode(toBytes(written)), publicUrl);
    else if (publicUrl && /^openapi\/[^/]+\.yaml$/.test(file))
      content = rewriteYamlSpec(new TextDecoder().decode(toBytes(written)), publicUrl);
    const asset = prepare(file, content);
    if (file === 'index.html') {
      for (const url of ['/docs', '/docs/', '/docs/index.html']) routes.set(url, asset);
    } else if (file.startsWith('openapi/') && /^openapi\/[A-Za-z0-9._-]+\.(yaml|json)$/.test(file)) {
      routes.set(`/${file}`, asset);
    } else if (/^[A-Za-z0-9._-]+$/.test(file)) {
      routes.set(`/docs/${file}`, asset);
    }
  }

  const app = new Hono();
  const serve = (c: Context) => {
    const asset = routes.get(c.req.path);
    if (!asset) {
      if (c.req.path.startsWith('/docs') && routes.size === 0) {
        return c.text('The docs site is not built: run `npm run docs`.', 503, { 'cache-control': 'no-store' });
      }
      return c.notFound();
    }
    const answer = representation(asset, acceptsGzip(c.req.header('accept-encoding')));
    const headers: Record<string, string> = { ...asset.headers, etag: answer.etag, vary: 'Accept-Encoding' };
    if (etagMatches(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
    headers['content-type'] = asset.contentType;
    if (answer.gzipped) headers['content-encoding'] = 'gzip';
    return c.body(answer.body(), 200, headers);
  };
  app.get('/', (c) => c.redirect('/docs', 302));
  app.get('/docs', serve);
  app.get('/docs/*', serve);
  app.get('/openapi/*', serve);
  return app;
}
