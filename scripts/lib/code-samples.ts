// Code samples for each operation of an OpenAPI document, made from the document itself: the
// method, path, parameters (their `example`), the API key scheme and the request body's example.
// build-docs.ts puts them into the docs' copy of the spec as `x-codeSamples` (which Scalar shows).

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

type Json = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  example?: unknown;
  schema?: Json;
}
export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** Follows a local `$ref` (`#/components/...`) until the object it names. */
function deref<T>(doc: Json, value: unknown): T {
  let v = value as Json | undefined;
  for (let i = 0; i < 20 && v && typeof v.$ref === 'string'; i++) {
    v = (v.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((o, k) => (o as Json | undefined)?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc) as
      Json | undefined;
  }
  return v as T;
}

function exampleOf(doc: Json, holder: Json | undefined): unknown {
  if (!holder) return undefined;
  if ('example' in holder) return holder.example;
  const examples = holder.examples as Record<string, unknown> | undefined;
  const first = examples && Object.values(examples)[0];
  if (first !== undefined) return deref<Json>(doc, first)?.value;
  const schema = deref<Json>(doc, holder.schema);
  if (schema && 'example' in schema) return schema.example;
  if (schema && Array.isArray(schema.examples)) return schema.examples[0];
  if (schema && 'default' in schema) return schema.default;
  return undefined;
}

/** The README's walk-throughs name these values so; a sample uses the same names, so that both can be pasted in one shell. */
const README_VARIABLES: Record<string, string> = { 'svc-store-id': 'STORE', keyId: 'ID', keyToken: 'KEYTOKEN' };
/** The README's name for the API key in the curl samples. */
export const API_KEY_VARIABLE = '$KEY';

/**
 * A shell variable for a parameter: the README's name (`svc-store-id` → `$STORE`), a path `id` named after its
 * resource (`/orders/{id}` → `$ORDER`), else the parameter's name in capitals (`transactionToken` → `$TRANSACTION_TOKEN`).
 */
function shellVar(name: string, pathKey = ''): string {
  const known = README_VARIABLES[name];
  if (known) return `$${known}`;
  const resource = name === 'id' ? new RegExp(`/([a-z_]+?)s?/\\{id\\}`).exec(pathKey)?.[1] : undefined;
  if (resource) return `$${resource.toUpperCase()}`;
  return `$${name
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase()}`;
}
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const tsString = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `{ a: 1, 'b-c': 'x' }`: a value as a TypeScript literal, indented like the sample around it. */
function tsLiteral(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' ? tsString(value) : JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value))
    return value.length === 0
      ? '[]'
      : `[\n${value.map((v) => `${inner}${tsLiteral(v, inner)},`).join('\n')}\n${indent}]`;
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : tsString(k)}: ${tsLiteral(v, inner)},`).join('\n')}\n${indent}}`;
}

export interface SampleContext {
  /** `http://127.0.0.1:8080/commerce/2024-07`: the document's first server. */
  serverUrl: string;
  /** The client factory of `@contract-first/client`: `createOrdersClient`. */
  clientFactory: string;
}

/** The API key header an operation sends: from its `security` (or the document's), if any. */
function apiKeyHeader(doc: Json, op: Json): string | undefined {
  const security = (op.security ?? doc.security ?? []) as Array<Record<string, unknown>>;
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  for (const requirement of security) {
    for (const name of Object.keys(requirement)) {
      const scheme = deref<Json>(doc, schemes[name]);
      if (scheme?.type === 'apiKey' && scheme.in === 'header') return scheme.name as string;
    }
  }
  return undefined;
}

export function operationSamples(
  doc: Json,
  pathKey: string,
  method: string,
  op: Json,
  pathItem: Json,
  ctx: SampleContext,
): CodeSample[] {
  const params = new Map<string, Parameter>();
  for (const raw of [...((pathItem.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])]) {
    const p = deref<Parameter>(doc, raw);
    if (p) params.set(`${p.in}:${p.name}`, p);
  }
  const all = [...params.values()];
  const value = (p: Parameter) => exampleOf(doc, p as unknown as Json);
  const keyHeader = apiKeyHeader(doc, op);
  const body = deref<Json>(doc, op.requestBody);
  const json = (body?.content as Record<string, Json> | undefined)?.['application/json'];
  const bodyExample = json ? exampleOf(doc, json) : undefined;
  const query = all.filter((p) => p.in === 'query' && (p.required || value(p) !== undefined));
  const headers = all.filter((p) => p.in === 'header' && p.required);
  const pathParams = all.filter((p) => p.in === 'path');

  // curl: placeholders are shell variables named as in the README (`$STORE`), the API key is `$KEY`.
  let url = `${ctx.serverUrl}${pathKey.replace(/\{([^}]+)\}/g, (_, name: string) => shellVar(name, pathKey))}`;
  if (query.length > 0) {
    url += `?${query.map((p) => `${encodeURIComponent(p.name)}=${value(p) === undefined || p.name in README_VARIABLES ? shellVar(p.name) : encodeURIComponent(String(value(p)))}`).join('&')}`;
  }
  const curl = [`curl -sS${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} "${url}"`];
  if (keyHeader) curl.push(`-H "${keyHeader}: ${API_KEY_VARIABLE}"`);
  for (const h of headers) curl.push(`-H "${h.name}: ${shellVar(h.name)}"`);
  if (json) curl.push(`-H 'content-type: application/json'`);
  if (bodyExample !== undefined) curl.push(`-d ${shellQuote(JSON.stringify(bodyExample))}`);

  // TypeScript: the typed client; a placeholder is the parameter's example or a string to replace.
  const placeholder = (p: Parameter) => value(p) ?? `${p.name.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
  const paramsTs: Json = {};
  if (pathParams.length > 0) paramsTs.path = Object.fromEntries(pathParams.map((p) => [p.name, placeholder(p)]));
  if (query.length > 0) paramsTs.query = Object.fromEntries(query.map((p) => [p.name, placeholder(p)]));
  if (headers.length > 0) paramsTs.header = Object.fromEntries(headers.map((p) => [p.name, placeholder(p)]));
  const init: Json = {};
  if (Object.keys(paramsTs).length > 0) init.params = paramsTs;
  if (bodyExample !== undefined) init.body = bodyExample;
  const origin = new URL(ctx.serverUrl).origin;
  const ts = [
    `import { ${ctx.clientFactory} } from '@contract-first/client';`,
    '',
    `const client = ${ctx.clientFactory}({ origin: ${tsString(origin)}, apiKey: process.env.API_KEY! });`,
    `const { data, error, response } = await client.${method.toUpperCase()}(${tsString(pathKey)}${Object.keys(init).length > 0 ? `, ${tsLiteral(init)}` : ''});`,
    `console.log(response.status, error ?? data);`,
  ];
  return [
    { lang: 'Shell', label: 'curl', source: curl.join(' \\\n  ') },
    { lang: 'TypeScript', label: 'TypeScript (typed client)', source: ts.join('\n') },
  ];
}

/** A copy of `doc` whose every operation carries `x-codeSamples` made from the document. */
export function withCodeSamples(doc: Json, ctx: SampleContext): Json {
  const copy = structuredClone(doc);
  for (const [pathKey, rawItem] of Object.entries((copy.paths ?? {}) as Record<string, Json>)) {
    const item = deref<Json>(copy, rawItem);
    for (const method of METHODS) {
      const op = item?.[method] as Json | undefined;
      if (op) op['x-codeSamples'] = operationSamples(copy, pathKey, method, op, item, ctx);
    }
  }
  return copy;
}
