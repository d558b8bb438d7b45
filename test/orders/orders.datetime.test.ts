import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app.js';
import { contractFor } from '../support/contract.js';
import { createStore, orderBody } from '../support/factories.js';

/**
 * One date-time rule: the server accepts a date-time exactly when an independent JSON Schema
 * validator (ajv with ajv-formats, full mode) accepts it against the YAML's DateTime schema.
 */
const t = await buildTestApp();
afterAll(() => t.close());
const { client } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client)).id;
});

const schema = (contractFor('orders').spec as unknown as { components: { schemas: Record<string, object> } }).components
  .schemas.DateTime;
const ajv = new Ajv2020({ strict: false });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const independent = ajv.compile(schema);

async function serverAccepts(value: string): Promise<boolean> {
  const res = await client.POST('/orders', {
    params: { header: { 'svc-store-id': storeId } },
    body: orderBody({ source_created_at: value }),
  });
  if (res.response.status === 201) return true;
  expect(res.response.status, value).toBe(422);
  expect(res.error?.meta.errors?.map((e) => e.path)).toEqual(['source_created_at']);
  return false;
}

const table = [
  '2024-07-01T09:30:00Z',
  '2024-07-01T09:30:00+02:00',
  '2024-07-01T09:30:00.123456789-05:30',
  '2024-02-29T00:00:00Z',
  '2000-02-29T00:00:00Z',
  '1900-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-04-31T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '2024-07-01T24:00:00Z',
  '2024-07-01T23:59:60Z',
  '2024-07-01T09:30Z',
  '2024-07-01t09:30:00z',
  '2024-07-01 09:30:00Z',
  '2024-07-01T09:30:00',
  '2024-07-01T09:30:00+0200',
  '2024-07-01T09:30:00+02',
  '2024-07-01T09:30:00+24:00',
  '2024-07-01T09:30:00.Z',
  '0000-01-01T00:00:00Z',
  `2024-07-01T09:30:00.${'1'.repeat(44)}Z`,
  `2024-07-01T09:30:00.${'1'.repeat(45)}Z`,
  '2024-07-01',
];

describe('DateTime: the server and an independent validator agree', () => {
  it.each(table)('%s', async (value) => {
    expect(await serverAccepts(value)).toBe(independent(value));
  });

  it('on generated near-misses of the form', async () => {
    const two = fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0'));
    const candidate = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        two,
        two,
        fc.constantFrom('T', 't', ' '),
        two,
        two,
        fc.option(two, { nil: undefined }),
        fc.constantFrom('', '.5', '.123', '.'),
        fc.constantFrom('Z', 'z', '', '+02:00', '-23:59', '+24:00', '+0200', '+05'),
      )
      .map(
        ([y, mo, d, sep, h, mi, s, frac, off]) =>
          `${y}-${mo}-${d}${sep}${h}:${mi}${s === undefined ? '' : `:${s}`}${frac}${off}`,
      );
    await fc.assert(
      fc.asyncProperty(candidate, async (value) => {
        expect(await serverAccepts(value), value).toBe(independent(value));
      }),
      { numRuns: 150 },
    );
  });
});
