/**
 * The route table of one contract, generated from its YAML: one `createRoute` per operationId
 * (method, path, tags, security, the request's parts and the responses with their generated zod
 * schemas). Operation files import their route from here and hold only their handler; the
 * contract tests compare the app's registry (what these routes register) with the YAML.
 */

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Every operation of a contract with its path and method, in the YAML's order. */
export function* operationsOf(doc: Json): Generator<{ path: string; method: (typeof METHODS)[number]; op: Json }> {
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (op) yield { path, method, op };
    }
  }
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const quote = (s: string) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll('\n', '\\n')}'`;
const security = (requirements: unknown) =>
  `[${(requirements as Array<Record<string, string[]>>)
    .map(
      (r) =>
        `{ ${Object.entries(r)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join(', ')} }`,
    )
    .join(', ')}]`;

/** Follows a local `$ref` (`#/components/...`) to what it names. */
function resolve(doc: Json, node: unknown): Json {
  let n = node as Json;
  for (let i = 0; i < 10 && typeof n?.$ref === 'string'; i++) {
    n = (n.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as Json)[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc) as Json;
  }
  return n;
}

/** The generated zod schema of a `$ref: '#/components/schemas/Name'` (`zName`). */
function schemaName(schema: unknown, where: string, exports: ReadonlySet<string>): string {
  const ref = (schema as Json | undefined)?.$ref;
  const name = typeof ref === 'string' ? `z${ref.split('/').pop()!}` : undefined;
  if (!name || !exports.has(name))
    throw new Error(
      `${where}: a response or body schema must be a $ref to components/schemas (found ${JSON.stringify(schema)})`,
    );
  return name;
}

export function routesFor(doc: Json, exports: ReadonlySet<string>): string {
  const used = new Set<string>();
  const use = (name: string) => (used.add(name), name);
  const blocks: string[] = [];
  const globalSecurity = doc.security ?? [];
  const ops: Array<{ id: string; text: string }> = [];
  for (const { path, method, op } of operationsOf(doc)) {
    const id = op.operationId as string;
    const P = pascal(id);
    const where = `${method.toUpperCase()} ${path} (${id})`;
    const lines: string[] = [`  operationId: ${quote(id)},`, `  method: ${quote(method)},`, `  path: ${quote(path)},`];
    if (Array.isArray(op.tags)) lines.push(`  tags: [${op.tags.map((t) => quote(String(t))).join(', ')}],`);
    lines.push(`  security: ${security(op.security ?? globalSecurity)},`);

    const request: string[] = [];
    for (const [key, suffix] of [
      ['headers', 'Headers'],
      ['params', 'Path'],
      ['query', 'Query'],
    ] as const) {
      if (exports.has(`z${P}${suffix}`)) request.push(`    ${key}: ${use(`z${P}${suffix}`)},`);
    }
    if (op.requestBody) {
      const body = resolve(doc, op.requestBody);
      const content = Object.keys((body.content ?? {}) as Json)
        .map(
          (mt) =>
            `${quote(mt)}: { schema: ${use(exports.has(`z${P}Body`) ? `z${P}Body` : schemaName(((body.content as Json)[mt] as Json).schema, where, exports))} }`,
        )
        .join(', ');
      request.push(`    body: { required: ${body.required === true}, content: { ${content} } },`);
    }
    if (request.length > 0) lines.push('  request: {', ...request, '  },');

    lines.push('  responses: {');
    for (const [status, ref] of Object.entries(op.responses as Json)) {
      const res = resolve(doc, ref);
      const description = String(res.description ?? '').trim();
      const content = Object.entries((res.content ?? {}) as Record<string, Json>).map(([mt, media]) => {
        const name =
          /^2/.test(status) && mt === 'application/json' && exports.has(`z${P}Response`)
            ? `z${P}Response`
            : schemaName(media.schema, `${where} ${status}`, exports);
        return `${quote(mt)}: { schema: ${use(name)} }`;
      });
      const key = /^\d+$/.test(status) ? status : quote(status);
      lines.push(
        `    ${key}: { description: ${quote(description)}${content.length > 0 ? `, content: { ${content.join(', ')} }` : ''} },`,
      );
    }
    lines.push('  },');
    ops.push({ id, text: `export const ${id} = createRoute({\n${lines.join('\n')}\n});` });
  }
  blocks.push(`import { createRoute } from '@hono/zod-openapi';`);
  blocks.push(
    `import {\n${[...used]
      .sort()
      .map((n) => `  ${n},`)
      .join('\n')}\n} from './zod.js';`,
  );
  blocks.push(...ops.sort((a, b) => a.id.localeCompare(b.id)).map((o) => o.text));
  return `${blocks.join('\n\n')}\n`;
}
