import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalSum } from '../../src/commerce/decimal.js';
import { buildTestApp } from '../support/app.js';
import { applyAt, arbitrariesFor, formatPath, type Schema } from '../support/arbitraries.js';
import { createLocation, createOrder, createStore, unique } from '../support/factories.js';

/**
 * Property-based fuzzing of every request body of the order service, driven by the YAML: values
 * generated from each body schema are accepted; each constraint broken in turn is answered with
 * the documented status, code and path; hostile bodies get a documented 4xx; nothing is a 5xx
 * (every response also passes the contract check of test/support/contract.ts); and the rows
 * stored are exactly those answered 201.
 */
const LIMIT = 256 * 1024;
const t = await buildTestApp({ BODY_LIMIT_BYTES: LIMIT });
afterAll(() => t.close());
const { client, key } = await t.account('fuzz');
const arbs = arbitrariesFor('orders');
const RUNS = { numRuns: 40, interruptAfterTimeLimit: 4_000 } as const;
const VIOLATION_RUNS = { numRuns: 2, interruptAfterTimeLimit: 1_000 } as const;

let storeId = '';
let locationId = '';
let orderId = '';
const created = { stores: 0, locations: 0, orders: 0 };

beforeAll(async () => {
  storeId = (await createStore(client)).id;
  locationId = (await createLocation(client, storeId)).id;
  orderId = (await createOrder(client, storeId)).id;
  created.stores = 1;
  created.locations = 1;
  created.orders = 1;
});

const count = (table: string) => t.count(table);

type Body = Record<string, unknown>;
interface Operation {
  name: string;
  method: 'POST' | 'PATCH';
  path: () => string;
  schema: Schema;
  success: number;
  table?: keyof typeof created;
  /** The rules beyond the schema (documented in the YAML), applied to a generated valid body. */
  fixup: (b: Body, full: boolean) => Body;
}

const schemaOf = (name: string) => arbs.schema(`#/components/schemas/${name}`);
const operations: Operation[] = [
  {
    name: 'createStore',
    method: 'POST',
    path: () => '/stores',
    schema: schemaOf('StoreCreate'),
    success: 201,
    table: 'stores',
    fixup: (b) => ({ ...b, source_id: unique('s') }),
  },
  {
    name: 'createLocation',
    method: 'POST',
    path: () => '/locations',
    schema: schemaOf('LocationCreate'),
    success: 201,
    table: 'locations',
    fixup: (b) => {
      const hours = b.opening_hours as Record<string, { open: boolean; from?: string; to?: string }>;
      for (const day of Object.values(hours))
        if (day.open) Object.assign(day, { from: day.from ?? '09:00', to: day.to ?? '18:00' });
      return { ...b, source_id: unique('l') };
    },
  },
  {
    name: 'createOrder',
    method: 'POST',
    path: () => '/orders',
    schema: schemaOf('OrderCreate'),
    success: 201,
    table: 'orders',
    fixup: (b, full) => {
      const out: Body = { ...b, source_id: unique('o') };
      if (full) out.delivery_method = 'pickup';
      if (out.delivery_method === 'shipping') {
        delete out.pickup_location;
        delete out.pickup_info;
      } else if (out.pickup_location) {
        out.pickup_location = { location_id: locationId };
      }
      if (out.discount_total !== undefined) {
        out.discount_total = decimalSum((out.items as Array<{ discount?: string }>).map((i) => i.discount ?? '0'));
      }
      return out;
    },
  },
  {
    name: 'updateOrder',
    method: 'PATCH',
    path: () => `/orders/${orderId}`,
    schema: schemaOf('OrderUpdate'),
    success: 200,
    fixup: (b) => b,
  },
];

const headers = (extra: Record<string, string> = {}) => ({
  'svc-api-key': key.key,
  'svc-store-id': storeId,
  'content-type': 'application/json',
  ...extra,
});

interface Answer {
  status: number;
  body: { meta: { code: number; errors?: Array<{ path: string; info: string }> } };
}

/** One request through the contract-checking fetch; never a 5xx. */
async function send(op: Operation, body: BodyInit, extra: Record<string, string> = {}): Promise<Answer> {
  const res = await t.raw(op.path(), { method: op.method, headers: headers(extra), body });
  const json = (await res.json()) as Answer['body'];
  expect(res.status, JSON.stringify(json)).toBeLessThan(500);
  if (res.status === 201 && op.table) created[op.table]++;
  return { status: res.status, body: json };
}

describe.each(operations)('$name body', (op) => {
  it('accepts generated valid bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.boolean().chain((full) => arbs.valid(op.schema, full).map((b) => [full, b] as const)),
        async (_, [full, b]) => {
          const body = op.fixup(b as Body, full);
          const res = await send(op, JSON.stringify(body));
          expect(res.status, `${JSON.stringify(res.body)}\n${JSON.stringify(body)}`).toBe(op.success);
        },
      ),
      RUNS,
    );
  });

  it('rejects each constraint broken in turn with the documented code and path', async () => {
    const violations = arbs.violations(op.schema);
    expect(violations.length).toBeGreaterThan(0);
    for (const v of violations) {
      await fc.assert(
        fc.asyncProperty(arbs.valid(op.schema, true), v.value ?? fc.constant(undefined), async (b, bad) => {
          const body = applyAt(op.fixup(b as Body, true), v.path, v.op, bad);
          const res = await send(op, JSON.stringify(body));
          const expected = v.code === 40001 ? 400 : 422;
          const context = `${v.label}: ${JSON.stringify(res.body)}`;
          expect(res.status, context).toBe(expected);
          expect(res.body.meta.code, context).toBe(v.code);
          expect(
            res.body.meta.errors?.map((e) => e.path),
            context,
          ).toContain(formatPath(v.path));
        }),
        VIOLATION_RUNS,
      );
    }
  });

  it('answers hostile bodies with a documented 4xx', async () => {
    const expectAnswer = async (
      body: BodyInit,
      statuses: number[],
      codes: number[],
      extra?: Record<string, string>,
    ) => {
      const res = await send(op, body, extra);
      expect(statuses, JSON.stringify(res.body)).toContain(res.status);
      expect(codes, JSON.stringify(res.body)).toContain(res.body.meta.code);
    };
    // Not JSON at all.
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary', maxLength: 200 }).filter((s) => {
          try {
            JSON.parse(s);
            return false;
          } catch {
            return true;
          }
        }),
        (s) => expectAnswer(s, [400], [40000]),
      ),
      RUNS,
    );
    // JSON, but not an object.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue({ maxDepth: 2 }).filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))),
        (v) => expectAnswer(JSON.stringify(v), [422], [42200]),
      ),
      RUNS,
    );
    // Arbitrary JSON objects: never a 5xx, and a documented outcome.
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }),
        (v) => expectAnswer(JSON.stringify(v), [op.success, 400, 409, 422], [op.success * 100, 40001, 40900, 42200]),
      ),
      RUNS,
    );
    // Deep nesting, in an unknown property and in a known one.
    for (const depth of [100, 10_000, 50_000]) {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      await expectAnswer(`{"x_deep":${deep}}`, [400, 422], [40000, 40001, 42200]);
      await expectAnswer(`{"note":${deep},"tags":${deep}}`, [400, 422], [40000, 40001, 42200]);
    }
    // Sizes at and over the limit, with and without a declared content-length.
    const padded = (size: number) => {
      const head = '{"note":"';
      return `${head}${'x'.repeat(size - head.length - 2)}"}`;
    };
    for (const declared of [false, true]) {
      const extra = (body: string): Record<string, string> =>
        declared ? { 'content-length': String(Buffer.byteLength(body)) } : {};
      const atLimit = padded(LIMIT);
      const over = padded(LIMIT + 1);
      await expectAnswer(atLimit, [400, 422], [40001, 42200], extra(atLimit));
      await expectAnswer(over, [413], [41300], extra(over));
      await expectAnswer(padded(LIMIT * 4), [413], [41300], extra(padded(LIMIT * 4)));
    }
    // Invalid UTF-8 inside an otherwise valid body: not JSON text (RFC 8259 requires UTF-8).
    for (const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80]]) {
      const bytes = Buffer.concat([Buffer.from('{"note":"a'), Buffer.from(bad), Buffer.from('b"}')]);
      await expectAnswer(bytes, [400], [40000]);
    }
    // Wrong or missing media types.
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/jsonx',
      'application/json-patch+json',
      'multipart/form-data; boundary=x',
      '',
    ]) {
      await expectAnswer('{}', [415], [41500], { 'content-type': type });
    }
  });
});

describe('after all of the above', () => {
  it('stored exactly the rows that were answered 201', async () => {
    expect(await count('orders')).toBe(created.orders);
    expect(await count('locations')).toBe(created.locations);
    expect(await count('stores')).toBe(created.stores);
  });
});
