// Builds the static docs site from every openapi/*.yaml:
//
//   site/index.html            links to each service's reference page and its specs
//   site/<name>.html           Redoc reference (redocly build-docs --inlineBundle: no CDN, no
//                              external font; checked below)
//   site/openapi/<name>.yaml   the spec as written
//   site/openapi/<name>.json   the same document as JSON
//
//   npm run docs [-- --out <dir>]
// The server serves it with src/docs (createDocsApp): /docs, /docs/<name>.html, /openapi/<name>.*
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redoclyBin = path.join(repoRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

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
      if (op) operations.push({ method: method.toUpperCase(), path: p, operationId: op.operationId, summary: op.summary, tags: op.tags ?? [] });
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
    .filter((n) => n.endsWith('.yaml'))
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

/** Redoc's "API docs by" attribution loads its logo from cdn.redoc.ly; draw it locally instead. */
const REDOCLY_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const LOCAL_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14"><text x="0" y="11" font-family="sans-serif" font-size="11" fill="#0044D4">Redocly</text></svg>',
)}`;

/** Keeps the Redoc page from fetching anything but itself: the logo above and the favicon. */
export function patchRedocPage(html: string): string {
  let out = html.replace(REDOCLY_LOGO, LOCAL_LOGO);
  out = out.replace(/<meta charset=[^>]*>/i, (meta) => `${meta}\n  <link rel="icon" href="data:,">`);
  if (out.includes('cdn.redoc.ly')) throw new Error('the Redoc page still refers to cdn.redoc.ly');
  return out;
}

const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function indexPage(services: ServiceInfo[]): string {
  const cards = services
    .map(
      (s) => `    <li>
      <h2><a href="/docs/${encodeURIComponent(s.name)}.html">${escapeHtml(s.title)}</a> <span class="version">${escapeHtml(s.version)}</span></h2>
      ${s.summary ? `<p>${escapeHtml(s.summary)}</p>` : ''}
      <p class="meta">${s.operations.length} operations · spec: <a href="/openapi/${encodeURIComponent(s.name)}.yaml">${escapeHtml(s.name)}.yaml</a> · <a href="/openapi/${encodeURIComponent(s.name)}.json">${escapeHtml(s.name)}.json</a></p>
    </li>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>API documentation</title>
  <link rel="icon" href="data:,">
  <style>
    :root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    body { max-width: 46rem; margin: 3rem auto; padding: 0 1.25rem; line-height: 1.5; }
    h1 { font-size: 1.75rem; margin-bottom: 0.25rem; }
    ul { list-style: none; padding: 0; }
    li { border: 1px solid #8884; border-radius: 0.5rem; padding: 0.25rem 1.25rem; margin: 1rem 0; }
    h2 { font-size: 1.25rem; }
    .version { font-size: 0.85rem; font-weight: normal; opacity: 0.7; }
    .meta { font-size: 0.9rem; opacity: 0.8; }
  </style>
</head>
<body>
  <h1>API documentation</h1>
  <p>Reference documentation generated from the OpenAPI documents these services are built from.</p>
  <ul>
${cards}
  </ul>
</body>
</html>
`;
}

function redoclyBuildDocs(file: string, output: string, title: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [redoclyBin, 'build-docs', file, '--output', output, '--inlineBundle', '--title', title, '--config', path.join(repoRoot, 'redocly.yaml')],
      { cwd: repoRoot, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NODE_NO_WARNINGS: '1' } },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`redocly build-docs ${file} exited with ${code}:\n${out}`))));
  });
}

export async function buildSite(outDir: string, files = specFiles()): Promise<ServiceInfo[]> {
  if (files.length === 0) throw new Error('no openapi/*.yaml to document');
  // Build beside the target and swap it in, so a failed build leaves the old site alone.
  const staging = `${outDir}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.join(staging, 'openapi'), { recursive: true });
  try {
    const services = files.map(readService);
    await Promise.all(
      files.map(async (file, i) => {
        const service = services[i]!;
        const page = path.join(staging, `${service.name}.html`);
        await redoclyBuildDocs(file, page, `${service.title} ${service.version}`.trim());
        const html = patchRedocPage(readFileSync(page, 'utf8'));
        writeFileSync(page, html);
        const external = externalResources(html);
        if (external.length > 0) throw new Error(`${service.name}.html loads from other hosts: ${external.join(', ')}`);
        const text = readFileSync(file, 'utf8');
        writeFileSync(path.join(staging, 'openapi', `${service.name}.yaml`), text);
        writeFileSync(path.join(staging, 'openapi', `${service.name}.json`), `${JSON.stringify(parseYaml(text, { maxAliasCount: -1 }), null, 2)}\n`);
      }),
    );
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
  const sources = [fileURLToPath(import.meta.url), ...readdirSync(path.join(repoRoot, 'openapi')).filter((f) => f.endsWith('.yaml')).map((f) => path.join(repoRoot, 'openapi', f))];
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
  for (const s of services) console.log(`✓ ${rel}/${s.name}.html  ${s.title} ${s.version} (${s.operations.length} operations)`);
  console.log(`✓ ${rel}/index.html  in ${Date.now() - started} ms`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
