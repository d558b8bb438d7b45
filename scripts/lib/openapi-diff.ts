// The contract checker: compares two OpenAPI 3.x documents operation by operation, with local
// $refs inlined, and judges every difference by a rule of scripts/lib/contract-rules.ts.
//
// It never stays silent: each operation (callbacks and webhooks included) is turned into one
// normalized tree per side, the two trees are compared leaf by leaf, and every rule claims the
// paths it judged. A difference that no rule claimed is reported as `unclassified`, so a gap in
// the rules shows up in the report instead of hiding.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import {
  LOWER_BOUNDS,
  UPPER_BOUNDS,
  accepts,
  boundName,
  ruleOf,
  schemaRuleId,
  type Location,
  type Severity,
  type Subject,
} from './contract-rules.js';

export type { Severity } from './contract-rules.js';

export interface Finding {
  rule: string;
  severity: Severity;
  /** `POST /orders/{id}`, `POST /keys/{keyId}/transactions/generate callback userReturned GET …`, `(document)`. */
  operation: string;
  /** `request body`, `parameter`, `response 201`, `response 201 header`, `security`, `operation`, `document`. */
  where: string;
  /** The field in JSON-path style (`items[].quantity`, `query.limit`), or '' for the whole. */
  field: string;
  /** What changed, without the location (`maxLength 64 → 32`). */
  change: string;
  /** Where in which document the change is (the after side unless the thing was removed). */
  origin: { side: 'before' | 'after'; pointer: string };
  /** A narrowing of what the service emits: rows stored before it may no longer fit. */
  storedData?: boolean;
  /** Set when a new version label makes an error acceptable (README, Versioning). */
  note?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const DOC_KEYS = new Set(['description', 'summary', 'title', 'example', 'examples', 'externalDocs', '$comment']);
/** Keys whose children are names chosen by the author, never keywords. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'headers',
  'securitySchemes',
  'parameters',
  'content',
  'responses',
]);

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const fmt = (v: unknown): string => (v === undefined ? 'none' : typeof v === 'string' ? v : JSON.stringify(v));
const fmtList = (vs: unknown[]): string => vs.map((v) => `\`${fmt(v)}\``).join(', ');
const esc = (k: string | number): string => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (s: string): string => s.replace(/~1/g, '/').replace(/~0/g, '~');
const setItem = (v: Json): string => `[${JSON.stringify(v)}]`;
const pathKey = (path: readonly string[]): string => path.join('\u0000');

// ---------------------------------------------------------------------------------------------
// Inlining and normalization

/** Keys under which a schema holds schemas (the rest of a schema's keys hold data or keywords). */
const SCHEMA_CHILD = new Set([
  'items',
  'additionalProperties',
  'not',
  'contains',
  'unevaluatedProperties',
  'propertyNames',
  'if',
  'then',
  'else',
]);
const SCHEMA_MAP_CHILD = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);
const SCHEMA_LIST_CHILD = new Set(['allOf', 'oneOf', 'anyOf', 'prefixItems']);

class Resolver {
  /** Where each object of an inlined tree was written in the document (a JSON pointer). */
  readonly origins = new WeakMap<object, string>();
  /** The `$ref`s followed, so that components no operation uses can be compared on their own. */
  readonly used = new Set<string>();
  /**
   * Each `$ref`'s inlined target (by whether it is read as a schema), shared by every place that names it. Kept only
   * when no recursion was cut inside it: then no `$ref` under it leads back to itself, so the refs being inlined
   * around a use (`stack`) cannot cut it anywhere else either. Nothing changes an inlined tree once made.
   */
  private readonly targets = new Map<string, Json | undefined>();
  private cuts = 0;

  constructor(readonly root: Obj) {}

  get(pointer: string): Json | undefined {
    let cur: Json | undefined = this.root;
    for (const raw of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
      const part = unesc(decodeURIComponent(raw));
      if (Array.isArray(cur)) cur = cur[Number(part)];
      else if (isObj(cur)) cur = cur[part];
      else return undefined;
    }
    return cur;
  }

  /** A copy of `node` with every local `$ref` replaced by its target; recursion is cut with `x-recursive`. */
  inline(node: Json | undefined, pointer: string, schema: boolean, stack: readonly string[] = []): Json | undefined {
    if (Array.isArray(node)) return node.map((v) => this.inline(v, pointer, false, stack) as Json);
    if (!isObj(node)) return node;
    if (typeof node.$ref === 'string') {
      const ref = node.$ref;
      if (!ref.startsWith('#')) throw new Error(`external $ref not supported: ${ref} at ${pointer}`);
      if (stack.includes(ref)) {
        this.cuts++;
        return { 'x-recursive': ref };
      }
      this.used.add(ref.replace(/^#/, ''));
      const asSchema = schema || ref.includes('/schemas/');
      const key = `${asSchema ? 's' : 'v'}${ref}`;
      let resolved = this.targets.get(key);
      if (resolved === undefined) {
        const target = this.get(ref);
        if (target === undefined) throw new Error(`unresolved $ref ${ref} at ${pointer}`);
        const cuts = this.cuts;
        resolved = this.inline(target, ref.replace(/^#/, ''), asSchema, [...stack, ref]);
        if (this.cuts === cuts) this.targets.set(key, resolved);
      }
      const siblings = Object.keys(node).filter((k) => k !== '$ref');
      if (siblings.length === 0 || !isObj(resolved)) return resolved;
      const merged: Obj = { ...resolved };
      for (const k of siblings)
        merged[k] = this.inline(node[k], `${pointer}/${esc(k)}`, schema && k !== 'enum', stack) as Json;
      this.origins.set(merged, pointer);
      return schema ? normalizeSchema(merged, this.origins) : merged;
    }
    const out: Obj = {};
    for (const [k, v] of Object.entries(node)) {
      const at = `${pointer}/${esc(k)}`;
      if (k === 'schema') out[k] = this.inline(v, at, true, stack) as Json;
      else if (!schema) out[k] = this.inline(v, at, false, stack) as Json;
      else if (SCHEMA_CHILD.has(k)) out[k] = this.inline(v, at, typeof v === 'object', stack) as Json;
      else if (SCHEMA_MAP_CHILD.has(k) && isObj(v)) {
        const map: Obj = {};
        for (const [name, s] of Object.entries(v))
          map[name] = this.inline(s, `${at}/${esc(name)}`, true, stack) as Json;
        this.origins.set(map, at);
        out[k] = map;
      } else if (SCHEMA_LIST_CHILD.has(k) && Array.isArray(v)) {
        out[k] = v.map((s, i) => this.inline(s, `${at}/${i}`, true, stack) as Json);
      } else out[k] = v as Json; // data: enum, default, const, required, examples
    }
    this.origins.set(out, pointer);
    return schema ? normalizeSchema(out, this.origins) : out;
  }
}

/** One spelling per meaning: `type` as a list, `nullable` as a `null` type, `const` as an enum, `allOf` merged. */
function normalizeSchema(s: Obj, origins: WeakMap<object, string>): Obj {
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.filter(isObj);
    const merged: Obj = { ...s };
    delete merged.allOf;
    const props: Obj = isObj(s.properties) ? { ...s.properties } : {};
    const required = new Set(Array.isArray(s.required) ? s.required : []);
    for (const part of parts) {
      for (const [k, v] of Object.entries(part)) {
        if (k === 'properties' && isObj(v)) Object.assign(props, v);
        else if (k === 'required' && Array.isArray(v)) v.forEach((r) => required.add(r));
        else if (!(k in merged)) merged[k] = v;
      }
    }
    if (Object.keys(props).length > 0) merged.properties = props;
    if (required.size > 0) merged.required = [...required];
    const origin = origins.get(s);
    if (origin) origins.set(merged, origin);
    s = merged;
  }
  if (typeof s.type === 'string') s.type = [s.type];
  if (s.nullable === true) {
    s.type = [...new Set([...(Array.isArray(s.type) ? s.type : []), 'null'])];
    delete s.nullable;
  }
  if ('const' in s && !('enum' in s)) {
    s.enum = [s.const as Json];
    delete s.const;
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Operations as normalized trees

export interface OperationModel {
  /** Matching key: method and path with parameter names blanked (`GET /orders/{}`). */
  key: string;
  /** `GET /orders/{id}`, or the callback or webhook it is. */
  display: string;
  kind: 'operation' | 'callback' | 'webhook';
  /** The path template (operations and callbacks) whose `{names}` give path parameter positions. */
  template: string;
  tree: Obj;
}

const normalisePath = (p: string): string => p.replace(/\{[^}]+\}/g, '{}');

function securityKey(req: Obj): string {
  return (
    Object.keys(req)
      .sort()
      .map((name) => {
        const scopes = Array.isArray(req[name]) ? [...(req[name] as Json[])].map(String).sort() : [];
        return scopes.length > 0 ? `${name}[${scopes.join(',')}]` : name;
      })
      .join(' + ') || '(none)'
  );
}

function operationTree(r: Resolver, item: Obj, itemPointer: string, method: string, withSecurity: boolean): Obj {
  const pointer = `${itemPointer}/${method}`;
  const op = r.inline(item[method], pointer, false) as Obj;
  const tree: Obj = {};
  for (const [k, v] of Object.entries(op)) {
    if (k === 'parameters' || k === 'callbacks' || k === 'security') continue;
    tree[k] = v;
  }
  // Parameters: the path item's, overridden by the operation's, by location and name.
  const params: Obj = {};
  const addParams = (list: Json | undefined, at: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((raw, i) => {
      const p = r.inline(raw, `${at}/${i}`, false);
      if (!isObj(p)) return;
      const where = String(p.in ?? '?');
      const name = where === 'header' ? String(p.name ?? '').toLowerCase() : String(p.name ?? '');
      const copy: Obj = { ...p };
      delete copy.in;
      delete copy.name;
      r.origins.set(copy, r.origins.get(p) ?? `${at}/${i}`);
      params[`${where}.${name}`] = copy;
    });
  };
  addParams(item.parameters, `${itemPointer}/parameters`);
  addParams((item[method] as Obj).parameters, `${pointer}/parameters`);
  tree.parameters = params;
  r.origins.set(params, `${pointer}/parameters`);
  // What the path item says about all its operations (servers, summary, extensions) belongs to each.
  const shared: Obj = {};
  for (const [k, v] of Object.entries(item)) {
    if (k !== 'parameters' && k !== '$ref' && !(METHODS as readonly string[]).includes(k))
      shared[k] = r.inline(v, `${itemPointer}/${esc(k)}`, false) as Json;
  }
  if (Object.keys(shared).length > 0) {
    r.origins.set(shared, itemPointer);
    tree.pathItem = shared;
  }
  // Response headers by lower-case name (HTTP header names are case-insensitive).
  if (isObj(tree.responses)) {
    for (const resp of Object.values(tree.responses)) {
      if (isObj(resp) && isObj(resp.headers)) {
        const lower: Obj = {};
        for (const [name, h] of Object.entries(resp.headers)) lower[name.toLowerCase()] = h;
        r.origins.set(lower, r.origins.get(resp.headers) ?? pointer);
        resp.headers = lower;
      }
    }
  }
  if (withSecurity) {
    const own = (item[method] as Obj).security;
    const effective = Array.isArray(own) ? own : Array.isArray(r.root.security) ? r.root.security : [];
    const security: Obj = {};
    const schemes: Obj = {};
    for (const req of effective) {
      if (!isObj(req)) continue;
      security[securityKey(req)] = req;
      for (const name of Object.keys(req)) {
        const at = `/components/securitySchemes/${esc(name)}`;
        const scheme = r.inline(r.get(at), at, false);
        if (scheme !== undefined) {
          r.used.add(at);
          schemes[name] = scheme as Json;
        }
      }
    }
    r.origins.set(security, Array.isArray(own) ? `${pointer}/security` : '/security');
    tree.security = security;
    tree.securitySchemes = schemes;
    r.origins.set(schemes, '/components/securitySchemes');
  }
  r.origins.set(tree, pointer);
  return tree;
}

export function collectOperations(r: Resolver): Map<string, OperationModel> {
  const out = new Map<string, OperationModel>();
  const addPathItem = (
    template: string,
    raw: Json,
    pointer: string,
    kind: OperationModel['kind'],
    prefix: string,
    withSecurity: boolean,
  ) => {
    const item = r.inline(raw, pointer, false);
    if (!isObj(item)) return;
    // The raw item keeps `$ref`s of the parameters and callbacks, for their own pointers.
    const rawItem = isObj(raw) && typeof raw.$ref === 'string' ? (r.get(raw.$ref) as Obj) : (raw as Obj);
    const itemPointer = isObj(raw) && typeof raw.$ref === 'string' ? raw.$ref.replace(/^#/, '') : pointer;
    for (const method of METHODS) {
      if (!isObj(rawItem?.[method])) continue;
      const display = `${prefix}${method.toUpperCase()} ${template}`;
      const key = `${prefix}${method.toUpperCase()} ${kind === 'operation' ? normalisePath(template) : template}`;
      const tree = operationTree(r, rawItem, itemPointer, method, withSecurity);
      out.set(key, { key, display, kind, template, tree });
      const callbacks = (rawItem[method] as Obj).callbacks;
      if (kind === 'operation' && isObj(callbacks)) {
        for (const [name, cbRaw] of Object.entries(callbacks)) {
          const cbPointer = `${itemPointer}/${method}/callbacks/${esc(name)}`;
          const cb = isObj(cbRaw) && typeof cbRaw.$ref === 'string' ? (r.get(cbRaw.$ref) as Obj) : (cbRaw as Obj);
          const cbAt = isObj(cbRaw) && typeof cbRaw.$ref === 'string' ? cbRaw.$ref.replace(/^#/, '') : cbPointer;
          if (isObj(cbRaw) && typeof cbRaw.$ref === 'string') r.used.add(cbAt);
          if (!isObj(cb)) continue;
          for (const [expr, cbItem] of Object.entries(cb)) {
            addPathItem(expr, cbItem, `${cbAt}/${esc(expr)}`, 'callback', `${display} callback ${name} `, false);
          }
        }
      }
    }
  };
  if (isObj(r.root.paths)) {
    for (const [p, item] of Object.entries(r.root.paths))
      addPathItem(p, item, `/paths/${esc(p)}`, 'operation', '', true);
  }
  if (isObj(r.root.webhooks)) {
    for (const [name, item] of Object.entries(r.root.webhooks)) {
      addPathItem(name, item, `/webhooks/${esc(name)}`, 'webhook', `webhook ${name} `, false);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Raw differences: every leaf that differs between the two trees

interface RawDifference {
  path: string[];
  before: Json | undefined;
  after: Json | undefined;
}

function rawDiff(b: Json | undefined, a: Json | undefined, path: string[], out: RawDifference[]): void {
  if (isDeepStrictEqual(b, a)) return;
  // A whole subtree added or removed is compared leaf by leaf against nothing, so that a rule
  // claiming one field inside it covers that field only.
  const nothing = (v: Json | undefined, like: Json | undefined) =>
    v === undefined && like !== undefined && typeof like === 'object' && like !== null && Object.keys(like).length > 0;
  if (nothing(a, b)) a = Array.isArray(b) ? [] : {};
  else if (nothing(b, a)) b = Array.isArray(a) ? [] : {};
  if (isObj(b) && isObj(a)) {
    for (const k of new Set([...Object.keys(b), ...Object.keys(a)])) rawDiff(b[k], a[k], [...path, k], out);
    return;
  }
  if (Array.isArray(b) && Array.isArray(a)) {
    const primitive = (v: Json) => v === null || typeof v !== 'object';
    if (b.every(primitive) && a.every(primitive)) {
      const bs = new Set(b.map((v) => JSON.stringify(v)));
      const as = new Set(a.map((v) => JSON.stringify(v)));
      for (const v of b)
        if (!as.has(JSON.stringify(v))) out.push({ path: [...path, setItem(v)], before: v, after: undefined });
      for (const v of a)
        if (!bs.has(JSON.stringify(v))) out.push({ path: [...path, setItem(v)], before: undefined, after: v });
      return;
    }
    for (let i = 0; i < Math.max(b.length, a.length); i++) rawDiff(b[i], a[i], [...path, String(i)], out);
    return;
  }
  out.push({ path, before: b, after: a });
}

// ---------------------------------------------------------------------------------------------
// Rules

interface Ctx {
  operation: string;
  where: string;
  loc: Location;
  findings: Finding[];
  /** Paths (in the operation's tree) that a rule judged. */
  claims: Set<string>;
  before: Resolver;
  after: Resolver;
  /** The tree roots of the operation, to find the origin of a path. */
  beforeTree: Json;
  afterTree: Json;
}

function originOf(r: Resolver, tree: Json, path: readonly string[]): string | undefined {
  let node: Json | undefined = tree;
  let origin = isObj(tree) ? r.origins.get(tree) : undefined;
  for (const seg of path) {
    if (isObj(node)) node = node[seg];
    else if (Array.isArray(node)) node = node[Number(seg)];
    else break;
    if (node && typeof node === 'object') {
      const o = r.origins.get(node);
      if (o) origin = o;
      else if (origin !== undefined && !seg.startsWith('[')) origin = `${origin}/${esc(seg)}`;
    } else if (origin !== undefined && !seg.startsWith('[')) origin = `${origin}/${esc(seg)}`;
  }
  return origin;
}

function claim(ctx: Ctx, path: readonly string[]): void {
  ctx.claims.add(pathKey(path));
}

interface ReportArgs {
  rule: string;
  field?: string;
  change: string;
  /** Tree paths the finding judges (claimed); the first also locates it. */
  paths: readonly (readonly string[])[];
  /** Locate in the before document (the thing is gone from the after one). */
  removed?: boolean;
}

function report(ctx: Ctx, { rule, field = '', change, paths, removed }: ReportArgs): Finding {
  const r = ruleOf(rule);
  for (const p of paths) claim(ctx, p);
  const first = paths[0] ?? [];
  const afterOrigin = removed ? undefined : originOf(ctx.after, ctx.afterTree, first);
  const origin =
    afterOrigin !== undefined
      ? { side: 'after' as const, pointer: afterOrigin }
      : { side: 'before' as const, pointer: originOf(ctx.before, ctx.beforeTree, first) ?? '' };
  const finding: Finding = {
    rule,
    severity: r.severity,
    operation: ctx.operation,
    where: ctx.where,
    field,
    change,
    origin,
  };
  if (r.storedData) finding.storedData = true;
  ctx.findings.push(finding);
  return finding;
}

/** A keyword written differently with the same meaning (`required: false` and no `required`). */
function equivalent(ctx: Ctx, path: string[], field: string, before: Json | undefined, after: Json | undefined): void {
  const key = path.at(-1)!;
  report(ctx, {
    rule: 'equivalent-rewrite',
    field,
    change: `${key} ${fmt(before ?? 'absent')} → ${fmt(after ?? 'absent')}: the same meaning`,
    paths: [path],
  });
}

const joinField = (field: string, name: string): string => (field === '' ? name : `${field}.${name}`);

interface SchemaAt {
  base: 'body' | 'parameter' | 'header';
  root: boolean;
}

function subjectOf(at: SchemaAt): Subject {
  if (at.base === 'body') return at.root ? 'body' : 'property';
  return at.root ? at.base : `${at.base}-property`;
}

function schemaReport(ctx: Ctx, at: SchemaAt, change: string, args: Omit<ReportArgs, 'rule'>): Finding {
  return report(ctx, { ...args, rule: schemaRuleId(ctx.loc, subjectOf(at), change) });
}

const typesOf = (s: Obj): string[] | undefined => (Array.isArray(s.type) ? s.type.map(String) : undefined);

/** Does every string generated from the old pattern match the new one? A sample, not a proof. */
function patternWidened(before: string, after: string): { widened: boolean; counterexample?: string } {
  let oldRe: RegExp;
  let newRe: RegExp;
  try {
    oldRe = new RegExp(before, 'u');
    newRe = new RegExp(after, 'u');
  } catch {
    return { widened: false };
  }
  try {
    const samples = fc.sample(fc.stringMatching(oldRe), { numRuns: 300, seed: 42 });
    const miss = samples.find((s) => !newRe.test(s));
    return miss === undefined ? { widened: true } : { widened: false, counterexample: miss };
  } catch {
    return { widened: false };
  }
}

function compareSchema(
  ctx: Ctx,
  b: Json | undefined,
  a: Json | undefined,
  path: string[],
  field: string,
  at: SchemaAt,
): void {
  if (isObj(b) && a === undefined) {
    schemaReport(ctx, at, 'schema-removed', {
      field,
      change: 'schema removed (any value)',
      paths: [path],
      removed: true,
    });
    return;
  }
  if (b === undefined && isObj(a)) {
    schemaReport(ctx, at, 'schema-added', { field, change: 'schema added', paths: [path] });
    return;
  }
  if (!isObj(b) || !isObj(a)) return; // boolean schemas: left to the unclassified net
  if ('x-recursive' in b || 'x-recursive' in a) return;
  const p = (...keys: string[]) => [...path, ...keys];
  const acc = accepts(ctx.loc);

  // type
  const bt = typesOf(b);
  const ta = typesOf(a);
  if (bt || ta) {
    const bset = new Set(bt ?? []);
    const aset = new Set(ta ?? []);
    const covers = (set: Set<string>, t: string) => set.has(t) || (t === 'integer' && set.has('number'));
    const removed = bt && ta ? [...bset].filter((t) => t !== 'null' && !covers(aset, t)) : [];
    const added = bt && ta ? [...aset].filter((t) => t !== 'null' && !covers(bset, t)) : [];
    const change = `type ${bt?.join(' | ') ?? 'any'} → ${ta?.join(' | ') ?? 'any'}`;
    const args = { field, change, paths: [p('type')] };
    if (!bt) schemaReport(ctx, at, 'type-specialized', args);
    else if (!ta) schemaReport(ctx, at, 'type-generalized', args);
    else if (removed.length > 0 && added.length > 0) schemaReport(ctx, at, 'type-changed', args);
    else if (added.length > 0) schemaReport(ctx, at, 'type-generalized', args);
    else if (removed.length > 0) schemaReport(ctx, at, 'type-specialized', args);
    else if (!isDeepStrictEqual(new Set(bt), new Set(ta))) {
      // integer ↔ number, or only `null` changed
      if (bset.has('null') !== aset.has('null'))
        schemaReport(ctx, at, aset.has('null') ? 'became-nullable' : 'became-not-nullable', args);
      if ([...bset].filter((t) => t !== 'null').join() !== [...aset].filter((t) => t !== 'null').join()) {
        const widened = bset.has('integer') && aset.has('number');
        schemaReport(ctx, at, widened ? 'type-generalized' : 'type-specialized', args);
      }
    }
    if (removed.length + added.length > 0 && bt && ta && bset.has('null') !== aset.has('null')) {
      schemaReport(ctx, at, aset.has('null') ? 'became-nullable' : 'became-not-nullable', args);
    }
  }

  // bounds
  for (const key of [...UPPER_BOUNDS, ...LOWER_BOUNDS]) {
    const bv = typeof b[key] === 'number' ? (b[key] as number) : undefined;
    const av = typeof a[key] === 'number' ? (a[key] as number) : undefined;
    if (bv === av) continue;
    const change = bv === undefined ? 'set' : av === undefined ? 'unset' : av > bv ? 'increased' : 'decreased';
    schemaReport(ctx, at, `${boundName(key)}-${change}`, {
      field,
      change: `${key} ${fmt(bv)} → ${fmt(av)}`,
      paths: [p(key)],
    });
  }
  if (!isDeepStrictEqual(b.multipleOf, a.multipleOf)) {
    const change = a.multipleOf === undefined ? 'multiple-of-removed' : 'multiple-of-changed';
    schemaReport(ctx, at, change, {
      field,
      change: `multipleOf ${fmt(b.multipleOf)} → ${fmt(a.multipleOf)}`,
      paths: [p('multipleOf')],
    });
  }
  if ((b.uniqueItems === true) !== (a.uniqueItems === true)) {
    schemaReport(ctx, at, a.uniqueItems === true ? 'unique-items-added' : 'unique-items-removed', {
      field,
      change: `uniqueItems ${fmt(b.uniqueItems)} → ${fmt(a.uniqueItems)}`,
      paths: [p('uniqueItems')],
    });
  } else if (!isDeepStrictEqual(b.uniqueItems, a.uniqueItems))
    equivalent(ctx, p('uniqueItems'), field, b.uniqueItems, a.uniqueItems);

  // enum
  const be = Array.isArray(b.enum) ? b.enum : undefined;
  const ae = Array.isArray(a.enum) ? a.enum : undefined;
  if (be && ae) {
    const bk = new Set(be.map((v) => JSON.stringify(v)));
    const ak = new Set(ae.map((v) => JSON.stringify(v)));
    const removed = be.filter((v) => !ak.has(JSON.stringify(v)));
    const added = ae.filter((v) => !bk.has(JSON.stringify(v)));
    if (removed.length > 0) {
      schemaReport(ctx, at, 'enum-value-removed', {
        field,
        change: `enum value${removed.length > 1 ? 's' : ''} ${fmtList(removed)} removed`,
        paths: removed.map((v) => p('enum', setItem(v))),
      });
    }
    if (added.length > 0) {
      schemaReport(ctx, at, 'enum-value-added', {
        field,
        change: `enum value${added.length > 1 ? 's' : ''} ${fmtList(added)} added`,
        paths: added.map((v) => p('enum', setItem(v))),
      });
    }
  } else if (!be && ae) {
    schemaReport(ctx, at, 'became-enum', { field, change: `restricted to enum ${fmtList(ae)}`, paths: [p('enum')] });
  } else if (be && !ae) {
    schemaReport(ctx, at, 'enum-removed', {
      field,
      change: `enum ${fmtList(be)} removed (any value)`,
      paths: [p('enum')],
    });
  }

  // pattern and format
  if (b.pattern !== a.pattern) {
    const change = `pattern \`${fmt(b.pattern)}\` → \`${fmt(a.pattern)}\``;
    if (a.pattern === undefined) schemaReport(ctx, at, 'pattern-removed', { field, change, paths: [p('pattern')] });
    else if (b.pattern === undefined) schemaReport(ctx, at, 'pattern-added', { field, change, paths: [p('pattern')] });
    else {
      const { widened, counterexample } = patternWidened(String(b.pattern), String(a.pattern));
      if (widened)
        schemaReport(ctx, at, 'pattern-generalized', {
          field,
          change: `${change} (300 values generated from the old pattern all match)`,
          paths: [p('pattern')],
        });
      else
        schemaReport(ctx, at, 'pattern-changed', {
          field,
          change: counterexample !== undefined ? `${change} (\`${counterexample}\` matched before, not now)` : change,
          paths: [p('pattern')],
        });
    }
  }
  if (b.format !== a.format) {
    const change =
      a.format === undefined ? 'format-removed' : b.format === undefined ? 'format-added' : 'format-changed';
    schemaReport(ctx, at, change, {
      field,
      change: `format \`${fmt(b.format)}\` → \`${fmt(a.format)}\``,
      paths: [p('format')],
    });
  }

  // properties
  const bp = isObj(b.properties) ? b.properties : {};
  const ap = isObj(a.properties) ? a.properties : {};
  const br = new Set(Array.isArray(b.required) ? b.required.map(String) : []);
  const ar = new Set(Array.isArray(a.required) ? a.required.map(String) : []);
  const child: SchemaAt = { base: at.base, root: false };
  const removedNames = Object.keys(bp).filter((n) => !(n in ap));
  const addedNames = Object.keys(ap).filter((n) => !(n in bp));
  const renamedTo = new Map<string, string>();
  for (const gone of removedNames) {
    const twin = addedNames.find(
      (n) => isDeepStrictEqual(bp[gone], ap[n]) && !Array.from(renamedTo.values()).includes(n),
    );
    if (twin) renamedTo.set(gone, twin);
  }
  for (const name of removedNames) {
    const f = joinField(field, name);
    const twin = renamedTo.get(name);
    const hint = twin ? ` (probably renamed to \`${twin}\`)` : '';
    const change = acc ? 'property-removed' : br.has(name) ? 'required-property-removed' : 'optional-property-removed';
    schemaReport(ctx, child, change, {
      field: f,
      change: `property removed${hint}`,
      paths: [p('properties', name), p('required', setItem(name))],
      removed: true,
    });
  }
  for (const name of addedNames) {
    const f = joinField(field, name);
    const twin = [...renamedTo].find(([, to]) => to === name)?.[0];
    const hint = twin ? ` (probably renamed from \`${twin}\`)` : '';
    const required = ar.has(name);
    schemaReport(ctx, child, required ? 'required-property-added' : 'optional-property-added', {
      field: f,
      change: `new ${required ? 'required' : 'optional'} field${hint}`,
      paths: [p('properties', name), p('required', setItem(name))],
    });
  }
  for (const name of Object.keys(bp)) {
    if (!(name in ap)) continue;
    const f = joinField(field, name);
    if (br.has(name) && !ar.has(name))
      schemaReport(ctx, child, 'property-became-optional', {
        field: f,
        change: 'no longer required',
        paths: [p('required', setItem(name))],
      });
    if (!br.has(name) && ar.has(name))
      schemaReport(ctx, child, 'property-became-required', {
        field: f,
        change: 'now required',
        paths: [p('required', setItem(name))],
      });
    compareSchema(ctx, bp[name], ap[name], p('properties', name), f, child);
  }
  for (const name of new Set([...br, ...ar])) {
    if (name in bp || name in ap || br.has(name) === ar.has(name)) continue;
    schemaReport(ctx, child, ar.has(name) ? 'property-became-required' : 'property-became-optional', {
      field: joinField(field, name),
      change: ar.has(name) ? 'now required' : 'no longer required',
      paths: [p('required', setItem(name))],
    });
  }

  // additionalProperties: false (closed), absent or true (open), or a schema (an index signature)
  const shape = (v: Json | undefined) =>
    v === false
      ? 'closed'
      : v === undefined || v === true || (isObj(v) && Object.keys(v).length === 0)
        ? 'open'
        : 'schema';
  const bAdd = shape(b.additionalProperties);
  const aAdd = shape(a.additionalProperties);
  const addChange = `additionalProperties ${fmt(b.additionalProperties ?? 'absent')} → ${fmt(a.additionalProperties ?? 'absent')}`;
  if (bAdd !== aAdd) {
    const change =
      aAdd === 'closed'
        ? 'additional-properties-closed'
        : aAdd === 'schema'
          ? 'additional-properties-schema-added'
          : bAdd === 'schema'
            ? 'additional-properties-schema-removed'
            : 'additional-properties-opened';
    schemaReport(ctx, at, change, { field, change: addChange, paths: [p('additionalProperties')] });
  } else if (bAdd === 'schema') {
    compareSchema(ctx, b.additionalProperties, a.additionalProperties, p('additionalProperties'), `${field}{*}`, child);
  } else if (!isDeepStrictEqual(b.additionalProperties, a.additionalProperties)) {
    equivalent(ctx, p('additionalProperties'), field, b.additionalProperties, a.additionalProperties);
  }

  // arrays
  if (isObj(b.items) || isObj(a.items)) compareSchema(ctx, b.items, a.items, p('items'), `${field}[]`, child);

  // alternatives, by position
  for (const key of ['oneOf', 'anyOf'] as const) {
    const bl = Array.isArray(b[key]) ? b[key] : [];
    const al = Array.isArray(a[key]) ? a[key] : [];
    for (let i = 0; i < Math.min(bl.length, al.length); i++)
      compareSchema(ctx, bl[i], al[i], p(key, String(i)), `${field}<${key}[${i}]>`, at);
    const name = key === 'oneOf' ? 'one-of' : 'any-of';
    for (let i = al.length; i < bl.length; i++)
      schemaReport(ctx, at, `${name}-removed`, {
        field,
        change: `${key} alternative ${i} removed`,
        paths: [p(key, String(i))],
        removed: true,
      });
    for (let i = bl.length; i < al.length; i++)
      schemaReport(ctx, at, `${name}-added`, {
        field,
        change: `${key} alternative ${i} added`,
        paths: [p(key, String(i))],
      });
  }

  // default, deprecation, read/write-only
  if (!isDeepStrictEqual(b.default, a.default)) {
    const change =
      b.default === undefined
        ? 'default-value-added'
        : a.default === undefined
          ? 'default-value-removed'
          : 'default-value-changed';
    schemaReport(ctx, at, change, {
      field,
      change: `default ${fmt(b.default)} → ${fmt(a.default)}`,
      paths: [p('default')],
    });
  }
  if ((b.deprecated === true) !== (a.deprecated === true)) {
    schemaReport(ctx, at, a.deprecated === true ? 'deprecated' : 'reactivated', {
      field,
      change: a.deprecated === true ? 'deprecated' : 'no longer deprecated',
      paths: [p('deprecated')],
    });
  } else if (!isDeepStrictEqual(b.deprecated, a.deprecated))
    equivalent(ctx, p('deprecated'), field, b.deprecated, a.deprecated);
  for (const [key, change] of [
    ['readOnly', 'read-only-changed'],
    ['writeOnly', 'write-only-changed'],
  ] as const) {
    if ((b[key] === true) !== (a[key] === true))
      schemaReport(ctx, at, change, { field, change: `${key} ${fmt(b[key])} → ${fmt(a[key])}`, paths: [p(key)] });
  }
}

function compareParameters(ctx: Ctx, before: OperationModel, after: OperationModel): void {
  ctx.where = 'parameter';
  const bParams = (before.tree.parameters ?? {}) as Obj;
  const aParams = (after.tree.parameters ?? {}) as Obj;
  const emits = !accepts(ctx.loc);
  const prefix = ctx.loc;
  const path = (key: string, ...rest: string[]) => ['parameters', key, ...rest];

  // A path parameter renamed: same position in the template, another name.
  const names = (t: string) => [...t.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const bNames = names(before.template);
  const aNames = names(after.template);
  const renamed = new Map<string, string>(); // after key → before key
  bNames.forEach((name, i) => {
    const other = aNames[i];
    if (
      other !== undefined &&
      other !== name &&
      `path.${name}` in bParams &&
      `path.${other}` in aParams &&
      !(`path.${other}` in bParams)
    ) {
      renamed.set(`path.${other}`, `path.${name}`);
      report(ctx, {
        rule: 'request-path-parameter-renamed',
        field: `path.${other}`,
        change: `path parameter \`{${name}}\` renamed to \`{${other}}\``,
        paths: [path(`path.${name}`), path(`path.${other}`)],
      });
    }
  });
  const bKeyOf = (aKey: string) => renamed.get(aKey) ?? aKey;
  const matchedBefore = new Set([...Object.keys(aParams)].map(bKeyOf));

  const removed = Object.keys(bParams).filter((k) => !matchedBefore.has(k));
  const added = Object.keys(aParams).filter((k) => !(bKeyOf(k) in bParams));
  const schemaOf = (p: Json | undefined) => (isObj(p) ? p.schema : undefined);
  for (const key of removed) {
    const twin = added.find(
      (k) => k.split('.')[0] === key.split('.')[0] && isDeepStrictEqual(schemaOf(bParams[key]), schemaOf(aParams[k])),
    );
    report(ctx, {
      rule: `${prefix}-parameter-removed`,
      field: key,
      change: `parameter removed${twin ? ` (probably renamed to \`${twin}\`)` : ''}`,
      paths: [path(key)],
      removed: true,
    });
  }
  for (const key of added) {
    const required = isObj(aParams[key]) && (aParams[key] as Obj).required === true;
    const twin = removed.find(
      (k) => k.split('.')[0] === key.split('.')[0] && isDeepStrictEqual(schemaOf(bParams[k]), schemaOf(aParams[key])),
    );
    report(ctx, {
      rule: `${prefix}-${required ? 'required' : 'optional'}-parameter-added`,
      field: key,
      change: `new ${required ? 'required' : 'optional'} parameter${twin ? ` (probably renamed from \`${twin}\`)` : ''}`,
      paths: [path(key)],
    });
  }
  for (const [aKey, ap] of Object.entries(aParams)) {
    const bKey = bKeyOf(aKey);
    const bp = bParams[bKey];
    if (!isObj(bp) || !isObj(ap)) continue;
    const bReq = bp.required === true;
    const aReq = ap.required === true;
    if (bReq !== aReq) {
      report(ctx, {
        rule: `${prefix}-parameter-became-${aReq ? 'required' : 'optional'}`,
        field: aKey,
        change: aReq ? 'parameter now required' : 'parameter no longer required',
        paths: [path(bKey, 'required'), path(aKey, 'required')],
      });
    } else if (!isDeepStrictEqual(bp.required, ap.required))
      equivalent(ctx, path(aKey, 'required'), aKey, bp.required, ap.required);
    for (const k of ['style', 'explode'] as const) {
      if (!isDeepStrictEqual(bp[k], ap[k]) && !emits) {
        report(ctx, {
          rule: 'request-parameter-style-changed',
          field: aKey,
          change: `${k} ${fmt(bp[k] ?? 'default')} → ${fmt(ap[k] ?? 'default')}`,
          paths: [path(aKey, k)],
        });
      }
    }
    if ((bp.deprecated === true) !== (ap.deprecated === true) && prefix === 'request') {
      report(ctx, {
        rule: ap.deprecated === true ? 'request-parameter-deprecated' : 'request-parameter-reactivated',
        field: aKey,
        change: ap.deprecated === true ? 'parameter deprecated' : 'parameter no longer deprecated',
        paths: [path(aKey, 'deprecated')],
      });
    }
    // The schema is compared at the after key; a renamed path parameter's schema sits at both.
    if (bKey !== aKey) {
      const sub: Ctx = {
        ...ctx,
        beforeTree: { parameters: { [aKey]: bp } },
        findings: ctx.findings,
        claims: new Set(),
      };
      compareSchema(sub, bp.schema, ap.schema, path(aKey, 'schema'), aKey, { base: 'parameter', root: true });
    } else compareSchema(ctx, bp.schema, ap.schema, path(aKey, 'schema'), aKey, { base: 'parameter', root: true });
  }
}

function compareContent(
  ctx: Ctx,
  b: Json | undefined,
  a: Json | undefined,
  path: string[],
  side: 'body' | 'response',
): void {
  const bc = isObj(b) ? b : {};
  const ac = isObj(a) ? a : {};
  const loc = ctx.loc;
  // The media types of an application's answer to a callback or webhook have no rule: the net lists them.
  const ruleFor = (what: 'added' | 'removed') =>
    side === 'body'
      ? `${loc}-body-media-type-${what}`
      : loc === 'response'
        ? `response-media-type-${what}`
        : 'unclassified';
  for (const type of Object.keys(bc)) {
    if (!(type in ac)) {
      report(ctx, {
        rule: ruleFor('removed'),
        change: `media type \`${type}\` removed`,
        paths: [[...path, type]],
        removed: true,
      });
      continue;
    }
    const bm = bc[type];
    const am = ac[type];
    compareSchema(
      ctx,
      isObj(bm) ? bm.schema : undefined,
      isObj(am) ? am.schema : undefined,
      [...path, type, 'schema'],
      '',
      { base: 'body', root: true },
    );
  }
  for (const type of Object.keys(ac)) {
    if (!(type in bc))
      report(ctx, { rule: ruleFor('added'), change: `media type \`${type}\` added`, paths: [[...path, type]] });
  }
}

function compareRequestBody(ctx: Ctx, before: OperationModel, after: OperationModel): void {
  ctx.where = 'request body';
  const b = before.tree.requestBody;
  const a = after.tree.requestBody;
  const loc = ctx.loc;
  if (!isObj(b) && !isObj(a)) return;
  const path = ['requestBody'];
  if (!isObj(a)) {
    report(ctx, { rule: `${loc}-body-removed`, change: 'request body removed', paths: [path], removed: true });
    return;
  }
  if (!isObj(b)) {
    const rule =
      loc === 'request' ? `request-body-added-${a.required === true ? 'required' : 'optional'}` : `${loc}-body-added`;
    report(ctx, { rule, change: `new ${a.required === true ? 'required' : 'optional'} request body`, paths: [path] });
    return;
  }
  if ((b.required === true) !== (a.required === true) && loc === 'request') {
    report(ctx, {
      rule: a.required === true ? 'request-body-became-required' : 'request-body-became-optional',
      change: a.required === true ? 'request body now required' : 'request body now optional',
      paths: [[...path, 'required']],
    });
  }
  compareContent(ctx, b.content, a.content, [...path, 'content'], 'body');
}

function compareResponses(ctx: Ctx, before: OperationModel, after: OperationModel, loc: Location): void {
  ctx.loc = loc;
  const bMap = isObj(before.tree.responses) ? before.tree.responses : {};
  const aMap = isObj(after.tree.responses) ? after.tree.responses : {};
  const success = (status: string) => /^[23]/.test(status);
  for (const status of Object.keys(bMap)) {
    ctx.where = `response ${status}`;
    const path = ['responses', status];
    if (!(status in aMap)) {
      const rule =
        loc === 'response'
          ? `response-${success(status) ? 'success' : 'non-success'}-status-removed`
          : `${loc}-status-removed`;
      report(ctx, { rule, change: 'response status removed', paths: [path], removed: true });
      continue;
    }
    const b = bMap[status];
    const a = aMap[status];
    if (!isObj(b) || !isObj(a)) continue;
    compareContent(ctx, b.content, a.content, [...path, 'content'], 'response');
    if (loc !== 'response') continue; // an application's answer headers: the unclassified net
    ctx.where = `response ${status} header`;
    const bh = isObj(b.headers) ? b.headers : {};
    const ah = isObj(a.headers) ? a.headers : {};
    for (const name of Object.keys(bh)) {
      const hp = [...path, 'headers', name];
      const bhObj = bh[name];
      const ahObj = ah[name];
      const bReq = isObj(bhObj) && bhObj.required === true;
      if (!isObj(ahObj)) {
        report(ctx, {
          rule: bReq ? 'response-required-header-removed' : 'response-optional-header-removed',
          field: name,
          change: 'response header removed',
          paths: [hp],
          removed: true,
        });
        continue;
      }
      const aReq = ahObj.required === true;
      if (bReq !== aReq)
        report(ctx, {
          rule: aReq ? 'response-header-became-required' : 'response-header-became-optional',
          field: name,
          change: aReq ? 'now required' : 'no longer required',
          paths: [[...hp, 'required']],
        });
      compareSchema(ctx, isObj(bhObj) ? bhObj.schema : undefined, ahObj.schema, [...hp, 'schema'], name, {
        base: 'header',
        root: true,
      });
    }
    for (const name of Object.keys(ah)) {
      if (!(name in bh))
        report(ctx, {
          rule: 'response-header-added',
          field: name,
          change: 'new response header',
          paths: [[...path, 'headers', name]],
        });
    }
  }
  for (const status of Object.keys(aMap)) {
    if (status in bMap) continue;
    ctx.where = `response ${status}`;
    const rule =
      loc === 'response'
        ? `response-${success(status) ? 'success' : 'non-success'}-status-added`
        : `${loc}-status-added`;
    report(ctx, { rule, change: 'new response status documented', paths: [['responses', status]] });
  }
}

function compareSecurity(ctx: Ctx, before: OperationModel, after: OperationModel): void {
  ctx.where = 'security';
  const bs = (before.tree.security ?? {}) as Obj;
  const as = (after.tree.security ?? {}) as Obj;
  const bKeys = Object.keys(bs);
  const aKeys = Object.keys(as);
  const open = (keys: string[]) => keys.length === 0 || keys.includes('(none)');
  const removed = bKeys.filter((k) => !(k in as));
  const added = aKeys.filter((k) => !(k in bs));
  const schemesOf = (k: string) =>
    k
      .split(' + ')
      .map((s) => s.replace(/\[.*\]$/, ''))
      .sort()
      .join(' + ');
  const pairedAdded = new Set<string>();
  for (const k of removed) {
    const twin = added.find((n) => !pairedAdded.has(n) && schemesOf(n) === schemesOf(k));
    if (twin) {
      // The same schemes with other scopes.
      pairedAdded.add(twin);
      const scopes = (key: string) => new Set([...key.matchAll(/\[([^\]]*)\]/g)].flatMap((m) => m[1]!.split(',')));
      const gained = [...scopes(twin)].filter((s) => !scopes(k).has(s));
      report(ctx, {
        rule: gained.length > 0 ? 'api-security-scope-added' : 'api-security-scope-removed',
        change: `requirement \`${k}\` → \`${twin}\``,
        paths: [
          ['security', k],
          ['security', twin],
        ],
      });
      continue;
    }
    if (open(aKeys) && !open(bKeys)) continue; // reported once below
    report(ctx, {
      rule: 'api-security-removed',
      change: `security requirement \`${k}\` removed (clients using it are refused)`,
      paths: [['security', k]],
      removed: true,
    });
  }
  if (open(aKeys) && !open(bKeys)) {
    report(ctx, {
      rule: 'api-security-alternative-added',
      change: 'no credentials needed any more',
      paths: bKeys.map((k) => ['security', k]).concat(aKeys.map((k) => ['security', k])),
    });
  }
  for (const k of added) {
    if (pairedAdded.has(k)) continue;
    if (open(bKeys))
      report(ctx, {
        rule: 'api-security-added',
        change: `security requirement \`${k}\` added to an operation open to all`,
        paths: [['security', k]],
      });
    else
      report(ctx, {
        rule: 'api-security-alternative-added',
        change: `alternative security requirement \`${k}\` added (the old ones still work)`,
        paths: [['security', k]],
      });
  }

  // The schemes the operation uses, compared field by field.
  const bSchemes = (before.tree.securitySchemes ?? {}) as Obj;
  const aSchemes = (after.tree.securitySchemes ?? {}) as Obj;
  for (const name of Object.keys(aSchemes)) {
    const b = bSchemes[name];
    const a = aSchemes[name];
    if (!isObj(b) || !isObj(a)) continue;
    const sp = (...k: string[]) => ['securitySchemes', name, ...k];
    const field = name;
    for (const [key, rule] of [
      ['type', 'api-security-scheme-type-changed'],
      ['name', 'api-security-scheme-name-changed'],
      ['in', 'api-security-scheme-in-changed'],
      ['scheme', 'api-security-scheme-scheme-changed'],
      ['bearerFormat', 'api-security-scheme-bearer-format-changed'],
      ['openIdConnectUrl', 'api-security-scheme-url-changed'],
    ] as const) {
      if (!isDeepStrictEqual(b[key], a[key]))
        report(ctx, { rule, field, change: `${key} \`${fmt(b[key])}\` → \`${fmt(a[key])}\``, paths: [sp(key)] });
    }
    const bFlows = isObj(b.flows) ? b.flows : {};
    const aFlows = isObj(a.flows) ? a.flows : {};
    for (const flow of new Set([...Object.keys(bFlows), ...Object.keys(aFlows)])) {
      const bf = isObj(bFlows[flow]) ? (bFlows[flow] as Obj) : {};
      const af = isObj(aFlows[flow]) ? (aFlows[flow] as Obj) : {};
      for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
        if (!isDeepStrictEqual(bf[key], af[key]))
          report(ctx, {
            rule: 'api-security-scheme-url-changed',
            field,
            change: `${flow} ${key} \`${fmt(bf[key])}\` → \`${fmt(af[key])}\``,
            paths: [sp('flows', flow, key)],
          });
      }
      const bScopes = isObj(bf.scopes) ? Object.keys(bf.scopes) : [];
      const aScopes = isObj(af.scopes) ? Object.keys(af.scopes) : [];
      for (const s of bScopes.filter((x) => !aScopes.includes(x)))
        report(ctx, {
          rule: 'api-security-scheme-scope-removed',
          field,
          change: `${flow} scope \`${s}\` removed`,
          paths: [sp('flows', flow, 'scopes', s)],
          removed: true,
        });
      for (const s of aScopes.filter((x) => !bScopes.includes(x)))
        report(ctx, {
          rule: 'api-security-scheme-scope-added',
          field,
          change: `${flow} scope \`${s}\` added`,
          paths: [sp('flows', flow, 'scopes', s)],
        });
    }
  }
  for (const name of Object.keys(bSchemes)) {
    if (!(name in aSchemes) && Object.values(as).some((req) => isObj(req) && name in req)) {
      report(ctx, {
        rule: 'api-security-scheme-removed',
        field: name,
        change: `security scheme \`${name}\` no longer defined`,
        paths: [['securitySchemes', name]],
        removed: true,
      });
    }
  }
  // A scheme that is no longer (or newly) used follows the requirement rules above.
  for (const name of new Set([...Object.keys(bSchemes), ...Object.keys(aSchemes)])) {
    if (!(name in bSchemes) || !(name in aSchemes)) claim(ctx, ['securitySchemes', name]);
  }
}

/** The rules of one operation (or callback, or webhook) found on both sides. */
function compareOperation(ctx: Ctx, before: OperationModel, after: OperationModel): void {
  const b = before.tree;
  const a = after.tree;
  const reqLoc: Location =
    after.kind === 'callback' ? 'callback-request' : after.kind === 'webhook' ? 'webhook-request' : 'request';
  const respLoc: Location =
    after.kind === 'callback' ? 'callback-response' : after.kind === 'webhook' ? 'webhook-response' : 'response';
  ctx.where = 'operation';
  if (!isDeepStrictEqual(b.operationId, a.operationId)) {
    const rule =
      b.operationId === undefined
        ? 'api-operation-id-added'
        : a.operationId === undefined
          ? 'api-operation-id-removed'
          : 'api-operation-id-changed';
    report(ctx, {
      rule,
      change: `operationId \`${fmt(b.operationId)}\` → \`${fmt(a.operationId)}\` (generated client names follow it)`,
      paths: [['operationId']],
    });
  }
  if ((b.deprecated === true) !== (a.deprecated === true)) {
    report(ctx, {
      rule: a.deprecated === true ? 'endpoint-deprecated' : 'endpoint-reactivated',
      change: a.deprecated === true ? 'operation deprecated' : 'operation no longer deprecated',
      paths: [['deprecated']],
    });
  }
  if (!isDeepStrictEqual(b.tags, a.tags))
    report(ctx, { rule: 'api-tag-changed', change: `tags ${fmt(b.tags)} → ${fmt(a.tags)}`, paths: [['tags']] });
  if (!isDeepStrictEqual(b.servers, a.servers))
    report(ctx, { rule: 'api-operation-servers-changed', change: 'operation servers changed', paths: [['servers']] });
  const bShared = isObj(b.pathItem) ? b.pathItem : {};
  const aShared = isObj(a.pathItem) ? a.pathItem : {};
  if (!isDeepStrictEqual(bShared.servers, aShared.servers)) {
    report(ctx, {
      rule: 'api-operation-servers-changed',
      change: 'path servers changed',
      paths: [['pathItem', 'servers']],
    });
  }
  if (after.kind === 'operation') compareSecurity(ctx, before, after);
  ctx.loc = reqLoc;
  compareParameters(ctx, before, after);
  ctx.loc = reqLoc;
  compareRequestBody(ctx, before, after);
  compareResponses(ctx, before, after, respLoc);
}

/** A difference left over: documentation and extensions by their own rules, the rest unclassified. */
function judgeLeftovers(ctx: Ctx, diffs: RawDifference[]): void {
  for (const d of diffs) {
    let covered = false;
    for (let i = 1; i <= d.path.length && !covered; i++) covered = ctx.claims.has(pathKey(d.path.slice(0, i)));
    if (covered) continue;
    let docAt = -1;
    let extAt = -1;
    for (let i = 0; i < d.path.length; i++) {
      const seg = d.path[i]!;
      // A property, header or media type named like a keyword is a name, not the keyword.
      if (i > 0 && NAME_MAPS.has(d.path[i - 1]!)) continue;
      if (DOC_KEYS.has(seg)) {
        docAt = i;
        break;
      }
      if (seg.startsWith('x-')) {
        extAt = i;
        break;
      }
    }
    if (docAt >= 0) {
      ctx.where = 'documentation';
      report(ctx, {
        rule: 'documentation-changed',
        field: d.path.slice(0, docAt + 1).join('.'),
        change: docChange(d),
        paths: [d.path.slice(0, docAt + 1)],
        removed: d.after === undefined,
      });
    } else if (extAt >= 0) {
      ctx.where = 'extension';
      report(ctx, {
        rule: 'extension-changed',
        field: d.path.slice(0, extAt + 1).join('.'),
        change: `${fmt(d.before)} → ${fmt(d.after)}`,
        paths: [d.path.slice(0, extAt + 1)],
        removed: d.after === undefined,
      });
    } else {
      ctx.where = 'unclassified';
      report(ctx, {
        rule: 'unclassified',
        field: d.path.join('.'),
        change: `${short(d.before)} → ${short(d.after)}: review it`,
        paths: [d.path],
        removed: d.after === undefined,
      });
    }
  }
}

const short = (v: Json | undefined): string => {
  const s = v === undefined ? 'absent' : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
};

function docChange(d: RawDifference): string {
  if (d.before === undefined) return 'added';
  if (d.after === undefined) return 'removed';
  if (typeof d.before === 'string' && typeof d.after === 'string') return `${short(d.before)} → ${short(d.after)}`;
  return 'changed';
}

// ---------------------------------------------------------------------------------------------
// Documents

/** `/commerce/2024-07` → `2024-07` when the last segment of the base path is a version label. */
const VERSION_LABEL = /^(v\d+(\.\d+)*|\d{4}-\d{2}(-\d{2})?)$/;

function basePaths(root: Obj): string[] {
  return (Array.isArray(root.servers) ? root.servers : [])
    .map((s) =>
      isObj(s) && typeof s.url === 'string' ? s.url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/$/, '') || '/' : '',
    )
    .sort();
}

export interface DiffResult {
  findings: Finding[];
  /** Operations found on both sides, for the type-level check. */
  pairs: { display: string; method: string; beforePath: string; afterPath: string; statuses: string[] }[];
  /** Set when the order service moved to a new version label: errors are allowed (README, Versioning). */
  newVersion?: { from: string; to: string };
}

export function diffDocuments(beforeRoot: unknown, afterRoot: unknown): DiffResult {
  const before = new Resolver(isObj(beforeRoot as Json) ? (beforeRoot as Obj) : {});
  const after = new Resolver(isObj(afterRoot as Json) ? (afterRoot as Obj) : {});
  const findings: Finding[] = [];
  const bOps = collectOperations(before);
  const aOps = collectOperations(after);
  const newCtx = (operation: string, bTree: Json, aTree: Json): Ctx => ({
    operation,
    where: 'operation',
    loc: 'request',
    findings,
    claims: new Set(),
    before,
    after,
    beforeTree: bTree,
    afterTree: aTree,
  });

  // Operations, callbacks and webhooks found on both sides.
  for (const [key, bOp] of bOps) {
    const aOp = aOps.get(key);
    if (!aOp) continue;
    const ctx = newCtx(aOp.display, bOp.tree, aOp.tree);
    compareOperation(ctx, bOp, aOp);
    const diffs: RawDifference[] = [];
    rawDiff(bOp.tree, aOp.tree, [], diffs);
    judgeLeftovers(ctx, diffs);
  }
  // Gone and new ones; a gone one with a new twin (same operationId, or the same content) is "probably moved".
  const gone = [...bOps.values()].filter((o) => !aOps.has(o.key));
  const fresh = [...aOps.values()].filter((o) => !bOps.has(o.key));
  const sameOp = (x: OperationModel, y: OperationModel) =>
    x.kind === y.kind &&
    ((x.tree.operationId !== undefined && x.tree.operationId === y.tree.operationId) ||
      isDeepStrictEqual(x.tree, y.tree));
  for (const op of gone) {
    const twin = fresh.find((f) => sameOp(op, f));
    const ctx = newCtx(op.display, op.tree, {});
    const hint = twin ? ` (probably moved to \`${twin.display}\`)` : '';
    const rule =
      op.kind === 'callback'
        ? 'callback-removed'
        : op.kind === 'webhook'
          ? 'webhook-removed'
          : op.tree.deprecated === true
            ? 'endpoint-removed-after-deprecation'
            : 'endpoint-removed';
    report(ctx, {
      rule,
      change: `${op.kind === 'operation' ? 'operation' : op.kind} removed${hint}`,
      paths: [[]],
      removed: true,
    });
  }
  for (const op of fresh) {
    const twin = gone.find((g) => sameOp(g, op));
    const ctx = newCtx(op.display, {}, op.tree);
    const id = typeof op.tree.operationId === 'string' ? ` \`${op.tree.operationId}\`` : '';
    const hint = twin ? ` (probably moved from \`${twin.display}\`)` : '';
    const rule = op.kind === 'callback' ? 'callback-added' : op.kind === 'webhook' ? 'webhook-added' : 'endpoint-added';
    report(ctx, { rule, change: `new ${op.kind}${id}${hint}`, paths: [[]] });
  }

  // The document itself: servers (the version label), info, tags, and anything else at the top.
  const top = (root: Obj): Obj => {
    const t: Obj = {};
    for (const [k, v] of Object.entries(root))
      if (!['paths', 'webhooks', 'components', 'security'].includes(k)) t[k] = v;
    return t;
  };
  const [bTop, aTop] = [top(before.root), top(after.root)];
  before.origins.set(bTop, '');
  after.origins.set(aTop, '');
  const docCtx = newCtx('(document)', bTop, aTop);
  docCtx.where = 'document';
  let newVersion: DiffResult['newVersion'];
  const bBase = basePaths(before.root);
  const aBase = basePaths(after.root);
  if (!isDeepStrictEqual(before.root.servers, after.root.servers)) {
    if (bBase.length > 0 && aBase.length > 0 && !isDeepStrictEqual(bBase, aBase)) {
      const [bFirst, aFirst] = [bBase[0]!, aBase[0]!];
      const bSegs = bFirst.split('/');
      const aSegs = aFirst.split('/');
      const bLabel = bSegs.at(-1)!;
      const aLabel = aSegs.at(-1)!;
      if (
        bSegs.length === aSegs.length &&
        bSegs.slice(0, -1).join('/') === aSegs.slice(0, -1).join('/') &&
        VERSION_LABEL.test(bLabel) &&
        VERSION_LABEL.test(aLabel)
      ) {
        newVersion = { from: bLabel, to: aLabel };
        report(docCtx, {
          rule: 'api-version-label-changed',
          change: `version label \`${bLabel}\` → \`${aLabel}\` (base path ${bFirst} → ${aFirst}): a new version`,
          paths: [['servers']],
        });
      } else {
        report(docCtx, {
          rule: 'api-base-path-changed',
          change: `base path ${bBase.join(', ')} → ${aBase.join(', ')}`,
          paths: [['servers']],
        });
      }
    } else {
      report(docCtx, {
        rule: 'api-server-url-changed',
        change: 'server URLs changed (same base path)',
        paths: [['servers']],
      });
    }
  }
  const bInfo = isObj(before.root.info) ? before.root.info : {};
  const aInfo = isObj(after.root.info) ? after.root.info : {};
  if (!isDeepStrictEqual(bInfo.version, aInfo.version))
    report(docCtx, {
      rule: 'api-info-version-changed',
      change: `info.version ${fmt(bInfo.version)} → ${fmt(aInfo.version)}`,
      paths: [['info', 'version']],
    });
  if (!isDeepStrictEqual(before.root.tags, after.root.tags))
    report(docCtx, { rule: 'api-tag-changed', change: 'document tags changed', paths: [['tags']] });
  for (const k of ['title', 'contact', 'license', 'termsOfService']) {
    if (!isDeepStrictEqual(bInfo[k], aInfo[k]))
      report(docCtx, {
        rule: 'documentation-changed',
        field: `info.${k}`,
        change: `info.${k} changed`,
        paths: [['info', k]],
      });
  }
  const docDiffs: RawDifference[] = [];
  rawDiff(top(before.root), top(after.root), [], docDiffs);
  judgeLeftovers(docCtx, docDiffs);

  // Components no operation uses on either side: compared on their own, as information.
  const [bComponents, aComponents] = [
    isObj(before.root.components) ? before.root.components : {},
    isObj(after.root.components) ? after.root.components : {},
  ];
  before.origins.set(bComponents, '/components');
  after.origins.set(aComponents, '/components');
  const unusedCtx = newCtx('(document)', bComponents, aComponents);
  unusedCtx.where = 'components';
  const bComp = isObj(before.root.components) ? before.root.components : {};
  const aComp = isObj(after.root.components) ? after.root.components : {};
  for (const section of new Set([...Object.keys(bComp), ...Object.keys(aComp)])) {
    const bs = isObj(bComp[section]) ? (bComp[section] as Obj) : {};
    const as = isObj(aComp[section]) ? (aComp[section] as Obj) : {};
    for (const name of new Set([...Object.keys(bs), ...Object.keys(as)])) {
      const at = `/components/${esc(section)}/${esc(name)}`;
      if (before.used.has(at) || after.used.has(at) || isDeepStrictEqual(bs[name], as[name])) continue;
      report(unusedCtx, {
        rule: 'unused-component-changed',
        field: `${section}.${name}`,
        change:
          bs[name] === undefined
            ? 'added (not used by any operation)'
            : as[name] === undefined
              ? 'removed (was not used by any operation)'
              : 'changed (not used by any operation)',
        paths: [[section, name]],
        removed: as[name] === undefined,
      });
    }
  }

  if (newVersion) {
    for (const f of findings) {
      if (f.severity === 'error' && f.rule !== 'unclassified') {
        f.note = `allowed under the new version label \`${newVersion.to}\` (was ${f.severity})`;
        f.severity = 'info';
      }
    }
  }
  const pairs: DiffResult['pairs'] = [];
  for (const [key, bOp] of bOps) {
    const aOp = aOps.get(key);
    if (!aOp || aOp.kind !== 'operation') continue;
    const statuses = (o: OperationModel) => Object.keys(isObj(o.tree.responses) ? o.tree.responses : {});
    const common = statuses(bOp).filter((s) => statuses(aOp).includes(s));
    pairs.push({
      display: aOp.display,
      method: aOp.display.split(' ')[0]!.toLowerCase(),
      beforePath: bOp.template,
      afterPath: aOp.template,
      statuses: common,
    });
  }
  return { findings, pairs, newVersion };
}
