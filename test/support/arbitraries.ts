import fc from 'fast-check';
import { contractFor } from './contract.js';

/**
 * fast-check arbitraries derived from the YAML's JSON Schemas: values that satisfy a schema, and
 * for each constraint of it (reached through properties and array items) a value that breaks
 * exactly that one constraint, with the error path and the code the contract documents for it.
 * Generic over the keywords the contracts use: type, enum, minLength/maxLength, pattern,
 * format (email, uri, date-time), minimum/maximum, minItems/maxItems, required, properties,
 * additionalProperties: false, $ref.
 */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
}

export type Segment = string | number;

/** A value that breaks one constraint, where, and what the service must answer. */
export interface Violation {
  /** e.g. `items[0].quantity: maxLength` */
  label: string;
  path: Segment[];
  /** `set` replaces (or adds) the value at path; `delete` removes a required property. */
  op: 'set' | 'delete';
  value?: fc.Arbitrary<unknown>;
  /** 42200 for a value out of bounds, 40001 for a missing required property. */
  code: 42200 | 40001;
}

export interface SchemaArbitraries {
  /** The schema of a component, `#/components/schemas/NAME`, or a request body's schema, resolved. */
  schema(ref: string): Schema;
  /** Values that satisfy the schema; `full`: every property present and every array non-empty. */
  valid(schema: Schema, full?: boolean): fc.Arbitrary<unknown>;
  violations(schema: Schema): Violation[];
}

/** Path as the service names it: `items[0].quantity`. */
export function formatPath(path: readonly Segment[]): string {
  let out = '';
  for (const seg of path) out += typeof seg === 'number' ? `[${seg}]` : out === '' ? seg : `.${seg}`;
  return out;
}

/** Sets or deletes a value at a path in a (cloned) JSON value, creating nothing on the way. */
export function applyAt(root: unknown, path: readonly Segment[], op: 'set' | 'delete', value?: unknown): unknown {
  const copy = structuredClone(root);
  let node = copy as Record<Segment, unknown>;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<Segment, unknown>;
  const last = path[path.length - 1];
  if (op === 'delete') delete node[last];
  else node[last] = value;
  return copy;
}

// Conservative shapes for formats: what JSON Schema's and zod's format checks both accept.
const EMAIL = /^[a-z0-9]{1,12}(\.[a-z0-9]{1,6})?@[a-z0-9]{1,12}\.[a-z]{2,6}$/;
const URI = /^https:\/\/[a-z0-9]{1,12}\.[a-z]{2,6}(\/[A-Za-z0-9_-]{1,12}){0,3}$/;
const dateTime = fc
  .tuple(
    fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }),
    fc.constantFrom('Z', '+02:00', '-05:30', '+00:00'),
  )
  .map(([d, offset]) => {
    const iso = d.toISOString();
    if (offset === 'Z') return iso;
    const sign = offset[0] === '+' ? 1 : -1;
    const [h, m] = offset.slice(1).split(':').map(Number);
    const local = new Date(d.getTime() + sign * (h * 60 + m) * 60_000).toISOString();
    return `${local.slice(0, -1)}${offset}`;
  });

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type[0] : s.type);
const nullable = (s: Schema) => Array.isArray(s.type) && s.type.includes('null');

export function arbitrariesFor(name: 'orders' | 'keys'): SchemaArbitraries {
  const { spec } = contractFor(name);
  const root = spec as unknown as Record<string, unknown>;

  const resolve = (s: Schema): Schema => {
    let out = s;
    while (out.$ref) {
      const target = out.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<unknown>(
          (node, key) => (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')],
          root,
        ) as Schema;
      const { $ref: _ref, ...siblings } = out;
      out = { ...target, ...siblings };
    }
    return out;
  };

  const stringArb = (s: Schema): fc.Arbitrary<string> => {
    const min = s.minLength ?? 0;
    // Strings stay in the BMP and within half the bound: JSON Schema counts code points, zod
    // counts UTF-16 units; the bounds themselves are tested with ASCII in the violations.
    const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
    if (s.format === 'email') return fc.stringMatching(EMAIL).filter((v) => v.length >= min && v.length <= max);
    if (s.format === 'uri') return fc.stringMatching(URI).filter((v) => v.length >= min && v.length <= max);
    if (s.format === 'date-time') return dateTime;
    if (s.pattern)
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
    return fc.string({
      unit: fc.oneof(
        fc.constantFrom(...'aZ09 -_.#/é€'.split('')),
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((c) => c.length === 1),
      ),
      minLength: min,
      maxLength: max,
    });
  };

  // Built once per schema node: building stringMatching arbitraries is costly.
  const built = new Map<Schema, fc.Arbitrary<unknown>>();
  const builtFull = new Map<Schema, fc.Arbitrary<unknown>>();
  const valid = (input: Schema, full = false): fc.Arbitrary<unknown> => {
    const cache = full ? builtFull : built;
    let arb = cache.get(input);
    if (!arb) cache.set(input, (arb = buildValid(input, full)));
    return arb;
  };

  const buildValid = (input: Schema, full: boolean): fc.Arbitrary<unknown> => {
    const s = resolve(input);
    if (s.enum) return fc.constantFrom(...s.enum);
    // `type: [T, 'null']`: a T or, now and then, null.
    if (nullable(s) && typeOf(s) !== 'null')
      return fc.oneof(
        { weight: 4, arbitrary: buildValid({ ...s, type: typeOf(s) }, full) },
        { weight: 1, arbitrary: fc.constant(null) },
      );
    switch (typeOf(s)) {
      case 'string':
        return stringArb(s);
      case 'integer':
        return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
      case 'number':
        return fc
          .double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true })
          .map((n) => (Object.is(n, -0) ? 0 : n));
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array':
        return fc.array(valid(s.items ?? {}, full), {
          minLength: Math.max(s.minItems ?? 0, full ? 1 : 0),
          maxLength: Math.min(s.maxItems ?? 3, Math.max(s.minItems ?? 0, 3)),
        });
      case 'object': {
        const props = s.properties ?? {};
        const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valid(v, full)]));
        return fc.record(model, {
          requiredKeys: full ? Object.keys(props) : (s.required ?? []).filter((k) => k in props),
        });
      }
      default:
        return fc.jsonValue();
    }
  };

  const wrongType = (s: Schema): fc.Arbitrary<unknown> =>
    nullable(s) ? wrongTypeOrNull(s).filter((v) => v !== null) : wrongTypeOrNull(s);
  const wrongTypeOrNull = (s: Schema): fc.Arbitrary<unknown> => {
    switch (typeOf(s)) {
      case 'string':
        return fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant([]), fc.constant({}));
      case 'integer':
        return fc.oneof(fc.constant('1'), fc.boolean(), fc.constant(null), fc.constant(1.5), fc.constant({}));
      case 'number':
        return fc.oneof(fc.constant('1'), fc.boolean(), fc.constant(null), fc.constant([]));
      case 'boolean':
        return fc.oneof(fc.constant('true'), fc.constant(1), fc.constant(null));
      case 'array':
        return fc.oneof(fc.constant('a'), fc.constant(1), fc.constant({}), fc.constant(null));
      default:
        return fc.oneof(fc.constant('a'), fc.constant(1), fc.constant([]), fc.constant(null));
    }
  };

  const ascii = (n: number) =>
    fc.string({ unit: fc.constantFrom(...'abcXYZ019'.split('')), minLength: n, maxLength: n });

  /** Violations of the schema at `path` and below (an array's first item stands for all of them). */
  const violations = (input: Schema, path: Segment[] = []): Violation[] => {
    const s = resolve(input);
    const at = (label: string, value: fc.Arbitrary<unknown>, code: 42200 | 40001 = 42200): Violation => ({
      label: `${formatPath(path) || '(body)'}: ${label}`,
      path,
      op: 'set',
      value,
      code,
    });
    const out: Violation[] = [];
    if (path.length > 0) out.push(at('type', wrongType(s)));
    if (s.enum) {
      out.push(
        at(
          'enum',
          fc.string({ maxLength: 12 }).filter((v) => !s.enum!.includes(v)),
        ),
      );
      return out;
    }
    switch (typeOf(s)) {
      case 'string':
        if (s.maxLength !== undefined && !s.format && !s.pattern) out.push(at('maxLength', ascii(s.maxLength + 1)));
        if (s.maxLength !== undefined && (s.format || s.pattern))
          out.push(at('maxLength', fc.constant('9'.repeat(s.maxLength + 1))));
        if (s.minLength !== undefined && s.minLength > 0) out.push(at('minLength', ascii(s.minLength - 1)));
        if (s.pattern) {
          const re = new RegExp(s.pattern);
          out.push(
            at(
              'pattern',
              fc
                .string({ minLength: 1, maxLength: Math.min(20, s.maxLength ?? 20) })
                .filter((v) => !re.test(v) && v.length >= (s.minLength ?? 0)),
            ),
          );
        }
        if (s.format === 'email')
          out.push(at('format email', fc.constantFrom('not-an-email', 'a@', '@b.c', 'a b@c.de')));
        if (s.format === 'uri') out.push(at('format uri', fc.constantFrom('not a uri', '//no-scheme', 'http//x')));
        if (s.format === 'date-time')
          out.push(
            at(
              'format date-time',
              fc.constantFrom('2024-07-01', '2024-07-01T09:30:00', 'yesterday', '2024-13-01T00:00:00Z'),
            ),
          );
        break;
      case 'integer':
      case 'number':
        if (s.minimum !== undefined)
          out.push(at('minimum', fc.constant(s.minimum - (typeOf(s) === 'integer' ? 1 : 0.5))));
        if (s.maximum !== undefined)
          out.push(at('maximum', fc.constant(s.maximum + (typeOf(s) === 'integer' ? 1 : 0.5))));
        if (typeOf(s) === 'integer') out.push(at('integer', fc.constant((s.minimum ?? 0) + 0.5)));
        break;
      case 'array': {
        const item = resolve(s.items ?? {});
        if (s.maxItems !== undefined)
          out.push(at('maxItems', fc.array(valid(item), { minLength: s.maxItems + 1, maxLength: s.maxItems + 1 })));
        if (s.minItems !== undefined && s.minItems > 0)
          out.push(at('minItems', fc.array(valid(item), { minLength: s.minItems - 1, maxLength: s.minItems - 1 })));
        // The first item stands for all of them (a `full` valid value has one).
        out.push(...violations(item, [...path, 0]));
        break;
      }
      case 'object': {
        const props = s.properties ?? {};
        if (s.additionalProperties === false)
          out.push({
            ...at('unknown property', fc.constant('x')),
            path: [...path, 'x_unknown'],
            label: `${formatPath([...path, 'x_unknown'])}: additionalProperties`,
          });
        for (const req of s.required ?? []) {
          out.push({
            label: `${formatPath([...path, req])}: required`,
            path: [...path, req],
            op: 'delete',
            code: 40001,
          });
        }
        for (const [key, child] of Object.entries(props)) out.push(...violations(child, [...path, key]));
        break;
      }
    }
    return out;
  };

  return {
    schema: (ref) => resolve({ $ref: ref }),
    valid,
    violations: (s) => violations(s),
  };
}
