// Builds the static docs site from every openapi/*.yaml:
//
//   site/index.html              links to each service's reference page, its specs and the error codes
//   site/<name>.html             Scalar API reference (operations, code samples, a try-it console
//                                that sends requests to the server the page came from)
//   site/<name>.openapi.json     the spec the reference page reads: the YAML with x-codeSamples (curl
//                                and TypeScript with the typed client) generated for each operation
//   site/errors.html             every error code of each service, from the YAML's error responses
//   site/scalar-standalone.js    @scalar/api-reference's browser bundle, served from here (no CDN)
//   site/openapi/<name>.yaml     the spec as written
//   site/openapi/<name>.json     the same document as JSON
//
//   npm run docs [-- --out <dir>]
// The server serves it with src/docs (createDocsApp): /docs, /docs/<name>.html, /openapi/<name>.*,
// naming itself in the specs' `servers` and the samples (PUBLIC_URL, else its host and port).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { withCodeSamples } from './lib/code-samples.js';
import { isContractFile } from './lib/contract-files.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface ServiceOperation {
  method: string;
  path: string;
  operationId?: string;
  summary?: string;
  tags: string[];
}

export interface ServiceInfo {
  /** File name without `.yaml`: `orders`. */
  name: string;
  title: string;
  version: string;
  summary?: string;
  operations: ServiceOperation[];
}

export function readService(file: string): ServiceInfo {
  const doc = parseYaml(readFileSync(file, 'utf8'), { maxAliasCount: -1 }) as {
    info?: { title?: string; version?: string; summary?: string };
    paths?: Record<string, Record<string, { operationId?: string; summary?: string; tags?: string[] }>>;
  };
  const operations: ServiceOperation[] = [];
  for (const [p, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (op)
        operations.push({
          method: method.toUpperCase(),
          path: p,
          operationId: op.operationId,
          summary: op.summary,
          tags: op.tags ?? [],
        });
    }
  }
  return {
    name: path.basename(file, '.yaml'),
    title: doc.info?.title ?? path.basename(file, '.yaml'),
    version: String(doc.info?.version ?? ''),
    summary: doc.info?.summary,
    operations,
  };
}

export function specFiles(dir = path.join(repoRoot, 'openapi')): string[] {
  return readdirSync(dir)
    .filter(isContractFile)
    .sort()
    .map((n) => path.join(dir, n));
}

/**
 * References that would make the browser fetch something from another host: a script, style
 * sheet, font, image or frame loaded from http(s). Links in text (`<a href>`) and URLs inside
 * script code are not fetches and are not reported.
 */
export function externalResources(html: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /<(?:script|link|img|iframe|source|video|audio|embed|object)\b[^>]*?\s(?:src|href|data|srcset)\s*=\s*["']?((?:https?:)?\/\/[^"'\s>]+)/gi,
    /@import\s+(?:url\()?\s*["']?((?:https?:)?\/\/[^"')\s;]+)/gi,
    /url\(\s*["']?((?:https?:)?\/\/[^"')\s]+)/gi,
  ];
  for (const re of patterns) for (const m of html.matchAll(re)) found.add(m[1]!);
  return [...found];
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
/** `inline code` in a YAML description as <code>, the rest escaped. */
const inlineCode = (s: string): string => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const PAGE_STYLE = `
    :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    body { max-width: 60rem; margin: 3rem auto; padding: 0 1.25rem; line-height: 1.5; }
    h1 { font-size: 1.75rem; margin-bottom: 0.25rem; }
    ul.services { list-style: none; padding: 0; }
    ul.services > li { border: 1px solid #8884; border-radius: 0.5rem; padding: 0.25rem 1.25rem; margin: 1rem 0; }
    h2 { font-size: 1.25rem; }
    .version { font-size: 0.85rem; font-weight: normal; opacity: 0.7; }
    .meta { font-size: 0.9rem; opacity: 0.8; }
    table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1.5rem; }
    th, td { border: 1px solid #8886; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
    code { font-size: 0.9em; }`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <link rel="icon" href="data:,">
  <style>${PAGE_STYLE}
  </style>
</head>
<body>
${body}
</body>
</html>
`;
}

export function indexPage(services: ServiceInfo[]): string {
  const cards = services
    .map(
      (s) => `    <li>
      <h2><a href="/docs/${encodeURIComponent(s.name)}.html">${escapeHtml(s.title)}</a> <span class="version">${escapeHtml(s.version)}</span></h2>
      ${s.summary ? `<p>${escapeHtml(s.summary)}</p>` : ''}
      <p class="meta">${s.operations.length} operations · <a href="/docs/errors.html#${encodeURIComponent(s.name)}">error codes</a> · spec: <a href="/openapi/${encodeURIComponent(s.name)}.yaml">${escapeHtml(s.name)}.yaml</a> · <a href="/openapi/${encodeURIComponent(s.name)}.json">${escapeHtml(s.name)}.json</a></p>
    </li>`,
    )
    .join('\n');
  return page(
    'API documentation',
    `  <h1>API documentation</h1>
  <p>Reference documentation generated from the OpenAPI documents these services are built from: every operation with
  code samples (curl, and TypeScript with the typed client <code>@contract-first/client</code>) and a console
  that sends requests to this server with your API key. <a href="/docs/errors.html">Every error code</a> on one page.</p>
  <ul class="services">
${cards}
  </ul>`,
  );
}

type Json = Record<string, unknown>;
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The error responses of a document, one row per error code: the response's HTTP status (from the
 * operations that use it), the codes its examples and schema name (`meta.code`/`meta.type`, or
 * `error.code`/`error.reason`) and its description.
 */
export function errorRows(doc: Json): Array<{ status: string; code: string; type: string; text: string }> {
  const components = (doc.components ?? {}) as Json;
  const responses = (components.responses ?? {}) as Record<string, Json>;
  const statusOf = new Map<string, Set<string>>();
  for (const item of Object.values((doc.paths ?? {}) as Record<string, Json>)) {
    for (const m of HTTP_METHODS) {
      const op = item?.[m] as Json | undefined;
      for (const [status, r] of Object.entries((op?.responses ?? {}) as Record<string, Json>)) {
        const ref = typeof r.$ref === 'string' ? r.$ref.split('/').pop()! : undefined;
        if (ref && /^[45]/.test(status)) statusOf.set(ref, (statusOf.get(ref) ?? new Set()).add(status));
      }
    }
  }
  const rows: Array<{ status: string; code: string; type: string; text: string }> = [];
  for (const [name, response] of Object.entries(responses)) {
    const statuses = statusOf.get(name);
    if (!statuses) continue;
    const status = [...statuses].sort().join(', ');
    const description = String(response.description ?? '').trim();
    // `40000` BadRequest: text — one line per code in the order service's descriptions.
    const perCode = description
      .split(/\n(?=`\d{5}` )/)
      .map((part) => /^`(\d{5})` (\w+): ([\s\S]+)$/.exec(part.trim()))
      .filter((m) => m !== null);
    if (perCode.length > 0) {
      for (const m of perCode) rows.push({ status, code: m[1]!, type: m[2]!, text: m[3]!.replace(/\s+/g, ' ') });
      continue;
    }
    const json = ((response.content ?? {}) as Record<string, Json>)['application/json'];
    if (!json) {
      rows.push({ status, code: '', type: 'HTML page', text: description.replace(/\s+/g, ' ') });
      continue;
    }
    const examples = Object.values((json?.examples ?? {}) as Record<string, Json>).map((e) => (e.value ?? {}) as Json);
    const codes = new Set<string>();
    const reasons = new Set<string>();
    for (const e of examples) {
      const err = (e.error ?? e.meta) as Json | undefined;
      if (err?.code !== undefined) codes.add(String(err.code));
      if (err?.reason !== undefined) reasons.add(String(err.reason));
    }
    rows.push({
      status,
      code: [...codes].join(', '),
      type: [...reasons].join(', '),
      text: description.replace(/\s+/g, ' '),
    });
  }
  return rows.sort((a, b) => a.status.localeCompare(b.status) || a.code.localeCompare(b.code));
}

/** Enumerated schemas whose name says they list error reasons (`ErrorReason`), with their descriptions. */
function reasonSchemas(doc: Json): Array<{ name: string; values: string[]; description: string }> {
  const schemas = (((doc.components ?? {}) as Json).schemas ?? {}) as Record<string, Json>;
  return Object.entries(schemas)
    .filter(([name, s]) => /Reason$/.test(name) && Array.isArray(s.enum))
    .map(([name, s]) => ({
      name,
      values: (s.enum as unknown[]).map(String),
      description: String(s.description ?? ''),
    }));
}

export function errorsPage(services: Array<{ info: ServiceInfo; doc: Json }>): string {
  const sections = services.map(({ info, doc }) => {
    const rows = errorRows(doc)
      .map(
        (r) =>
          `        <tr><td>${escapeHtml(r.status)}</td><td><code>${escapeHtml(r.code)}</code></td><td>${escapeHtml(r.type)}</td><td>${inlineCode(r.text)}</td></tr>`,
      )
      .join('\n');
    const reasons = reasonSchemas(doc)
      .map((r) => {
        // "`missing`: not sent. `invalid`: …" → one item per value.
        const says = new Map(
          [...r.description.matchAll(/`([\w-]+)`: ([^`]+?)(?=\s*`[\w-]+`:|\s*$)/g)].map((m) => [m[1]!, m[2]!.trim()]),
        );
        return `    <h3>Reasons (<code>${escapeHtml(r.name)}</code>)</h3>
    <table>
      <thead><tr><th>reason</th><th>meaning</th></tr></thead>
      <tbody>
${r.values.map((v) => `        <tr><td><code>${escapeHtml(v)}</code></td><td>${inlineCode(says.get(v) ?? '')}</td></tr>`).join('\n')}
      </tbody>
    </table>`;
      })
      .join('\n');
    const isEnvelope = errorRows(doc).some((r) => /^\d{5}$/.test(r.code));
    return `  <section id="${escapeHtml(info.name)}">
    <h2>${escapeHtml(info.title)} <span class="version">${escapeHtml(info.version)}</span></h2>
    <p class="meta"><a href="/docs/${encodeURIComponent(info.name)}.html">API reference</a> · spec: <a href="/openapi/${encodeURIComponent(info.name)}.yaml">${escapeHtml(info.name)}.yaml</a></p>
    <table>
      <thead><tr><th>HTTP status</th><th>${isEnvelope ? '<code>meta.code</code>' : '<code>error.code</code>'}</th><th>${isEnvelope ? '<code>meta.type</code>' : '<code>error.reason</code> (examples)'}</th><th>when</th></tr></thead>
      <tbody>
${rows}
      </tbody>
    </table>
${reasons}
  </section>`;
  });
  return page(
    'Error codes',
    `  <p><a href="/docs">API documentation</a></p>
  <h1>Error codes</h1>
  <p>Every error answer of each service, from its OpenAPI document.</p>
${sections.join('\n')}`,
  );
}

/** Scalar's settings: nothing from another host (no fonts, proxy, telemetry or hosted client). */
export function scalarConfiguration(name: string): Json {
  return {
    url: `/docs/${name}.openapi.json`,
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    documentDownloadType: 'both',
    mcp: { disabled: true },
    agent: { disabled: true },
    persistAuth: false,
    // The samples are the x-codeSamples generated from the YAML (curl, TypeScript with the typed client).
    hiddenClients: true,
  };
}

export function referencePage(service: ServiceInfo): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(`${service.title} ${service.version}`.trim())}</title>
  <link rel="icon" href="data:,">
</head>
<body>
  <noscript>This reference needs JavaScript; the spec is at <a href="/openapi/${encodeURIComponent(service.name)}.yaml">/openapi/${escapeHtml(service.name)}.yaml</a>.</noscript>
  <div id="app"></div>
  <script src="/docs/scalar-standalone.js"></script>
  <script>Scalar.createApiReference('#app', ${JSON.stringify(scalarConfiguration(service.name))});</script>
</body>
</html>
`;
}

const scalarBundle = path.join(
  repoRoot,
  'node_modules',
  '@scalar',
  'api-reference',
  'dist',
  'browser',
  'standalone.js',
);

/** What the try-it console's empty key field says: where a key comes from. */
export const KEY_FIELD_HINT = 'svc_… (the key npm start or npm run cli -- api-key create printed)';
/** Scalar's own placeholder for that field (base64 of a joke), which reads like a real key. */
const SCALAR_KEY_PLACEHOLDER = 'placeholder:`QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT`';

/**
 * Scalar's bundle with the key field's placeholder replaced by KEY_FIELD_HINT: Scalar has no setting for it.
 * A Scalar without that placeholder fails the build, so that an upgrade cannot bring the fake key back unseen.
 */
export function scalarBundleWithKeyHint(source = readFileSync(scalarBundle, 'utf8')): string {
  const parts = source.split(SCALAR_KEY_PLACEHOLDER);
  if (parts.length < 2)
    throw new Error(
      `${scalarBundle}: Scalar's API key placeholder was not found; check the try-it key field and update build-docs.ts`,
    );
  return parts.join(`placeholder:${JSON.stringify(KEY_FIELD_HINT)}`);
}

export async function buildSite(outDir: string, files = specFiles()): Promise<ServiceInfo[]> {
  if (files.length === 0) throw new Error('no openapi/*.yaml to document');
  // Build beside the target and swap it in, so a failed build leaves the old site alone.
  const staging = `${outDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.join(staging, 'openapi'), { recursive: true });
  try {
    const services = files.map(readService);
    const docs: Array<{ info: ServiceInfo; doc: Record<string, unknown> }> = [];
    for (const [i, file] of files.entries()) {
      const service = services[i]!;
      const text = readFileSync(file, 'utf8');
      const doc = parseYaml(text, { maxAliasCount: -1 }) as Record<string, unknown>;
      docs.push({ info: service, doc });
      writeFileSync(path.join(staging, 'openapi', `${service.name}.yaml`), text);
      writeFileSync(path.join(staging, 'openapi', `${service.name}.json`), `${JSON.stringify(doc, null, 2)}\n`);
      const serverUrl = ((doc.servers as Array<{ url: string }> | undefined)?.[0]?.url ?? '').replace(/\/+$/, '');
      if (!/^https?:\/\//.test(serverUrl))
        throw new Error(
          `${file}: servers[0].url must be an absolute http(s) URL (the code samples and the server's rewrite start from it)`,
        );
      const clientFactory = `create${service.name[0]!.toUpperCase()}${service.name.slice(1)}Client`;
      writeFileSync(
        path.join(staging, `${service.name}.openapi.json`),
        `${JSON.stringify(withCodeSamples(doc, { serverUrl, clientFactory }))}\n`,
      );
      const html = referencePage(service);
      const external = externalResources(html);
      if (external.length > 0) throw new Error(`${service.name}.html loads from other hosts: ${external.join(', ')}`);
      writeFileSync(path.join(staging, `${service.name}.html`), html);
    }
    writeFileSync(path.join(staging, 'scalar-standalone.js'), scalarBundleWithKeyHint());
    writeFileSync(path.join(staging, 'errors.html'), errorsPage(docs));
    writeFileSync(path.join(staging, 'index.html'), indexPage(services));
    // Two renames, so that outDir is missing only for an instant.
    const old = `${outDir}.old-${process.pid}`;
    const hadOld = existsSync(outDir);
    if (hadOld) renameSync(outDir, old);
    renameSync(staging, outDir);
    if (hadOld) rmSync(old, { recursive: true, force: true });
    return services;
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
}

/** True when the site is missing or older than a contract or this script (`npm start` rebuilds only then). */
function siteIsStale(outDir: string): boolean {
  const built = path.join(outDir, 'index.html');
  if (!existsSync(built)) return true;
  const sources = [
    fileURLToPath(import.meta.url),
    path.join(repoRoot, 'scripts', 'lib', 'code-samples.ts'),
    scalarBundle,
    ...readdirSync(path.join(repoRoot, 'openapi'))
      .filter(isContractFile)
      .map((f) => path.join(repoRoot, 'openapi', f)),
  ];
  const builtAt = statSync(built).mtimeMs;
  return sources.some((f) => statSync(f).mtimeMs > builtAt);
}

async function main(argv: string[]): Promise<number> {
  let outDir = path.join(repoRoot, 'site');
  let ifStale = false;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out' && argv[i + 1]) outDir = path.resolve(argv[++i]!);
    else if (argv[i] === '--if-stale') ifStale = true;
    else {
      console.error(`usage: npm run docs [-- --out <dir>] [--if-stale]`);
      return 2;
    }
  }
  if (ifStale && !siteIsStale(outDir)) return 0;
  const started = Date.now();
  const services = await buildSite(outDir);
  const rel = path.relative(process.cwd(), outDir) || '.';
  for (const s of services)
    console.log(`✓ ${rel}/${s.name}.html  ${s.title} ${s.version} (${s.operations.length} operations)`);
  console.log(`✓ ${rel}/index.html  in ${Date.now() - started} ms`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
