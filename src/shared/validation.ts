import type { Context } from 'hono';
import { getQueryParams } from 'hono/utils/url';
import { z } from 'zod';
import { formBodyReader, mayHoldEscapes } from './body.js';

type Segment = PropertyKey;
type RequestPart = 'header' | 'path' | 'query' | 'body';

/** Engine-neutral, so each service can build its own error body from it. */
export interface Problem {
  part: RequestPart;
  /** `['items', 0, 'quantity']`, or a query parameter's or header's name. */
  path: readonly Segment[];
  /** `unknown` is a property or query parameter the contract does not declare. */
  kind: 'unknown' | 'missing' | 'invalid';
  issue?: z.core.$ZodIssue;
}

export function jsonPath(path: readonly Segment[]): string {
  let out = '';
  for (const seg of path) {
    if (typeof seg === 'number') out += `[${seg}]`;
    else out += out === '' ? String(seg) : `.${String(seg)}`;
  }
  return out;
}

function valueAt(input: unknown, path: readonly Segment[]): unknown {
  let v: unknown = input;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg as string];
  }
  return v;
}

/** A value failing both its format and its pattern (a DateTime) is reported once. */
function walkIssues(part: RequestPart, input: unknown, issues: readonly z.core.$ZodIssue[]): Problem[] {
  const out: Problem[] = [];
  let lastFormatPath: string | undefined;
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ part, path: [...issue.path, key], kind: 'unknown', issue });
      continue;
    }
    const absent = issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_union';
    if (absent && valueAt(input, issue.path) === undefined) {
      out.push({ part, path: issue.path, kind: 'missing', issue });
      continue;
    }
    const where = jsonPath(issue.path);
    if (issue.code === 'invalid_format' && lastFormatPath === where) continue;
    lastFormatPath = issue.code === 'invalid_format' ? where : undefined;
    out.push({ part, path: issue.path, kind: 'invalid', issue });
  }
  return out;
}

export interface RequestSchemas {
  headers?: z.ZodType;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: { content?: Record<string, { schema?: unknown }> };
}

/** Each query parameter as a string, or an array when it is repeated: hono's reading of the query. */
export function queryParameters(url: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  let at = url.indexOf('?', 8);
  if (at === -1) return out;
  // Anything to decode (or a fragment) goes to hono's parser; the usual query is split here, as hono splits it,
  // without its intermediate object of arrays (BENCHMARKS.md, "Ninth look").
  if (/[%+#]/.test(url)) {
    const all = getQueryParams(url) as Record<string, string[]>;
    for (const k in all) add(out, k, all[k]!.length === 1 ? all[k]![0]! : all[k]!);
    return out;
  }
  while (at !== -1) {
    const next = url.indexOf('&', at + 1);
    let eq = url.indexOf('=', at);
    if (eq > next && next !== -1) eq = -1;
    const name = url.slice(at + 1, eq === -1 ? (next === -1 ? undefined : next) : eq);
    at = next;
    if (name === '') continue;
    const value = eq === -1 ? '' : url.slice(eq + 1, next === -1 ? undefined : next);
    const seen = Object.hasOwn(out, name) ? out[name]! : undefined;
    if (seen === undefined) add(out, name, value);
    else if (typeof seen === 'string') out[name] = [seen, value];
    else seen.push(value);
  }
  return out;
}

function add(out: Record<string, string | string[]>, name: string, value: string | string[]): void {
  // A plain store of `__proto__` would set the object's prototype rather than add the parameter.
  if (name === '__proto__')
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  else out[name] = value;
}

const queryValue = (c: Context) => queryParameters(c.req.url);

// Only the declared headers are read: an object of every header would make @hono/node-server build a web `Headers`.
function headerValue(c: Context, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = c.req.header(name);
    if (v !== undefined) out[name] = v;
  }
  return out;
}

type Target = { header: 'header'; path: 'param'; query: 'query'; body: 'json' | 'form' };

export const declaresJsonBody = (request: RequestSchemas | undefined) =>
  request?.body?.content?.['application/json']?.schema !== undefined;

const readForm = formBodyReader();

/**
 * Validates every declared part and returns every problem at once. `body` is the JSON body already read; a form
 * body is read here, the only asynchronous case.
 */
export function requestChecker(request: RequestSchemas | undefined, strictQuery: boolean) {
  type Part = {
    part: RequestPart;
    target: Target[RequestPart];
    schema: z.ZodType;
    read: (c: Context, body: unknown) => unknown;
  };
  const parts: Part[] = [];
  const headers = request?.headers as (z.ZodType & { shape?: Record<string, unknown> }) | undefined;
  if (headers) {
    const names = Object.keys(headers.shape ?? {});
    parts.push({
      part: 'header',
      target: 'header',
      schema: headers,
      read: (c) => (headers.shape ? headerValue(c, names) : c.req.header()),
    });
  }
  if (request?.params)
    parts.push({ part: 'path', target: 'param', schema: request.params, read: (c) => c.req.param() });
  if (request?.query) {
    const query = request.query as z.ZodType & { shape?: unknown };
    parts.push({
      part: 'query',
      target: 'query',
      schema: query.shape ? fromQueryStrings(query as z.ZodObject) : query,
      read: queryValue,
    });
  }
  const json = request?.body?.content?.['application/json']?.schema as z.ZodType | undefined;
  const form = request?.body?.content?.['application/x-www-form-urlencoded']?.schema as z.ZodType | undefined;
  if (json) parts.push({ part: 'body', target: 'json', schema: json, read: (_c, body) => body });
  else if (form) parts.push({ part: 'body', target: 'form', schema: form, read: readForm });
  for (const p of parts) p.schema = compiledSchema(p.schema);
  const declaredQuery = new Set(Object.keys((request?.query as { shape?: object } | undefined)?.shape ?? {}));
  const queryPart = parts.findIndex(({ part }) => part === 'query');

  const check = (c: Context, inputs: unknown[]): Problem[] => {
    let problems: Problem[] = [];
    if (strictQuery && c.req.url.includes('?')) {
      // The query as read for its check when the operation declares one, so the URL is split once.
      for (const name of Object.keys(queryPart >= 0 ? (inputs[queryPart] as object) : queryValue(c)))
        if (!declaredQuery.has(name)) problems.push({ part: 'query', path: [name], kind: 'unknown' });
    }
    for (const [i, { part }] of parts.entries())
      if (part === 'query' || (part === 'body' && mayHoldEscapes(inputs[i])))
        unstorableStrings(part, inputs[i], problems);
    for (const [i, { part, target, schema }] of parts.entries()) {
      const parsed = schema.safeParse(inputs[i]);
      if (parsed.success) c.req.addValidatedData(target, parsed.data as never);
      // Not pushed with a spread: a spread of very many problems overflows the stack.
      else problems = problems.concat(walkIssues(part, inputs[i], parsed.error.issues));
    }
    return problems;
  };
  return (c: Context, body: unknown): Problem[] | Promise<Problem[]> => {
    const inputs = parts.map(({ read }) => read(c, body));
    if (!inputs.some((input) => input instanceof Promise)) return check(c, inputs);
    return Promise.all(inputs).then((read) => check(c, read));
  };
}

/**
 * zod's compiled parser (`z.compile`): one generated function per schema for input that is valid, which falls back
 * to the runtime parser, and so to its issues, for input that is not. About 9 µs less per created order than the
 * runtime parser alone (BENCHMARKS.md, "Fifth look"). A schema it cannot compile is kept as it is;
 * test/shared/compiled-validation.test.ts holds the two to the same answers.
 */
export function compiledSchema<T extends z.ZodType>(schema: T): T {
  try {
    return z.compile(schema, { strict: true }) as T;
  } catch {
    return schema;
  }
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema as z.ZodType & { def: { type: string; innerType?: z.ZodType } };
  while (s.def.type === 'optional' || s.def.type === 'default' || s.def.type === 'nullable')
    s = s.def.innerType as typeof s;
  return s;
}

/**
 * Query values arrive as strings, a repeated parameter sent once as one string. Numbers convert only when the
 * whole value is a decimal integer, so `"12abc"` fails with the generated message. An enum whose values begin with
 * `+` (`sort=+source_created_at`) reads a leading space as `+`, because form decoding turns a literal `+` into one.
 */
function fromQueryStrings<T extends z.ZodObject>(schema: T): T {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const kind = unwrap(field).def.type;
    if (kind === 'number' || kind === 'int') {
      shape[key] = z.preprocess((v) => (typeof v === 'string' && /^-?\d{1,15}$/.test(v) ? Number(v) : v), field);
    } else if (kind === 'array') {
      shape[key] = z.preprocess((v) => (typeof v === 'string' ? [v] : v), field);
    } else if (kind === 'enum' && (unwrap(field) as z.ZodEnum).options.some((o) => String(o).startsWith('+'))) {
      shape[key] = z.preprocess((v) => (typeof v === 'string' && v.startsWith(' ') ? `+${v.slice(1)}` : v), field);
    } else {
      shape[key] = field;
    }
  }
  return z.object(shape) as unknown as T;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_MESSAGE = 'Must not contain U+0000 or an unpaired surrogate.';

/**
 * U+0000 or a lone surrogate: PostgreSQL refuses NUL in text, and both engines store a lone surrogate as U+FFFD,
 * so two different values would become one.
 */
export const isUnstorable = (value: unknown): value is string =>
  typeof value === 'string' && (value.includes('\0') || LONE_SURROGATE.test(value));

// Iterative, because a body may be nested as deep as its size allows.

function unstorableStrings(part: RequestPart, value: unknown, into: Problem[]): void {
  type Node = { value: unknown; key?: Segment; parent?: Node };
  const pending: Node[] = [{ value }];
  // A query parameter is named by its name, once, whichever of its repeated values holds the character.
  const named = new Set<Segment>();
  for (let node = pending.pop(); node; node = pending.pop()) {
    const v = node.value;
    if (typeof v === 'string') {
      if (!isUnstorable(v)) continue;
      let path: Segment[] = [];
      for (let n: Node | undefined = node; n?.parent; n = n.parent) path.unshift(n.key!);
      if (part === 'query') {
        if (named.has(path[0]!)) continue;
        named.add(path[0]!);
        path = path.slice(0, 1);
      }
      into.push({
        part,
        path,
        kind: 'invalid',
        issue: { code: 'custom', message: UNSTORABLE_MESSAGE, path, input: undefined },
      });
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pending.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--)
        pending.push({ value: entries[i]![1], key: entries[i]![0], parent: node });
    }
  }
}
