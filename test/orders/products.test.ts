import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/orders/types.js';
import { buildTestApp } from '../support/app.js';
import { createProduct, createStore, productBody, unique } from '../support/factories.js';

type ProductCreate = components['schemas']['ProductCreate'];
type Variant = ProductCreate['variants'][number];
const t = await buildTestApp();
afterAll(() => t.close());
const { client } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client)).id;
});
const h = (id = storeId) => ({ header: { 'svc-store-id': id } });

describe('products', () => {
  it('creates, gets and updates a product with its variants in the envelope', async () => {
    const body = productBody({ slug: 'power-mobile-phone', tags: ['new'], source_created_at: '2021-04-15T20:02:09Z' });
    const created = await client.POST('/products', { params: h(), body });
    expect(created.response.status).toBe(201);
    expect(created.data?.meta).toEqual({ code: 20100, type: 'Created', message: 'Created.' });
    const product = created.data!.data;
    expect(product).toEqual({
      ...body,
      id: expect.stringMatching(/^prd_/),
      store: { id: storeId },
      published: true,
      created_at: '2024-07-01T08:00:00.000Z',
      updated_at: '2024-07-01T08:00:00.000Z',
    });

    const got = await client.GET('/products/{id}', { params: { ...h(), path: { id: product.id } } });
    expect(got.data?.meta.code).toBe(20000);
    expect(got.data?.data).toEqual(product);

    t.clock.advance(60_000);
    const variants: Variant[] = [{ source_id: 'v-red', sku: 'PHONE-RED', title: 'Red', price: '11' }];
    const updated = await client.PATCH('/products/{id}', {
      params: { ...h(), path: { id: product.id } },
      body: { published: false, variants },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data?.data).toEqual({
      ...product,
      published: false,
      variants,
      updated_at: '2024-07-01T08:01:00.000Z',
    });
    const again = await client.GET('/products/{id}', { params: { ...h(), path: { id: product.id } } });
    expect(again.data?.data).toEqual(updated.data?.data);
  });

  it('answers an empty patch with the product as it is', async () => {
    const product = await createProduct(client, storeId);
    const res = await client.PATCH('/products/{id}', { params: { ...h(), path: { id: product.id } }, body: {} });
    expect(res.data?.data).toEqual(product);
  });

  it('answers 409/40900 for a source_id already used in the store, and accepts it in another store', async () => {
    const body = productBody();
    await createProduct(client, storeId, body);
    const again = await client.POST('/products', { params: h(), body });
    expect(again.response.status).toBe(409);
    expect(again.error?.meta).toMatchObject({
      code: 40900,
      type: 'Conflict',
      errors: [{ path: 'source_id', info: 'Already exists.' }],
    });
    const other = await createStore(client);
    expect((await client.POST('/products', { params: h(other.id), body })).response.status).toBe(201);
  });

  it('creates one product of two sent at once with the same source_id (the unique index decides)', async () => {
    const body = productBody();
    const answers = await Promise.all([0, 1, 2, 3].map(() => client.POST('/products', { params: h(), body })));
    expect(answers.map((a) => a.response.status).sort()).toEqual([201, 409, 409, 409]);
  });

  it('refuses two variants with one source_id, naming the second', async () => {
    const variants: Variant[] = [
      { source_id: 'same', sku: 'A', title: 'A', price: '1' },
      { source_id: 'same', sku: 'B', title: 'B', price: '1' },
    ];
    const res = await client.POST('/products', { params: h(), body: productBody({ variants }) });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors).toEqual([
      { path: 'variants[1].source_id', info: "Must differ from the other variants' source_id." },
    ]);
    const product = await createProduct(client, storeId);
    const patched = await client.PATCH('/products/{id}', {
      params: { ...h(), path: { id: product.id } },
      body: { variants },
    });
    expect(patched.response.status).toBe(422);
    expect((await client.GET('/products/{id}', { params: { ...h(), path: { id: product.id } } })).data?.data).toEqual(
      product,
    );
  });

  it('answers 404/40400 for an unknown product, and 400/40001 naming every missing field', async () => {
    const res = await client.GET('/products/{id}', { params: { ...h(), path: { id: 'prd_nope' } } });
    expect(res.response.status).toBe(404);
    expect(res.error?.meta).toMatchObject({ code: 40400, message: 'The product could not be found.' });
    const patched = await client.PATCH('/products/{id}', {
      params: { ...h(), path: { id: 'prd_nope' } },
      body: { title: 'x' },
    });
    expect(patched.response.status).toBe(404);
    const missing = await client.POST('/products', { params: h(), body: { source_id: unique('p') } as never });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.meta.errors?.map((e) => e.path).sort()).toEqual(['image_urls', 'title', 'variants']);
  });
});

describe('products and tenancy', () => {
  it("another account's product and store do not exist for a caller", async () => {
    const product = await createProduct(client, storeId);
    const { client: other } = await t.account('other');
    const theirStore = await createStore(other);
    const read = await other.GET('/products/{id}', { params: { ...h(theirStore.id), path: { id: product.id } } });
    expect(read.response.status).toBe(404);
    const write = await other.PATCH('/products/{id}', {
      params: { ...h(theirStore.id), path: { id: product.id } },
      body: { title: 'Mine' },
    });
    expect(write.response.status).toBe(404);
    const viaStore = await other.GET('/products/{id}', { params: { ...h(storeId), path: { id: product.id } } });
    expect(viaStore.response.status).toBe(412);
    expect(viaStore.error?.meta.code).toBe(41204);
    expect((await client.GET('/products/{id}', { params: { ...h(), path: { id: product.id } } })).data?.data).toEqual(
      product,
    );
  });

  it('requires svc-store-id (412/41201)', async () => {
    const res = await client.POST('/products', { params: { header: {} } as never, body: productBody() });
    expect(res.response.status).toBe(412);
    expect(res.error?.meta.code).toBe(41201);
  });
});

const str = (n: number, c = 'x') => c.repeat(n);
const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://img.example.com/${i}.png`);
const variant = (over: Partial<Variant> = {}, i = 0): Variant => ({
  source_id: `v${i}`,
  sku: 'S',
  title: 'T',
  price: '1',
  ...over,
});
const withVariant =
  (over: Partial<Variant>) =>
  (p: ProductCreate): ProductCreate => ({ ...p, variants: [variant(over)] });
type Change = (p: ProductCreate) => ProductCreate;

// The 2024-07 "Create a product" page's bounds, at the limit and one past.
const accepted: Array<[string, Change]> = [
  ['source_id: 32 characters', (p) => ({ ...p, source_id: (unique('s') + str(32)).slice(0, 32) })],
  ['title: 1024 characters', (p) => ({ ...p, title: str(1024) })],
  ['slug: 1024 characters', (p) => ({ ...p, slug: str(1024) })],
  ['categories: 100 entries', (p) => ({ ...p, categories: Array.from({ length: 100 }, (_, i) => `c${i}`) })],
  ['tags: 100 entries', (p) => ({ ...p, tags: Array.from({ length: 100 }, (_, i) => `t${i}`) })],
  ['image_urls: 0 entries', (p) => ({ ...p, image_urls: [] })],
  ['image_urls: 100 entries', (p) => ({ ...p, image_urls: urls(100) })],
  ['url: 2048 characters', (p) => ({ ...p, url: `https://example.com/${str(2028)}` })],
  ['description: 10240 characters', (p) => ({ ...p, description: str(10240) })],
  ['published: false', (p) => ({ ...p, published: false })],
  ['variants: 1 entry', (p) => ({ ...p, variants: [variant()] })],
  ['variants: 500 entries', (p) => ({ ...p, variants: Array.from({ length: 500 }, (_, i) => variant({}, i)) })],
  ['variants[0].source_id: 32 characters', withVariant({ source_id: str(32) })],
  ['variants[0].sku: 256 characters', withVariant({ sku: str(256) })],
  ['variants[0].title: 1024 characters', withVariant({ title: str(1024) })],
  ['variants[0].price: 100 characters', withVariant({ price: '1'.repeat(100) })],
  ['variants[0].compare_at_price: 100 characters', withVariant({ compare_at_price: '1'.repeat(100) })],
  ['variants[0].image_urls: 100 entries', withVariant({ image_urls: urls(100) })],
  ['variants[0].available_quantity: 2147483647', withVariant({ available_quantity: 2147483647 })],
  ['variants[0].available_quantity: -2147483648', withVariant({ available_quantity: -2147483648 })],
  ['variants[0].weight: kg', withVariant({ weight: { unit: 'kg', value: 10 } })],
  [
    'variants[0].options: 100 entries',
    withVariant({ options: Array.from({ length: 100 }, (_, i) => ({ name: `n${i}`, value: 'v' })) }),
  ],
  ['variants[0].options[0]: 256 characters each', withVariant({ options: [{ name: str(256), value: str(256) }] })],
];
const rejected: Array<[string, Change, string]> = [
  ['source_id: 33 characters', (p) => ({ ...p, source_id: str(33) }), 'source_id'],
  ['source_id: empty', (p) => ({ ...p, source_id: '' }), 'source_id'],
  ['title: 1025 characters', (p) => ({ ...p, title: str(1025) }), 'title'],
  ['slug: 1025 characters', (p) => ({ ...p, slug: str(1025) }), 'slug'],
  [
    'categories: 101 entries',
    (p) => ({ ...p, categories: Array.from({ length: 101 }, (_, i) => `c${i}`) }),
    'categories',
  ],
  ['tags: 101 entries', (p) => ({ ...p, tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }), 'tags'],
  ['image_urls: 101 entries', (p) => ({ ...p, image_urls: urls(101) }), 'image_urls'],
  ['url: 2049 characters', (p) => ({ ...p, url: `https://example.com/${str(2029)}` }), 'url'],
  ['description: 10241 characters', (p) => ({ ...p, description: str(10241) }), 'description'],
  ['variants: 0 entries', (p) => ({ ...p, variants: [] }), 'variants'],
  [
    'variants: 501 entries',
    (p) => ({ ...p, variants: Array.from({ length: 501 }, (_, i) => variant({}, i)) }),
    'variants',
  ],
  ['variants[0].source_id: 33 characters', withVariant({ source_id: str(33) }), 'variants[0].source_id'],
  ['variants[0].sku: 257 characters', withVariant({ sku: str(257) }), 'variants[0].sku'],
  ['variants[0].title: 1025 characters', withVariant({ title: str(1025) }), 'variants[0].title'],
  ['variants[0].price: 101 characters', withVariant({ price: '1'.repeat(101) }), 'variants[0].price'],
  ['variants[0].price: not a decimal', withVariant({ price: '10 EUR' }), 'variants[0].price'],
  [
    'variants[0].compare_at_price: 101 characters',
    withVariant({ compare_at_price: '1'.repeat(101) }),
    'variants[0].compare_at_price',
  ],
  ['variants[0].image_urls: 101 entries', withVariant({ image_urls: urls(101) }), 'variants[0].image_urls'],
  [
    'variants[0].available_quantity: 2147483648',
    withVariant({ available_quantity: 2147483648 }),
    'variants[0].available_quantity',
  ],
  ['variants[0].available_quantity: 1.5', withVariant({ available_quantity: 1.5 }), 'variants[0].available_quantity'],
  [
    'variants[0].weight.unit: stone',
    withVariant({ weight: { unit: 'st' as never, value: 1 } }),
    'variants[0].weight.unit',
  ],
  ['variants[0].options: 0 entries', withVariant({ options: [] }), 'variants[0].options'],
  [
    'variants[0].options: 101 entries',
    withVariant({ options: Array.from({ length: 101 }, (_, i) => ({ name: `n${i}`, value: 'v' })) }),
    'variants[0].options',
  ],
  [
    'variants[0].options[0].name: 257 characters',
    withVariant({ options: [{ name: str(257), value: 'v' }] }),
    'variants[0].options[0].name',
  ],
  ['unknown property', (p) => ({ ...p, custom_fields: {} }) as ProductCreate, 'custom_fields'],
  [
    'unknown property in a variant',
    (p) => ({ ...p, variants: [{ ...variant(), barcode: '1' } as Variant] }),
    'variants[0].barcode',
  ],
];

describe('createProduct bounds of the 2024-07 interface', () => {
  it.each(accepted)('accepts %s', async (_, change) => {
    const res = await client.POST('/products', { params: h(), body: change(productBody()) });
    expect(res.error).toBeUndefined();
    expect(res.response.status).toBe(201);
  });

  it.each(rejected)('rejects %s with 422/42200 at the field', async (_, change, path) => {
    const res = await client.POST('/products', { params: h(), body: change(productBody()) });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta).toMatchObject({ code: 42200, type: 'UnprocessableEntity' });
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual([path]);
  });

  it('refuses source_id in a patch (it cannot change)', async () => {
    const product = await createProduct(client, storeId);
    const res = await client.PATCH('/products/{id}', {
      params: { ...h(), path: { id: product.id } },
      body: { source_id: 'x' } as never,
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual(['source_id']);
  });
});
