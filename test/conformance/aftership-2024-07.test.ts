/**
 * Conformance: request bodies as AfterShip's published Commerce API 2024-07 documentation writes
 * them (with `as-store-id` sent as `svc-store-id`). Every case is accepted and answered with the
 * values it sent, on create and on a later read. Each case names the page it comes from; the
 * field names are those of 2024-07 (`source_id`, where the newest pages write `id`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/orders/types.js';
import { buildTestApp } from '../support/app.js';
import { createLocation, createStore, unique } from '../support/factories.js';

type S = components['schemas'];
const t = await buildTestApp();
afterAll(() => t.close());
const { client, key } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client, { currency: 'USD' })).id;
});
const h = () => ({ header: { 'svc-store-id': storeId } });

/** Every field the client sent comes back with the same value (nulls included). */
function expectEchoed(sent: Record<string, unknown>, answered: Record<string, unknown> | undefined) {
  expect(answered).toBeDefined();
  for (const [key, value] of Object.entries(sent)) expect({ [key]: answered![key] }).toEqual({ [key]: value });
}

// https://www.aftership.com/docs/commerce/common-scenarios/shipping ("Creating Shipping Label",
// the sample order: alpha-3 country codes, null street lines and financial status, 25 image URLs).
const shippingScenario = (): S['OrderCreate'] => ({
  source_id: unique('CM1011'),
  number: 'CM1011',
  currency: 'USD',
  status: 'open',
  financial_status: null,
  fulfillment_status: null,
  order_total: '9.5',
  items: [
    {
      source_id: '9716591689898',
      product_title: 'Mobile Phone Case',
      quantity: 1,
      fulfillable_quantity: 1,
      origin_country_region: 'HKG',
      unit_price: { currency: 'USD', amount: '5' },
      unit_weight: { unit: 'lb', value: 10 },
      hs_code: '6109.10',
      image_urls: Array.from({ length: 25 }, (_, i) => `https://cdn.example.com/products/case-${i + 1}.jpg`),
    },
  ],
  shipping_address: {
    first_name: 'John',
    last_name: 'Doe',
    street_1: '28292 Daugherty Orchard',
    street_2: null,
    street_3: null,
    city: 'Sacramento',
    state: 'CA',
    country_region: 'USA',
    postal_code: '94209',
    email: 'john.doe@example.com',
  },
  delivery_method: 'shipping',
});

// https://www.aftership.com/docs/commerce/2024-04/common-scenarios/shipping ("Minimum Required
// Fields": statuses set, customer with e-mails, source_created_at).
const shippingMinimum = (): S['OrderCreate'] => ({
  source_id: unique('CM1011'),
  number: 'CM1011',
  currency: 'USD',
  status: 'open',
  financial_status: 'paid',
  fulfillment_status: 'unfulfilled',
  order_total: '9.5',
  items: [
    {
      source_id: '9716591689898',
      product_title: 'Mobile Phone Case',
      quantity: 1,
      fulfillable_quantity: 1,
      origin_country_region: 'HKG',
      unit_price: { currency: 'USD', amount: '5' },
      unit_weight: { unit: 'lb', value: 10 },
    },
  ],
  customer: {
    first_name: 'John',
    last_name: 'Doe',
    emails: ['john.doe@example.com'],
    locale: 'en_US',
    phones: ['+1 (916) 555-0142'],
  },
  source_created_at: '2023-02-16T01:00:10Z',
  delivery_method: 'shipping',
});

// https://www.aftership.com/docs/commerce/common-scenarios/tracking ("Order Resource Common
// Required Fields": source_created_at and source_updated_at in ISO 8601).
const trackingScenario = (): S['OrderCreate'] => ({
  source_id: unique('CM1011'),
  number: 'CM1011',
  currency: 'USD',
  status: 'open',
  order_total: '9.5',
  items: [{ source_id: '9716591689898', product_title: 'Mobile Phone Case', quantity: 1 }],
  source_created_at: '2023-02-16T01:00:10Z',
  source_updated_at: '2023-02-16T01:00:10Z',
  delivery_method: 'shipping',
});

// https://www.aftership.com/docs/commerce/model/primitive/address (the Address model: alpha-3
// `country_region`, `street_2`/`street_3` "string or null", each line up to 256 characters).
const addressModel = (): S['OrderCreate'] => ({
  ...trackingScenario(),
  source_id: unique('addr'),
  billing_address: {
    type: 'business',
    street_1: 'Rua Augusta 27',
    street_2: null,
    street_3: null,
    city: 'Lisboa',
    state: 'Lisboa',
    postal_code: '1100-048',
    country_region: 'PRT',
    company: 'Loja Lda',
    phone: '+351 21 000 0000',
  },
});

describe('AfterShip 2024-07 order bodies', () => {
  it.each([
    ['common scenarios: shipping (sample order)', shippingScenario],
    ['2024-04 common scenarios: shipping (minimum fields)', shippingMinimum],
    ['common scenarios: tracking', trackingScenario],
    ['model: Address', addressModel],
  ])('%s is accepted and answered as sent', async (_, make) => {
    const body = make();
    const created = await client.POST('/orders', { params: h(), body });
    expect(created.error).toBeUndefined();
    expect(created.response.status).toBe(201);
    expectEchoed(body, created.data?.data);
    const got = await client.GET('/orders/{id}', { params: { ...h(), path: { id: created.data!.data.id } } });
    expectEchoed(body, got.data?.data);
  });
});

// https://stoplight.io/api/v1/projects/automizely/docs-api-automizely-com-commerce/nodes/reference/api.json?branch=production%2F2024-07&deref=optimizedBundle
// (GET /orders: `sort` values written `+source_created_at`, repeated `source_ids[]`), sent as a
// client writes the URL, with the `+` literal.
describe('AfterShip 2024-07 list queries', () => {
  it('GET /orders?source_ids[]=…&sort=+source_created_at&limit=…&page=… answers the orders asked for, oldest first', async () => {
    const a = shippingMinimum();
    const b = { ...shippingMinimum(), source_created_at: '2023-02-17T01:00:10Z' };
    for (const body of [b, a]) expect((await client.POST('/orders', { params: h(), body })).response.status).toBe(201);
    const url = `/orders?source_ids[]=${a.source_id}&source_ids[]=${b.source_id}&sort=+source_created_at&limit=10&page=1`;
    const res = await t.raw(url, { headers: { 'svc-api-key': key.key, 'svc-store-id': storeId } });
    expect(res.status).toBe(200);
    const data = (await res.json()).data;
    expect(data.orders.map((o: { source_id: string }) => o.source_id)).toEqual([a.source_id, b.source_id]);
    expect(data.pagination).toEqual({ page: 1, limit: 10, has_next_page: false });
  });
});

// https://www.aftership.com/docs/commerce/2024-07/hadtz8qj5if6w-create-a-store (the request body:
// support and owner e-mails, IANA timezone, weight unit, phone in E.164, URL, description,
// categories, an address with an alpha-3 country), and its update by ID.
describe('AfterShip 2024-07 store bodies', () => {
  const storeCreate = (): S['StoreCreate'] => ({
    source_id: unique('my-store'),
    name: 'My Store',
    currency: 'USD',
    support_email: 'support@example.com',
    owner_email: 'owner@example.com',
    timezone_identifier: 'America/New_York',
    weight_unit: 'lb',
    phone: '+11234567890',
    url: 'https://www.example.com',
    description: 'My shop',
    categories: ['Phone accessories'],
    address: {
      street_1: '28292 Daugherty Orchard',
      street_2: null,
      city: 'Sacramento',
      state: 'CA',
      postal_code: '94209',
      country_region: 'USA',
      coordinate: { latitude: 38.58, longitude: -121.49 },
    },
    source_created_at: '2024-05-06T12:32:00+01:00',
    source_updated_at: '2024-05-06T12:32:00+01:00',
  });

  it('Create a store: accepted and answered as sent', async () => {
    const body = storeCreate();
    const created = await client.POST('/stores', { body });
    expect(created.error).toBeUndefined();
    expect(created.response.status).toBe(201);
    expectEchoed(body, created.data?.data);
    const got = await client.GET('/stores/{id}', { params: { path: { id: created.data!.data.id } } });
    expectEchoed(body, got.data?.data);
  });

  it('Update store by ID: the fields sent change, the others stay', async () => {
    const body = storeCreate();
    const id = (await client.POST('/stores', { body })).data!.data.id;
    const patch: S['StoreUpdate'] = {
      timezone_identifier: 'Etc/GMT+5',
      weight_unit: 'kg',
      support_email: 'help@example.com',
      address: { country_region: 'CAN', city: 'Toronto' },
    };
    const updated = await client.PATCH('/stores/{id}', { params: { path: { id } }, body: patch });
    expect(updated.response.status).toBe(200);
    expectEchoed({ ...body, ...patch }, updated.data?.data);
  });
});

// https://aftership.com/docs/commerce/common-scenarios/tracking/bopis ("Specific Required Fields
// for creating the order": delivery_method pickup, pickup_location.location_id of a configured
// location, pickup_info with instructions and the ready-for-pickup window). The location is one a
// 2024-07 client keeps: an alpha-3 address with null street lines, a day open 24 hours
// (`from`/`to` null).
describe('AfterShip 2024-07 pickup order', () => {
  it('BOPIS order: accepted and answered as sent, the location expanded as stored', async () => {
    const hours = {
      sunday: { open: true, from: null, to: null },
      monday: { open: true, from: '09:00', to: '18:00' },
      tuesday: { open: true, from: '09:00', to: '18:00' },
      wednesday: { open: true, from: '09:00', to: '18:00' },
      thursday: { open: true, from: '09:00', to: '18:00' },
      friday: { open: true, from: '09:00', to: '18:00' },
      saturday: { open: false },
    };
    const address = {
      street_1: '28292 Daugherty Orchard',
      street_2: null,
      street_3: null,
      city: 'Sacramento',
      state: 'CA',
      postal_code: '94209',
      country_region: 'USA',
      coordinate: { latitude: 38.58, longitude: -121.49 },
    };
    const location = await createLocation(client, storeId, { address, opening_hours: hours });
    expect(location.opening_hours).toEqual(hours);
    const body: S['OrderCreate'] = {
      ...trackingScenario(),
      source_id: unique('bopis'),
      delivery_method: 'pickup',
      pickup_location: { location_id: location.id },
      pickup_info: {
        instructions: 'Bring your order confirmation.',
        estimated_ready_for_pickup_at: { min: '2023-02-16T10:00:00Z', max: '2023-02-16T12:00:00Z' },
        pickup_deadline_at: '2023-02-23T18:00:00Z',
      },
    };
    const created = await client.POST('/orders', { params: h(), body });
    expect(created.response.status).toBe(201);
    const { pickup_location, ...rest } = body;
    expectEchoed(rest, created.data?.data);
    expect(created.data?.data.pickup_location).toEqual({ location_id: location.id, address, opening_hours: hours });
    const got = await client.GET('/orders/{id}', { params: { ...h(), path: { id: created.data!.data.id } } });
    expect(got.data?.data).toEqual(created.data?.data);
    expect(pickup_location).toEqual({ location_id: location.id });
  });
});

// https://www.aftership.com/docs/commerce/2024-07/j3pzfhenf72sv-create-a-product: the page's own
// example values field by field (its sample body is not in the stored copy): source_id 546735673,
// title and slug, url, a variant 5634477687 with available_quantity 1, price "10" and weight
// {"unit":"kg","value":10}, the source times 2021-04-15T20:02:09Z.
const productPage = (): S['ProductCreate'] => ({
  source_id: unique('546735673'),
  title: 'Power Mobile Phone',
  slug: 'power-mobile-phone',
  categories: ['Phones'],
  tags: ['5G'],
  image_urls: ['https://example.com/product/phone.png'],
  url: 'https://example.com/product/',
  published: true,
  description: 'Power Mobile Phone',
  variants: [
    {
      source_id: '5634477687',
      available_quantity: 1,
      sku: 'SKU001',
      title: 'Power Mobile Phone',
      price: '10',
      image_urls: ['https://example.com/product/phone.png'],
      compare_at_price: '12',
      weight: { unit: 'kg', value: 10 },
      allow_backorder: false,
      options: [{ name: 'Color', value: 'Black' }],
    },
  ],
  source_created_at: '2021-04-15T20:02:09Z',
  source_updated_at: '2021-04-15T20:02:09Z',
});

describe('AfterShip 2024-07 product bodies', () => {
  it('Create a product: accepted and answered as sent, published by default when not sent', async () => {
    const { published: _published, ...body } = productPage();
    const created = await client.POST('/products', { params: h(), body });
    expect(created.response.status).toBe(201);
    expectEchoed(body, created.data?.data);
    expect(created.data?.data.published).toBe(true);
    const got = await client.GET('/products/{id}', { params: { ...h(), path: { id: created.data!.data.id } } });
    expect(got.data?.data).toEqual(created.data?.data);
  });

  it('Update product by ID: the fields sent change (variants replaced whole), the others stay', async () => {
    const body = productPage();
    const created = await client.POST('/products', { params: h(), body });
    const patch = {
      title: 'Power Mobile Phone 2',
      published: false,
      source_updated_at: '2021-04-16T20:02:09Z',
      variants: [{ ...body.variants[0]!, price: '9' }],
    };
    const updated = await client.PATCH('/products/{id}', {
      params: { ...h(), path: { id: created.data!.data.id } },
      body: patch,
    });
    expect(updated.response.status).toBe(200);
    expectEchoed({ ...body, ...patch }, updated.data?.data);
  });
});

// The fulfillment pages' example values, field by field (their sample bodies are not in the stored
// copies): "Create a fulfillment" and the tracking scenario (an order CM1011 with item
// 9716591689898, a shipping fulfillment of it), "Ship fulfillment" and "Update fulfillment by ID"
// (tracking RA123456789US, usps, standard shipping, ship date 2023-05-04), the "Next couriers" page
// (one next carrier, usps 123456789), "Update fulfillment status" (occurred_at 2021-04-15T20:02:09Z)
// and the BOPIS page (pickup_info instructions "Shop open from Mon to Fri", a deadline).
describe('AfterShip 2024-07 fulfillment bodies', () => {
  const tracking = {
    tracking_number: 'RA123456789US',
    slug: 'usps',
    service_type: 'standard shipping',
    ship_date: '2023-05-04',
  };

  it('tracking scenario: create a shipping fulfillment with next couriers, move it, ship it, read it back', async () => {
    const order = (await client.POST('/orders', { params: h(), body: trackingScenario() })).data!.data;
    const body: S['FulfillmentCreate'] = {
      order_id: order.id,
      delivery_method: 'shipping',
      status: 'pending',
      line_items: [{ source_id: '9716591689898', quantity: 1 }],
      source_created_at: '2023-02-16T01:00:10Z',
      source_updated_at: '2023-02-16T01:00:10Z',
      trackings: [
        {
          tracking_number: '123456789',
          slug: 'usps',
          ship_date: '2023-05-04',
          next_couriers: [{ tracking_number: '123456789', slug: 'usps' }],
        },
      ],
    };
    const created = await client.POST('/fulfillments', { params: h(), body });
    expect(created.response.status).toBe(201);
    expectEchoed(body, created.data?.data);
    const id = created.data!.data.id;
    const moved = await client.POST('/fulfillments/{id}/update-status', {
      params: { ...h(), path: { id } },
      body: { status: 'processing', occurred_at: '2021-04-15T20:02:09Z' },
    });
    expect(moved.data?.data.status).toBe('processing');
    const patched = await client.PATCH('/fulfillments/{id}', {
      params: { ...h(), path: { id } },
      body: { source_updated_at: '2021-04-15T20:02:09Z', trackings: [tracking] },
    });
    expect(patched.data?.data.trackings).toEqual([tracking]);
    const shipped = await client.POST('/fulfillments/{id}/ship', {
      params: { ...h(), path: { id } },
      body: [tracking],
    });
    expect(shipped.response.status).toBe(200);
    expect(shipped.data?.data).toMatchObject({ status: 'shipped', trackings: [tracking] });
    const list = await client.GET('/fulfillments', {
      params: { ...h(), query: { source_order_id: order.source_id, limit: 50, page: 1 } },
    });
    expect(list.data?.data.fulfillments).toEqual([shipped.data?.data]);
  });

  it('BOPIS: a pickup fulfillment of a pickup order goes to ready_for_pickup, then picked_up', async () => {
    const location = await createLocation(client, storeId);
    const order = (
      await client.POST('/orders', {
        params: h(),
        body: { ...trackingScenario(), delivery_method: 'pickup', pickup_location: { location_id: location.id } },
      })
    ).data!.data;
    const body: S['FulfillmentCreate'] = {
      order_id: order.id,
      delivery_method: 'pickup',
      status: 'processing',
      line_items: [{ source_id: '9716591689898', quantity: 1 }],
      pickup_location: { location_id: location.id },
      pickup_info: { instructions: 'Shop open from Mon to Fri', pickup_deadline_at: '2021-04-15T20:02:09Z' },
    };
    const created = await client.POST('/fulfillments', { params: h(), body });
    expect(created.response.status).toBe(201);
    const { pickup_location: _location, ...rest } = body;
    expectEchoed(rest, created.data?.data);
    const id = created.data!.data.id;
    for (const status of ['ready_for_pickup', 'picked_up'] as const) {
      const res = await client.POST('/fulfillments/{id}/update-status', {
        params: { ...h(), path: { id } },
        body: { status, occurred_at: '2021-04-15T20:02:09Z' },
      });
      expect(res.data?.data.status).toBe(status);
    }
  });
});
