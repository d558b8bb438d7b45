import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components, operations } from '../../generated/orders/types.js';
import { buildTestApp } from '../support/app.js';
import { createStore, orderBody, unique } from '../support/factories.js';

type OrderCreate = components['schemas']['OrderCreate'];
const t = await buildTestApp();
afterAll(() => t.close());
const { client } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client)).id;
});

const str = (n: number, c = 'x') => c.repeat(n);
const digits = (n: number) => '1'.repeat(n);
const item = (over: Partial<OrderCreate['items'][number]> = {}): OrderCreate['items'][number] => ({
  source_id: 'li-1',
  quantity: 1,
  ...over,
});
const uniqueSourceId = (len: number) => (unique('s') + str(len)).slice(0, len);

// [description, change to a valid order, JSON path reported when rejected]
type Row = [string, (o: OrderCreate) => OrderCreate, string];
const accepted: Array<[string, (o: OrderCreate) => OrderCreate]> = [
  ['items: 1 entry', (o) => ({ ...o, items: [item()], discount_total: undefined })],
  [
    'items[0].source_id: 32 characters',
    (o) => ({ ...o, items: [item({ source_id: str(32) })], discount_total: undefined }),
  ],
  [
    'items: 100 entries',
    (o) => ({ ...o, items: Array.from({ length: 100 }, () => item()), discount_total: undefined }),
  ],
  ['tags: 100 entries', (o) => ({ ...o, tags: Array.from({ length: 100 }, (_, i) => `t${i}`) })],
  ['source_id: 32 characters', (o) => ({ ...o, source_id: uniqueSourceId(32) })],
  ['number: 64 characters', (o) => ({ ...o, number: str(64) })],
  // maxLength counts characters (code points), as JSON Schema does, not UTF-16 units.
  ['number: 64 emoji (128 UTF-16 units)', (o) => ({ ...o, number: str(64, '📦') })],
  ['name: 256 characters', (o) => ({ ...o, name: str(256) })],
  ['shipping_method: 256 characters', (o) => ({ ...o, shipping_method: str(256) })],
  ['order_total: 100 characters', (o) => ({ ...o, order_total: digits(100) })],
  ['shipping_total: 100 characters', (o) => ({ ...o, shipping_total: digits(100) })],
  ['tax_total: 100 characters', (o) => ({ ...o, tax_total: digits(100) })],
  ['subtotal: 100 characters', (o) => ({ ...o, subtotal: digits(100) })],
  [
    'discount_total: 100 characters',
    (o) => ({ ...o, items: [item({ discount: digits(100) })], discount_total: digits(100) }),
  ],
  ['note: 5000 characters', (o) => ({ ...o, note: str(5000) })],
  ['currency: USD', (o) => ({ ...o, currency: 'USD' })],
  ...(['open', 'closed', 'canceled'] as const).map((v): [string, (o: OrderCreate) => OrderCreate] => [
    `status: ${v}`,
    (o) => ({ ...o, status: v }),
  ]),
  ...(['partially_paid', 'paid', 'partially_refunded', 'refunded', 'unpaid'] as const).map(
    (v): [string, (o: OrderCreate) => OrderCreate] => [
      `financial_status: ${v}`,
      (o) => ({ ...o, financial_status: v }),
    ],
  ),
  ...(['unfulfilled', 'partially_fulfilled', 'fulfilled'] as const).map(
    (v): [string, (o: OrderCreate) => OrderCreate] => [
      `fulfillment_status: ${v}`,
      (o) => ({ ...o, fulfillment_status: v }),
    ],
  ),
  ['delivery_method: shipping', (o) => ({ ...o, delivery_method: 'shipping' })],
  ['delivery_method: pickup', (o) => ({ ...o, delivery_method: 'pickup' })],
  // Issue 11: the 2024-07 interface's own values and bounds.
  ['shipping_address.country_region: USA (alpha-3)', (o) => ({ ...o, shipping_address: { country_region: 'USA' } })],
  ['billing_address.country_region: PRT (alpha-3)', (o) => ({ ...o, billing_address: { country_region: 'PRT' } })],
  [
    'items[0].origin_country_region: HKG (alpha-3)',
    (o) => ({ ...o, items: [item({ origin_country_region: 'HKG' })], discount_total: undefined }),
  ],
  [
    'shipping_address.street_2 and street_3: null',
    (o) => ({ ...o, shipping_address: { street_1: 'a', street_2: null, street_3: null } }),
  ],
  ['financial_status: null', (o) => ({ ...o, financial_status: null })],
  ['fulfillment_status: null', (o) => ({ ...o, fulfillment_status: null })],
  [
    'items[0].image_urls: 100 entries',
    (o) => ({
      ...o,
      items: [item({ image_urls: Array.from({ length: 100 }, (_, i) => `https://img.example.com/${i}.png`) })],
      discount_total: undefined,
    }),
  ],
  [
    'customer.emails: 100 entries',
    (o) => ({ ...o, customer: { emails: Array.from({ length: 100 }, (_, i) => `c${i}@example.com`) } }),
  ],
  [
    'customer.emails: a string that is no address syntax',
    (o) => ({ ...o, customer: { emails: ['john.doe(at)example.com'] } }),
  ],
  ['customer.emails[0]: 320 characters', (o) => ({ ...o, customer: { emails: [str(320)] } })],
  [
    'customer.phones: 100 entries',
    (o) => ({ ...o, customer: { phones: Array.from({ length: 100 }, (_, i) => `+1 555 01${i}`) } }),
  ],
  ['customer.phones[0]: 256 characters', (o) => ({ ...o, customer: { phones: [digits(256)] } })],
  ['customer.locale: en_US', (o) => ({ ...o, customer: { locale: 'en_US' } })],
  ['customer.locale: en-US', (o) => ({ ...o, customer: { locale: 'en-US' } })],
  // The 2024-07 update-order page: at most 128 characters, no pattern.
  ['customer.locale: a space', (o) => ({ ...o, customer: { locale: 'en US' } })],
  ['customer.locale: 128 characters', (o) => ({ ...o, customer: { locale: str(128) } })],
  ['shipping_address.phone: 256 characters', (o) => ({ ...o, shipping_address: { phone: digits(256) } })],
  ['shipping_address.email: no address syntax', (o) => ({ ...o, shipping_address: { email: 'front desk' } })],
  ['shipping_address.postal_code: 256 characters', (o) => ({ ...o, shipping_address: { postal_code: str(256) } })],
  [
    'items[0].product_title: 1024 characters',
    (o) => ({ ...o, items: [item({ product_title: str(1024) })], discount_total: undefined }),
  ],
  [
    'items[0].product_variant_title: 1024 characters',
    (o) => ({ ...o, items: [item({ product_variant_title: str(1024) })], discount_total: undefined }),
  ],
  ...['6109', '6109.10', '6109 10 00', str(256, '9')].map((v): [string, (o: OrderCreate) => OrderCreate] => [
    `items[0].hs_code: ${v.length > 20 ? '256 characters' : v}`,
    (o) => ({ ...o, items: [item({ hs_code: v })], discount_total: undefined }),
  ]),
];

const rejected: Row[] = [
  ['items: 0 entries', (o) => ({ ...o, items: [], discount_total: undefined }), 'items'],
  [
    'items: 101 entries',
    (o) => ({ ...o, items: Array.from({ length: 101 }, () => item()), discount_total: undefined }),
    'items',
  ],
  ['tags: 101 entries', (o) => ({ ...o, tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }), 'tags'],
  ['source_id: 33 characters', (o) => ({ ...o, source_id: uniqueSourceId(33) }), 'source_id'],
  ['number: 65 characters', (o) => ({ ...o, number: str(65) }), 'number'],
  ['number: 65 emoji', (o) => ({ ...o, number: str(65, '📦') }), 'number'],
  ['name: 257 characters', (o) => ({ ...o, name: str(257) }), 'name'],
  ['shipping_method: 257 characters', (o) => ({ ...o, shipping_method: str(257) }), 'shipping_method'],
  ['order_total: 101 characters', (o) => ({ ...o, order_total: digits(101) }), 'order_total'],
  ['shipping_total: 101 characters', (o) => ({ ...o, shipping_total: digits(101) }), 'shipping_total'],
  ['tax_total: 101 characters', (o) => ({ ...o, tax_total: digits(101) }), 'tax_total'],
  ['subtotal: 101 characters', (o) => ({ ...o, subtotal: digits(101) }), 'subtotal'],
  ['discount_total: 101 characters', (o) => ({ ...o, discount_total: digits(101) }), 'discount_total'],
  ['note: 5001 characters', (o) => ({ ...o, note: str(5001) }), 'note'],
  ['currency: lower case', (o) => ({ ...o, currency: 'eur' }), 'currency'],
  ['currency: four letters', (o) => ({ ...o, currency: 'EURO' }), 'currency'],
  ['status: not an allowed value', (o) => ({ ...o, status: 'pending' as never }), 'status'],
  ['financial_status: not an allowed value', (o) => ({ ...o, financial_status: 'free' as never }), 'financial_status'],
  [
    'fulfillment_status: not an allowed value',
    (o) => ({ ...o, fulfillment_status: 'shipped' as never }),
    'fulfillment_status',
  ],
  ['delivery_method: not an allowed value', (o) => ({ ...o, delivery_method: 'drone' as never }), 'delivery_method'],
  [
    'items[0].quantity: 0',
    (o) => ({ ...o, items: [item({ quantity: 0 })], discount_total: undefined }),
    'items[0].quantity',
  ],
  ['order_total: not a decimal', (o) => ({ ...o, order_total: '12,50' }), 'order_total'],
  ['source_created_at: not ISO 8601', (o) => ({ ...o, source_created_at: '01/07/2024' }), 'source_created_at'],
  ['discount_total: not the sum of item discounts', (o) => ({ ...o, discount_total: '3.51' }), 'discount_total'],
  [
    'shipping_address.country_region: alpha-2',
    (o) => ({ ...o, shipping_address: { country_region: 'US' } }),
    'shipping_address.country_region',
  ],
  [
    'shipping_address.country_region: lower case',
    (o) => ({ ...o, shipping_address: { country_region: 'usa' } }),
    'shipping_address.country_region',
  ],
  [
    'items[0].origin_country_region: alpha-2',
    (o) => ({ ...o, items: [item({ origin_country_region: 'HK' })], discount_total: undefined }),
    'items[0].origin_country_region',
  ],
  [
    'items[0].image_urls: 101 entries',
    (o) => ({
      ...o,
      items: [item({ image_urls: Array.from({ length: 101 }, (_, i) => `https://img.example.com/${i}.png`) })],
      discount_total: undefined,
    }),
    'items[0].image_urls',
  ],
  [
    'customer.emails: 101 entries',
    (o) => ({ ...o, customer: { emails: Array.from({ length: 101 }, (_, i) => `c${i}@example.com`) } }),
    'customer.emails',
  ],
  ['customer.emails[0]: 321 characters', (o) => ({ ...o, customer: { emails: [str(321)] } }), 'customer.emails[0]'],
  [
    'customer.phones: 101 entries',
    (o) => ({ ...o, customer: { phones: Array.from({ length: 101 }, (_, i) => `+1 555 01${i}`) } }),
    'customer.phones',
  ],
  ['customer.phones[0]: 257 characters', (o) => ({ ...o, customer: { phones: [digits(257)] } }), 'customer.phones[0]'],
  ['customer.locale: 129 characters', (o) => ({ ...o, customer: { locale: str(129) } }), 'customer.locale'],
  [
    'shipping_address.phone: 257 characters',
    (o) => ({ ...o, shipping_address: { phone: digits(257) } }),
    'shipping_address.phone',
  ],
  [
    'shipping_address.postal_code: 257 characters',
    (o) => ({ ...o, shipping_address: { postal_code: str(257) } }),
    'shipping_address.postal_code',
  ],
  [
    'items[0].product_title: 1025 characters',
    (o) => ({ ...o, items: [item({ product_title: str(1025) })], discount_total: undefined }),
    'items[0].product_title',
  ],
  [
    'items[0].product_variant_title: 1025 characters',
    (o) => ({ ...o, items: [item({ product_variant_title: str(1025) })], discount_total: undefined }),
    'items[0].product_variant_title',
  ],
  [
    'items[0].hs_code: 257 characters',
    (o) => ({ ...o, items: [item({ hs_code: str(257, '9') })], discount_total: undefined }),
    'items[0].hs_code',
  ],
  // null only where the YAML declares it.
  ['status: null', (o) => ({ ...o, status: null as never }), 'status'],
  ['name: null', (o) => ({ ...o, name: null as never }), 'name'],
  ['customer: null', (o) => ({ ...o, customer: null as never }), 'customer'],
  [
    'shipping_address.street_1: null',
    (o) => ({ ...o, shipping_address: { street_1: null as never } }),
    'shipping_address.street_1',
  ],
  [
    'shipping_address.country_region: null',
    (o) => ({ ...o, shipping_address: { country_region: null as never } }),
    'shipping_address.country_region',
  ],
  [
    'items[0].image_urls: null',
    (o) => ({ ...o, items: [item({ image_urls: null as never })], discount_total: undefined }),
    'items[0].image_urls',
  ],
  ['unknown property', (o) => ({ ...o, coupon: 'X' }) as OrderCreate, 'coupon'],
  [
    'unknown property in an item',
    (o) => ({ ...o, items: [{ source_id: 'li-1', quantity: 1, colour: 'red' } as never], discount_total: undefined }),
    'items[0].colour',
  ],
  [
    'items[0].source_id: 33 characters (the 2024-07 Order model)',
    (o) => ({ ...o, items: [item({ source_id: str(33) })], discount_total: undefined }),
    'items[0].source_id',
  ],
  [
    'items[0].source_id: empty',
    (o) => ({ ...o, items: [item({ source_id: '' })], discount_total: undefined }),
    'items[0].source_id',
  ],
];

describe('createOrder: item source_id is required (the 2024-07 Order model)', () => {
  it('refuses an item without source_id with 400/40001 naming it, and stores nothing', async () => {
    const sourceId = unique('nosrc');
    const res = await client.POST('/orders', {
      params: { header: { 'svc-store-id': storeId } },
      body: { ...orderBody({ source_id: sourceId }), items: [{ quantity: 1 } as never], discount_total: undefined },
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.meta).toMatchObject({ code: 40001, errors: [{ path: 'items[0].source_id', info: 'Required.' }] });
    const list = await client.GET('/orders', {
      params: { header: { 'svc-store-id': storeId }, query: { 'source_ids[]': [sourceId] } },
    });
    expect(list.data?.data.orders).toEqual([]);
  });
});

describe('createOrder bounds of the seed', () => {
  it.each(accepted)('accepts %s', async (_, change) => {
    const res = await client.POST('/orders', {
      params: { header: { 'svc-store-id': storeId } },
      body: change(orderBody()),
    });
    expect(res.error).toBeUndefined();
    expect(res.response.status).toBe(201);
  });

  it.each(rejected)('rejects %s with 422/42200 at the field', async (_, change, path) => {
    const res = await client.POST('/orders', {
      params: { header: { 'svc-store-id': storeId } },
      body: change(orderBody()),
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta).toMatchObject({ code: 42200, type: 'UnprocessableEntity' });
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual([path]);
  });
});

type Query = NonNullable<operations['listOrders']['parameters']['query']>;
const ids = (n: number, len = 5) => Array.from({ length: n }, (_, i) => `${i}`.padStart(len, 'x'));

describe('listOrders parameter bounds of the seed', () => {
  const ok: Array<[string, Query]> = [
    ['page 1', { page: 1 }],
    ['page 200', { page: 200 }],
    ['limit 1', { limit: 1 }],
    ['limit 50', { limit: 50 }],
    ['source_ids[] element of 31 characters', { 'source_ids[]': [str(31)] }],
    ['49 source_ids[] elements', { 'source_ids[]': ids(49) }],
    ...['-source_created_at', '+source_created_at', '-source_updated_at', '+source_updated_at'].map(
      (s): [string, Query] => [`sort ${s}`, { sort: s as Query['sort'] }],
    ),
  ];
  const bad: Array<[string, Query, string]> = [
    ['page 0', { page: 0 }, 'query.page'],
    ['page 201', { page: 201 }, 'query.page'],
    ['limit 0', { limit: 0 }, 'query.limit'],
    ['limit 51', { limit: 51 }, 'query.limit'],
    ['page not a number', { page: 'two' as never }, 'query.page'],
    ['source_ids[] element of 32 characters', { 'source_ids[]': [str(32)] }, 'query.source_ids[][0]'],
    ['50 source_ids[] elements', { 'source_ids[]': ids(50) }, 'query.source_ids[]'],
    ['sort without direction', { sort: 'source_created_at' as never }, 'query.sort'],
    ['sort on another field', { sort: '-created_at' as never }, 'query.sort'],
  ];

  it.each(ok)('accepts %s', async (_, query) => {
    const res = await client.GET('/orders', { params: { header: { 'svc-store-id': storeId }, query } });
    expect(res.response.status).toBe(200);
  });

  it.each(bad)('rejects %s with 422/42200 at %s', async (_, query, path) => {
    const res = await client.GET('/orders', { params: { header: { 'svc-store-id': storeId }, query } });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta).toMatchObject({ code: 42200, errors: [{ path }] });
  });
});

type StoreCreate = components['schemas']['StoreCreate'];
describe('createStore bounds of the 2024-07 interface', () => {
  const base = (): StoreCreate => ({ source_id: unique('st'), name: 'Shop', currency: 'USD' });
  const ok: Array<[string, Partial<StoreCreate>]> = [
    ['timezone_identifier: EST5EDT', { timezone_identifier: 'EST5EDT' }],
    ['timezone_identifier: America/Argentina/Buenos_Aires', { timezone_identifier: 'America/Argentina/Buenos_Aires' }],
    ['weight_unit: 64 characters', { weight_unit: str(64) }],
    ['phone: 256 characters', { phone: digits(256) }],
    ['description: 10240 characters', { description: str(10240) }],
    ['categories: 100 entries', { categories: Array.from({ length: 100 }, (_, i) => `c${i}`) }],
    ['owner_email: no address syntax', { owner_email: 'owner at example' }],
    ['address.street_2: null', { address: { street_2: null } }],
  ];
  const bad: Array<[string, Partial<StoreCreate>, string]> = [
    ['weight_unit: 65 characters', { weight_unit: str(65) }, 'weight_unit'],
    ['phone: 257 characters', { phone: digits(257) }, 'phone'],
    ['description: 10241 characters', { description: str(10241) }, 'description'],
    ['categories: 101 entries', { categories: Array.from({ length: 101 }, (_, i) => `c${i}`) }, 'categories'],
    ['address.country_region: alpha-2', { address: { country_region: 'US' } }, 'address.country_region'],
    ['the earlier name email', { email: 'a@example.com' } as never, 'email'],
  ];
  it.each(ok)('accepts %s', async (_, over) => {
    const res = await client.POST('/stores', { body: { ...base(), ...over } });
    expect(res.response.status).toBe(201);
  });
  it.each(bad)('rejects %s with 422 at %s', async (_, over, path) => {
    const res = await client.POST('/stores', { body: { ...base(), ...over } });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual([path]);
  });
});
