// Semantic comparison of two OpenAPI 3.x documents, operation by operation, with local $refs
// resolved, so that a change inside a shared component is reported at every field it reaches
// (`POST /orders request body: number maxLength 64 → 32`).
//
// Direction decides what breaks a client:
// - request side (parameters, request bodies): anything that rejects a request accepted before is
//   breaking (narrowed bounds, removed enum values or types, new required fields, a new or changed
//   pattern/format, a removed property, `additionalProperties: false` added);
// - response side: anything a client written against the old document may not expect is breaking
//   (removed or no-longer-required fields, added enum values or types, widened bounds, removed
//   success statuses, headers or media types). New optional request fields, new response fields,
//   new operations and new statuses are not.

export type Severity = 'breaking' | 'non-breaking';

export interface Finding {
  severity: Severity;
  /** `POST /orders`, or `(document)` for document-level changes. */
  operation: string;
  /** `request body`, `parameter`, `response 201`, `response 201 header`, `operation`. */
  where: string;
  /** The field in JSON-path style (`items[].quantity`, `query.limit`), or '' for the whole. */
  field: string;
  /** What changed, without the location (`maxLength 64 → 32`). */
  change: string;
  /** JSON pointer (in the after document, else the before one) of the schema that changed. */
  origin: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };
type Direction = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const fmt = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));
const fmtList = (vs: unknown[]): string => vs.map((v) => `\`${fmt(v)}\``).join(', ');

function decodePointer(pointer: string): string[] {
  return pointer
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A node of the document together with the JSON pointer it was found at. */
interface Located {
  node: Json | undefined;
  pointer: string;
}

class Doc {
  constructor(readonly root: Obj) {}

  get(pointer: string): Json | undefined {
    let cur: Json | undefined = this.root;
    for (const part of decodePointer(pointer)) {
      if (Array.isArray(cur)) cur = cur[Number(part)];
      else if (isObj(cur)) cur = cur[part];
      else return undefined;
    }
    return cur;
  }

  /** Follows `$ref` chains; sibling keywords of a `$ref` (OpenAPI 3.1) override the target's. */
  resolve(loc: Located, depth = 0): Located {
    const { node } = loc;
    if (!isObj(node) || typeof node.$ref !== 'string' || depth > 50) return loc;
    const ref = node.$ref;
    if (!ref.startsWith('#')) throw new Error(`external $ref not supported: ${ref} at ${loc.pointer}`);
    const target = this.resolve({ node: this.get(ref), pointer: ref }, depth + 1);
    if (target.node === undefined) throw new Error(`unresolved $ref ${ref} at ${loc.pointer}`);
    const siblings = Object.keys(node).filter((k) => k !== '$ref');
    if (siblings.length === 0 || !isObj(target.node)) return target;
    const merged: Obj = { ...target.node };
    for (const k of siblings) merged[k] = node[k] as Json;
    const constraintSiblings = siblings.some((k) => !['description', 'summary', 'title', 'example', 'examples', 'deprecated'].includes(k));
    return { node: merged, pointer: constraintSiblings ? loc.pointer : target.pointer };
  }
}

const child = (loc: Located, ...keys: (string | number)[]): Located => {
  let node: Json | undefined = loc.node;
  for (const k of keys) {
    if (Array.isArray(node) && typeof k === 'number') node = node[k];
    else if (isObj(node)) node = node[String(k)];
    else node = undefined;
  }
  const suffix = keys.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
  return { node, pointer: `${loc.pointer}${suffix}` };
};

// ---------------------------------------------------------------------------------------------
// Operations

interface OperationModel {
  key: string; // `POST /orders`
  node: Located;
  parameters: Map<string, Located>; // `query.limit` → resolved parameter object
}

function collectOperations(doc: Doc): Map<string, OperationModel> {
  const out = new Map<string, OperationModel>();
  const paths = doc.root.paths;
  if (!isObj(paths)) return out;
  for (const [p, rawItem] of Object.entries(paths)) {
    const item = doc.resolve({ node: rawItem, pointer: `#/paths/${p.replace(/~/g, '~0').replace(/\//g, '~1')}` });
    if (!isObj(item.node)) continue;
    const pathParams = Array.isArray(item.node.parameters) ? item.node.parameters : [];
    for (const method of METHODS) {
      const op = child(item, method);
      if (!isObj(op.node)) continue;
      const parameters = new Map<string, Located>();
      const add = (list: Json[], base: Located) => {
        list.forEach((_, i) => {
          const param = doc.resolve(child(base, 'parameters', i));
          if (!isObj(param.node) || typeof param.node.name !== 'string' || typeof param.node.in !== 'string') return;
          const name = param.node.in === 'header' ? param.node.name.toLowerCase() : param.node.name;
          parameters.set(`${param.node.in}.${name}`, param);
        });
      };
      add(pathParams, item);
      add(Array.isArray(op.node.parameters) ? op.node.parameters : [], op);
      // Normalise `{id}` vs `{orderId}` so a renamed path parameter is not a removed operation.
      const key = `${method.toUpperCase()} ${p}`;
      out.set(normalisePath(key), { key, node: op, parameters });
    }
  }
  return out;
}

const normalisePath = (key: string): string => key.replace(/\{[^}]+\}/g, '{}');

// ---------------------------------------------------------------------------------------------
// Schemas

const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;

function typesOf(schema: Obj): Set<string> | undefined {
  let types: string[] | undefined;
  if (typeof schema.type === 'string') types = [schema.type];
  else if (Array.isArray(schema.type)) types = schema.type.filter((t): t is string => typeof t === 'string');
  if (!types) return undefined;
  const set = new Set(types);
  if (schema.nullable === true) set.add('null');
  return set;
}

function enumOf(schema: Obj): Json[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const as Json];
  return undefined;
}

function requiredOf(schema: Obj): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
}

/** allOf is merged into one schema (properties and required united, other keywords last wins). */
function flatten(doc: Doc, loc: Located): Located {
  const resolved = doc.resolve(loc);
  const node = resolved.node;
  if (!isObj(node) || !Array.isArray(node.allOf)) return resolved;
  const merged: Obj = { ...node };
  delete merged.allOf;
  const props: Obj = isObj(node.properties) ? { ...node.properties } : {};
  const required = new Set(requiredOf(node));
  node.allOf.forEach((_, i) => {
    const part = flatten(doc, child(resolved, 'allOf', i)).node;
    if (!isObj(part)) return;
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties' && isObj(v)) Object.assign(props, v);
      else if (k === 'required') requiredOf(part).forEach((r) => required.add(r));
      else if (!(k in merged)) merged[k] = v;
    }
  });
  if (Object.keys(props).length > 0) merged.properties = props;
  if (required.size > 0) merged.required = [...required];
  return { node: merged, pointer: resolved.pointer };
}

interface Ctx {
  operation: string;
  where: string;
  direction: Direction;
  findings: Finding[];
  stack: Set<string>;
  before: Doc;
  after: Doc;
}

function joinField(field: string, name: string): string {
  return field === '' ? name : `${field}.${name}`;
}

function report(ctx: Ctx, severity: Severity, field: string, change: string, origin: string): void {
  ctx.findings.push({ severity, operation: ctx.operation, where: ctx.where, field, change, origin });
}

function compareSchema(ctx: Ctx, beforeLoc: Located, afterLoc: Located, field: string): void {
  const b = flatten(ctx.before, beforeLoc);
  const a = flatten(ctx.after, afterLoc);
  const bs = b.node;
  const as = a.node;
  const origin = a.pointer;
  // Schemas may be `true`/`false` or absent; only objects carry constraints worth comparing.
  if (!isObj(bs) || !isObj(as)) {
    if (isObj(bs) !== isObj(as) || bs !== as) {
      if (as === false || (bs === undefined && isObj(as))) {
        report(ctx, ctx.direction === 'request' ? 'breaking' : 'non-breaking', field, 'schema added or set to reject every value', origin);
      } else if (bs !== undefined && as === undefined) {
        report(ctx, ctx.direction === 'request' ? 'non-breaking' : 'breaking', field, 'schema removed (any value allowed)', b.pointer);
      }
    }
    return;
  }
  const cycleKey = `${b.pointer}|${a.pointer}|${ctx.direction}`;
  if (ctx.stack.has(cycleKey)) return;
  ctx.stack.add(cycleKey);
  try {
    compareSchemaObjects(ctx, b as Located & { node: Obj }, a as Located & { node: Obj }, field, origin);
  } finally {
    ctx.stack.delete(cycleKey);
  }
}

function compareSchemaObjects(ctx: Ctx, b: Located & { node: Obj }, a: Located & { node: Obj }, field: string, origin: string): void {
  const bs = b.node;
  const as = a.node;
  const req = ctx.direction === 'request';
  const narrowing: Severity = req ? 'breaking' : 'non-breaking';
  const widening: Severity = req ? 'non-breaking' : 'breaking';

  // type
  const bt = typesOf(bs);
  const at = typesOf(as);
  if (bt && at) {
    const removed = [...bt].filter((t) => !at.has(t) && !(t === 'integer' && at.has('number')));
    const added = [...at].filter((t) => !bt.has(t) && !(t === 'integer' && bt.has('number')));
    if (removed.length > 0 || added.length > 0) {
      const change = `type ${[...bt].join(' | ')} → ${[...at].join(' | ')}`;
      const breaking = req ? removed.length > 0 : added.length > 0;
      report(ctx, breaking ? 'breaking' : 'non-breaking', field, change, origin);
    }
  } else if (!bt && at) {
    report(ctx, narrowing, field, `type ${[...at].join(' | ')} added`, origin);
  } else if (bt && !at) {
    report(ctx, widening, field, `type ${[...bt].join(' | ')} removed`, origin);
  }

  // numeric and size bounds
  for (const key of UPPER_BOUNDS) compareBound(ctx, field, origin, key, bs[key], as[key], 'upper');
  for (const key of LOWER_BOUNDS) compareBound(ctx, field, origin, key, bs[key], as[key], 'lower');
  if (bs.multipleOf !== as.multipleOf) {
    report(ctx, as.multipleOf === undefined ? widening : narrowing, field, `multipleOf ${fmt(bs.multipleOf ?? 'none')} → ${fmt(as.multipleOf ?? 'none')}`, origin);
  }
  if (bs.uniqueItems !== true && as.uniqueItems === true) report(ctx, narrowing, field, 'uniqueItems added', origin);
  if (bs.uniqueItems === true && as.uniqueItems !== true) report(ctx, widening, field, 'uniqueItems removed', origin);

  // enum / const
  const be = enumOf(bs);
  const ae = enumOf(as);
  if (be && ae) {
    const bKeys = new Map(be.map((v) => [JSON.stringify(v), v]));
    const aKeys = new Map(ae.map((v) => [JSON.stringify(v), v]));
    const removed = [...bKeys].filter(([k]) => !aKeys.has(k)).map(([, v]) => v);
    const added = [...aKeys].filter(([k]) => !bKeys.has(k)).map(([, v]) => v);
    if (removed.length > 0) report(ctx, narrowing, field, `enum value${removed.length > 1 ? 's' : ''} ${fmtList(removed)} removed`, origin);
    if (added.length > 0) report(ctx, widening, field, `enum value${added.length > 1 ? 's' : ''} ${fmtList(added)} added`, origin);
  } else if (!be && ae) {
    report(ctx, narrowing, field, `restricted to enum ${fmtList(ae)}`, origin);
  } else if (be && !ae) {
    report(ctx, widening, field, `enum ${fmtList(be)} removed (any value)`, origin);
  }

  // pattern and format: a change cannot be proven wider, so a new or changed one narrows.
  for (const key of ['pattern', 'format'] as const) {
    const bv = bs[key];
    const av = as[key];
    if (bv === av) continue;
    if (av === undefined) report(ctx, widening, field, `${key} \`${fmt(bv)}\` removed`, origin);
    else if (bv === undefined) report(ctx, narrowing, field, `${key} \`${fmt(av)}\` added`, origin);
    else report(ctx, req ? 'breaking' : 'non-breaking', field, `${key} \`${fmt(bv)}\` → \`${fmt(av)}\``, origin);
  }

  // object properties
  const bp = isObj(bs.properties) ? bs.properties : {};
  const ap = isObj(as.properties) ? as.properties : {};
  const br = requiredOf(bs);
  const ar = requiredOf(as);
  const closedAfter = as.additionalProperties === false || as.unevaluatedProperties === false;
  for (const name of Object.keys(bp)) {
    const f = joinField(field, name);
    if (!(name in ap)) {
      if (req) {
        report(ctx, 'breaking', f, closedAfter ? 'property removed (now rejected as unknown)' : 'property removed (no longer accepted)', `${b.pointer}/properties/${name}`);
      } else {
        report(ctx, 'breaking', f, 'property removed', `${b.pointer}/properties/${name}`);
      }
      continue;
    }
    if (br.has(name) && !ar.has(name)) report(ctx, req ? 'non-breaking' : 'breaking', f, req ? 'no longer required' : 'no longer required (may be absent)', origin);
    if (!br.has(name) && ar.has(name)) report(ctx, req ? 'breaking' : 'non-breaking', f, req ? 'now required' : 'now always present', origin);
    compareSchema(ctx, child(b, 'properties', name), child(a, 'properties', name), f);
  }
  for (const name of Object.keys(ap)) {
    if (name in bp) continue;
    const f = joinField(field, name);
    const o = `${a.pointer}/properties/${name}`;
    if (req) report(ctx, ar.has(name) ? 'breaking' : 'non-breaking', f, ar.has(name) ? 'new required field' : 'new optional field', o);
    else report(ctx, 'non-breaking', f, ar.has(name) ? 'new field (always present)' : 'new optional field', o);
  }
  // `required` names without a property definition still count.
  for (const name of ar) {
    if (!br.has(name) && !(name in ap) && !(name in bp)) report(ctx, narrowing, joinField(field, name), 'now required', origin);
  }

  // additionalProperties
  const bAdd = bs.additionalProperties;
  const aAdd = as.additionalProperties;
  const closedBefore = bAdd === false || bs.unevaluatedProperties === false;
  if (!closedBefore && closedAfter) {
    report(ctx, narrowing, field, req ? '`additionalProperties: false` added (unknown properties now rejected)' : '`additionalProperties: false` added', origin);
  } else if (closedBefore && !closedAfter && !('additionalProperties' in as && isObj(aAdd))) {
    report(ctx, widening, field, '`additionalProperties: false` removed (unknown properties allowed)', origin);
  } else if (isObj(bAdd) || isObj(aAdd)) {
    if (isObj(bAdd) && isObj(aAdd)) compareSchema(ctx, child(b, 'additionalProperties'), child(a, 'additionalProperties'), `${field}{*}`);
    else if (isObj(aAdd) && !closedBefore) report(ctx, narrowing, `${field}{*}`, 'additional properties now constrained by a schema', origin);
    else if (isObj(bAdd) && !closedAfter) report(ctx, widening, `${field}{*}`, 'additional properties no longer constrained', origin);
  }

  // arrays
  if (bs.items !== undefined || as.items !== undefined) {
    if (isObj(bs.items) && isObj(as.items)) compareSchema(ctx, child(b, 'items'), child(a, 'items'), `${field}[]`);
    else if (bs.items === undefined && isObj(as.items)) report(ctx, narrowing, `${field}[]`, 'item schema added', origin);
    else if (isObj(bs.items) && as.items === undefined) report(ctx, widening, `${field}[]`, 'item schema removed', origin);
  }

  // oneOf / anyOf alternatives are compared by position.
  for (const key of ['oneOf', 'anyOf'] as const) {
    const bl = Array.isArray(bs[key]) ? bs[key] : [];
    const al = Array.isArray(as[key]) ? as[key] : [];
    const n = Math.min(bl.length, al.length);
    for (let i = 0; i < n; i++) compareSchema(ctx, child(b, key, i), child(a, key, i), `${field}<${key}[${i}]>`);
    if (al.length < bl.length) report(ctx, narrowing, field, `${key}: ${bl.length - al.length} alternative(s) removed`, origin);
    if (al.length > bl.length) report(ctx, widening, field, `${key}: ${al.length - bl.length} alternative(s) added`, origin);
  }

  if (bs.deprecated !== true && as.deprecated === true) report(ctx, 'non-breaking', field, 'deprecated', origin);
  if (JSON.stringify(bs.default) !== JSON.stringify(as.default)) {
    report(ctx, 'non-breaking', field, `default ${fmt(bs.default ?? 'none')} → ${fmt(as.default ?? 'none')}`, origin);
  }
}

function compareBound(ctx: Ctx, field: string, origin: string, key: string, bv: Json | undefined, av: Json | undefined, kind: 'upper' | 'lower'): void {
  const bn = typeof bv === 'number' ? bv : undefined;
  const an = typeof av === 'number' ? av : undefined;
  if (bn === an) return;
  // For an upper bound, a smaller or new value narrows; for a lower bound, a larger or new one.
  let narrowed: boolean;
  if (bn === undefined) narrowed = true;
  else if (an === undefined) narrowed = false;
  else narrowed = kind === 'upper' ? an < bn : an > bn;
  const req = ctx.direction === 'request';
  const severity: Severity = narrowed === req ? 'breaking' : 'non-breaking';
  const change = `${key} ${bn ?? 'none'} → ${an ?? 'none'}`;
  report(ctx, severity, field, change, origin);
}

// ---------------------------------------------------------------------------------------------
// Parameters, bodies, responses

/** Path parameters are matched by position, so renaming `{id}` to `{orderId}` changes nothing. */
function pathParamRenames(before: OperationModel, after: OperationModel): Map<string, string> {
  const names = (key: string) => [...key.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const b = names(before.key);
  const a = names(after.key);
  return new Map(a.map((name, i) => [`path.${name}`, `path.${b[i] ?? name}`]));
}

function compareParameters(ctx: Ctx, before: OperationModel, afterRaw: OperationModel): void {
  ctx.where = 'parameter';
  const renames = pathParamRenames(before, afterRaw);
  const after: OperationModel = {
    ...afterRaw,
    parameters: new Map([...afterRaw.parameters].map(([k, v]) => [renames.get(k) ?? k, v])),
  };
  for (const [key, bp] of before.parameters) {
    const ap = after.parameters.get(key);
    const bNode = bp.node as Obj;
    if (!ap) {
      report(ctx, 'breaking', key, 'parameter removed', bp.pointer);
      continue;
    }
    const aNode = ap.node as Obj;
    if (bNode.required !== true && aNode.required === true) report(ctx, 'breaking', key, 'parameter now required', ap.pointer);
    if (bNode.required === true && aNode.required !== true) report(ctx, 'non-breaking', key, 'parameter no longer required', ap.pointer);
    for (const k of ['style', 'explode'] as const) {
      if (bNode[k] !== aNode[k]) report(ctx, 'breaking', key, `${k} ${fmt(bNode[k] ?? 'default')} → ${fmt(aNode[k] ?? 'default')}`, ap.pointer);
    }
    if (bNode.deprecated !== true && aNode.deprecated === true) report(ctx, 'non-breaking', key, 'parameter deprecated', ap.pointer);
    compareSchema(ctx, child(bp, 'schema'), child(ap, 'schema'), key);
  }
  for (const [key, ap] of after.parameters) {
    if (before.parameters.has(key)) continue;
    const required = (ap.node as Obj).required === true;
    report(ctx, required ? 'breaking' : 'non-breaking', key, required ? 'new required parameter' : 'new optional parameter', ap.pointer);
  }
}

function compareContent(ctx: Ctx, b: Located, a: Located, side: 'request' | 'response'): void {
  const bc = isObj(b.node) ? b.node : {};
  const ac = isObj(a.node) ? a.node : {};
  for (const type of Object.keys(bc)) {
    if (!(type in ac)) {
      report(ctx, 'breaking', '', `media type \`${type}\` removed`, b.pointer);
      continue;
    }
    const bm = ctx.before.resolve(child(b, type));
    const am = ctx.after.resolve(child(a, type));
    compareSchema(ctx, child(bm, 'schema'), child(am, 'schema'), '');
  }
  for (const type of Object.keys(ac)) {
    if (!(type in bc)) report(ctx, side === 'request' ? 'non-breaking' : 'breaking', '', `media type \`${type}\` added`, a.pointer);
  }
}

function compareRequestBody(ctx: Ctx, before: OperationModel, after: OperationModel): void {
  ctx.where = 'request body';
  ctx.direction = 'request';
  const b = ctx.before.resolve(child(before.node, 'requestBody'));
  const a = ctx.after.resolve(child(after.node, 'requestBody'));
  if (!isObj(b.node) && !isObj(a.node)) return;
  if (!isObj(a.node)) {
    report(ctx, 'breaking', '', 'request body removed', b.pointer);
    return;
  }
  if (!isObj(b.node)) {
    report(ctx, a.node.required === true ? 'breaking' : 'non-breaking', '', a.node.required === true ? 'new required request body' : 'new optional request body', a.pointer);
    return;
  }
  if (b.node.required !== true && a.node.required === true) report(ctx, 'breaking', '', 'request body now required', a.pointer);
  compareContent(ctx, child(b, 'content'), child(a, 'content'), 'request');
}

function compareResponses(ctx: Ctx, before: OperationModel, after: OperationModel): void {
  ctx.direction = 'response';
  const br = child(before.node, 'responses');
  const ar = child(after.node, 'responses');
  const bMap = isObj(br.node) ? br.node : {};
  const aMap = isObj(ar.node) ? ar.node : {};
  for (const status of Object.keys(bMap)) {
    ctx.where = `response ${status}`;
    if (!(status in aMap)) {
      const success = /^[23]/.test(status);
      report(ctx, success ? 'breaking' : 'non-breaking', '', success ? 'success response removed' : 'documented response removed', child(br, status).pointer);
      continue;
    }
    const b = ctx.before.resolve(child(br, status));
    const a = ctx.after.resolve(child(ar, status));
    compareContent(ctx, child(b, 'content'), child(a, 'content'), 'response');
    ctx.where = `response ${status} header`;
    const bh = isObj((b.node as Obj | undefined)?.headers) ? ((b.node as Obj).headers as Obj) : {};
    const ah = isObj((a.node as Obj | undefined)?.headers) ? ((a.node as Obj).headers as Obj) : {};
    const lower = (o: Obj) => new Map(Object.keys(o).map((k) => [k.toLowerCase(), k]));
    const bhl = lower(bh);
    const ahl = lower(ah);
    for (const [name, orig] of bhl) {
      const other = ahl.get(name);
      if (!other) {
        report(ctx, 'breaking', name, 'response header removed', child(b, 'headers', orig).pointer);
        continue;
      }
      const bhObj = ctx.before.resolve(child(b, 'headers', orig));
      const ahObj = ctx.after.resolve(child(a, 'headers', other));
      compareSchema(ctx, child(bhObj, 'schema'), child(ahObj, 'schema'), name);
    }
    for (const [name, orig] of ahl) {
      if (!bhl.has(name)) report(ctx, 'non-breaking', name, 'new response header', child(a, 'headers', orig).pointer);
    }
  }
  for (const status of Object.keys(aMap)) {
    if (!(status in bMap)) {
      ctx.where = `response ${status}`;
      report(ctx, 'non-breaking', '', 'new response status documented', child(ar, status).pointer);
    }
  }
}

function securityOf(doc: Doc, op: Located): string {
  const own = (op.node as Obj).security;
  return JSON.stringify(own ?? doc.root.security ?? []);
}

export function diffDocuments(beforeRoot: unknown, afterRoot: unknown): Finding[] {
  const before = new Doc(isObj(beforeRoot as Json) ? (beforeRoot as Obj) : {});
  const after = new Doc(isObj(afterRoot as Json) ? (afterRoot as Obj) : {});
  const findings: Finding[] = [];
  const ctx: Ctx = { operation: '', where: '', direction: 'request', findings, stack: new Set(), before, after };

  const serverPaths = (doc: Doc) =>
    (Array.isArray(doc.root.servers) ? doc.root.servers : [])
      .map((s) => (isObj(s) && typeof s.url === 'string' ? s.url.replace(/^[a-z]+:\/\/[^/]+/i, '') || '/' : ''))
      .sort();
  const bServers = serverPaths(before);
  const aServers = serverPaths(after);
  if (bServers.length > 0 && aServers.length > 0 && JSON.stringify(bServers) !== JSON.stringify(aServers)) {
    findings.push({ severity: 'breaking', operation: '(document)', where: 'servers', field: '', change: `base path ${bServers.join(', ')} → ${aServers.join(', ')}`, origin: '#/servers' });
  }

  const bOps = collectOperations(before);
  const aOps = collectOperations(after);
  for (const [norm, bOp] of bOps) {
    const aOp = aOps.get(norm);
    ctx.operation = bOp.key;
    if (!aOp) {
      findings.push({ severity: 'breaking', operation: bOp.key, where: 'operation', field: '', change: 'operation removed', origin: bOp.node.pointer });
      continue;
    }
    ctx.operation = aOp.key;
    const bNode = bOp.node.node as Obj;
    const aNode = aOp.node.node as Obj;
    if (bNode.operationId !== aNode.operationId) {
      findings.push({ severity: 'breaking', operation: aOp.key, where: 'operation', field: '', change: `operationId \`${fmt(bNode.operationId ?? 'none')}\` → \`${fmt(aNode.operationId ?? 'none')}\` (generated client names change)`, origin: aOp.node.pointer });
    }
    if (securityOf(before, bOp.node) !== securityOf(after, aOp.node)) {
      findings.push({ severity: 'breaking', operation: aOp.key, where: 'operation', field: '', change: `security requirements ${securityOf(before, bOp.node)} → ${securityOf(after, aOp.node)}`, origin: aOp.node.pointer });
    }
    if (bNode.deprecated !== true && aNode.deprecated === true) {
      findings.push({ severity: 'non-breaking', operation: aOp.key, where: 'operation', field: '', change: 'operation deprecated', origin: aOp.node.pointer });
    }
    ctx.direction = 'request';
    compareParameters(ctx, bOp, aOp);
    compareRequestBody(ctx, bOp, aOp);
    compareResponses(ctx, bOp, aOp);
  }
  for (const [norm, aOp] of aOps) {
    if (!bOps.has(norm)) {
      const id = (aOp.node.node as Obj).operationId;
      findings.push({ severity: 'non-breaking', operation: aOp.key, where: 'operation', field: '', change: `new operation${typeof id === 'string' ? ` \`${id}\`` : ''}`, origin: aOp.node.pointer });
    }
  }
  return findings;
}

// ---------------------------------------------------------------------------------------------
// Markdown

/** `POST /orders request body: number maxLength 64 → 32`: one line, the form tests search for. */
export function describeFinding(f: Finding): string {
  const where = f.where === 'operation' ? '' : ` ${f.where}`;
  const field = f.field ? ` \`${f.field}\`` : '';
  return `\`${f.operation}\`${where}${field}: ${f.change}`;
}

/**
 * Findings that share a change and an origin (one edit in a shared component) are grouped, and
 * each affected operation lists the fields it reaches.
 */
export function renderFindings(findings: Finding[]): string[] {
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const key = `${f.change}\u0000${f.origin}`;
    const list = groups.get(key) ?? [];
    list.push(f);
    groups.set(key, list);
  }
  const lines: string[] = [];
  for (const list of groups.values()) {
    const first = list[0]!;
    const unique = [...new Map(list.map((f) => [describeFinding(f), f])).values()];
    if (unique.length === 1) {
      lines.push(`- ${describeFinding(first)}`);
      continue;
    }
    lines.push(`- ${first.change} (\`${first.origin}\`), at ${unique.length} places:`);
    const byPlace = new Map<string, string[]>();
    for (const f of unique) {
      const place = `\`${f.operation}\`${f.where === 'operation' ? '' : ` ${f.where}`}`;
      const fields = byPlace.get(place) ?? [];
      if (f.field) fields.push(`\`${f.field}\``);
      byPlace.set(place, fields);
    }
    for (const [place, fields] of byPlace) lines.push(`  - ${place}${fields.length > 0 ? `: ${fields.join(', ')}` : ''}`);
  }
  return lines;
}
