import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app.js';
import { createLocation, createOrder, createStore, locationBody, orderBody, storeBody } from '../support/factories.js';

const t = await buildTestApp();
afterAll(() => t.close());
const { client } = await t.account();
const h = (storeId: string) => ({ header: { 'svc-store-id': storeId } });

describe('stores', () => {
  it('creates, gets, lists and updates a store in the envelope', async () => {
    const body = storeBody({
      owner_email: 'ops@example.com',
      timezone_identifier: 'Europe/Berlin',
      url: 'https://shop.example.com/',
    });
    const created = await client.POST('/stores', { body });
    expect(created.response.status).toBe(201);
    expect(created.data?.meta).toEqual({ code: 20100, type: 'Created', message: 'Created.' });
    const store = created.data!.data;
    expect(store).toMatchObject({ ...body, id: expect.stringMatching(/^sto_/) });
    expect(store.created_at).toBe('2024-07-01T08:00:00.000Z');

    const got = await client.GET('/stores/{id}', { params: { path: { id: store.id } } });
    expect(got.data?.meta.code).toBe(20000);
    expect(got.data?.data).toEqual(store);

    t.clock.advance(60_000);
    const updated = await client.PATCH('/stores/{id}', {
      params: { path: { id: store.id } },
      body: { name: 'Renamed' },
    });
    expect(updated.data?.data).toMatchObject({
      name: 'Renamed',
      source_id: body.source_id,
      updated_at: '2024-07-01T08:01:00.000Z',
      created_at: store.created_at,
    });

    const list = await client.GET('/stores', { params: { query: { limit: 50 } } });
    expect(list.data?.data.stores.map((s) => s.id)).toContain(store.id);
    expect(list.data?.data.parameter_string).toBe('page=1&limit=50');
  });

  it('lists only the stores of the source_ids[] sent, and echoes them in parameter_string', async () => {
    const a = await createStore(client);
    const b = await createStore(client);
    await createStore(client);
    const { client: other } = await t.account('other-lister');
    // Another account's store with the same source_id is not listed.
    await other.POST('/stores', { body: storeBody({ source_id: a.source_id }) });
    const ids = [b.source_id, a.source_id, 'no-such'];
    const list = await client.GET('/stores', { params: { query: { 'source_ids[]': ids, limit: 50 } } });
    expect(list.response.status).toBe(200);
    // Oldest first, ties (one clock instant here) broken by id.
    expect(list.data?.data.stores.map((s) => s.id)).toEqual([a.id, b.id].sort());
    expect(list.data?.data.parameter_string).toBe(
      `page=1&limit=50${ids.map((id) => `&source_ids[]=${encodeURIComponent(id)}`).join('')}`,
    );
    const bad = await client.GET('/stores', { params: { query: { 'source_ids[]': ['x'.repeat(32)] } } });
    expect(bad.response.status).toBe(422);
    expect(bad.error?.meta.errors?.map((e) => e.path)).toEqual(['query.source_ids[][0]']);
  });

  it('answers 409/40900 for a source_id already used in the account', async () => {
    const body = storeBody();
    await client.POST('/stores', { body });
    const again = await client.POST('/stores', { body });
    expect(again.response.status).toBe(409);
    expect(again.error?.meta).toMatchObject({
      code: 40900,
      type: 'Conflict',
      errors: [{ path: 'source_id', info: 'Already exists.' }],
    });
  });
});

describe('locations', () => {
  it('creates, gets and lists locations of a store', async () => {
    const store = await createStore(client);
    const loc = await createLocation(client, store.id);
    expect(loc).toMatchObject({
      store: { id: store.id },
      name: 'Berlin Mitte',
      address: { coordinate: { latitude: 52.5294, longitude: 13.4011 } },
    });
    const got = await client.GET('/locations/{id}', { params: { ...h(store.id), path: { id: loc.id } } });
    expect(got.data?.data).toEqual(loc);
    const list = await client.GET('/locations', { params: h(store.id) });
    expect(list.data?.data.locations).toEqual([loc]);
    expect(list.data?.data.pagination).toEqual({ page: 1, limit: 10, has_next_page: false });
  });

  it('accepts a day open 24 hours (from and to null) and answers it as sent', async () => {
    const store = await createStore(client);
    const hours = locationBody().opening_hours;
    hours.saturday = { open: true, from: null, to: null };
    const loc = await createLocation(client, store.id, { opening_hours: hours });
    expect(loc.opening_hours.saturday).toEqual({ open: true, from: null, to: null });
    const got = await client.GET('/locations/{id}', { params: { ...h(store.id), path: { id: loc.id } } });
    expect(got.data?.data.opening_hours.saturday).toEqual({ open: true, from: null, to: null });
  });

  it("requires the address's street_1, state and country_region, as the 2024-07 Location model does, and nothing else", async () => {
    const store = await createStore(client);
    const res = await client.POST('/locations', {
      params: h(store.id),
      body: locationBody({ address: { street_1: 'Torstraße 1', country_region: 'DEU' } as never }),
    });
    expect(res.response.status).toBe(400);
    expect(res.error?.meta.errors).toEqual([{ path: 'address.state', info: 'Required.' }]);
    const bare = await createLocation(client, store.id, {
      address: { street_1: 'Torstraße 1', state: 'Berlin', country_region: 'DEU' },
    });
    expect(bare.address).toEqual({ street_1: 'Torstraße 1', state: 'Berlin', country_region: 'DEU' });
  });

  it('reads a location stored before that correction (city and coordinate, no state) as it was', async () => {
    const store = await createStore(client);
    const loc = await createLocation(client, store.id);
    const before = {
      street_1: 'Torstraße 1',
      city: 'Berlin',
      country_region: 'DEU',
      coordinate: { latitude: 52.5294, longitude: 13.4011 },
    };
    await t.query('UPDATE locations SET address = $1 WHERE id = $2', [JSON.stringify(before), loc.id]);
    const got = await client.GET('/locations/{id}', { params: { ...h(store.id), path: { id: loc.id } } });
    expect(got.response.status).toBe(200);
    expect(got.data?.data.address).toEqual(before);
  });

  it('refuses one bound null and the other a time', async () => {
    const store = await createStore(client);
    const hours = locationBody().opening_hours;
    hours.friday = { open: true, from: null, to: '18:00' };
    const res = await client.POST('/locations', { params: h(store.id), body: locationBody({ opening_hours: hours }) });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual(['opening_hours.friday.from']);
  });

  it('requires from and to on an open day', async () => {
    const store = await createStore(client);
    const hours = locationBody().opening_hours;
    hours.monday = { open: true, from: '09:00' };
    const res = await client.POST('/locations', { params: h(store.id), body: locationBody({ opening_hours: hours }) });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors).toEqual([{ path: 'opening_hours.monday.to', info: 'Required when open is true.' }]);
  });
});

describe('orders', () => {
  it('creates an order with service-assigned fields and returns it by id', async () => {
    const store = await createStore(client);
    t.clock.set(new Date('2024-07-02T10:00:00.000Z'));
    const body = orderBody({
      name: 'Order 1001',
      financial_status: 'paid',
      fulfillment_status: 'unfulfilled',
      shipping_total: '4.90',
      tax_total: '6.71',
      subtotal: '42.10',
      note: 'Leave at the door',
      source_created_at: '2024-07-01T09:30:00+02:00',
      customer: {
        source_id: 'c-1',
        first_name: 'Ada',
        last_name: 'Lovelace',
        emails: ['ada@example.com'],
        locale: 'en-GB',
        phones: ['+44 20 7946 0000'],
      },
      shipping_address: {
        type: 'residential',
        street_1: '12 Analytical Row',
        city: 'London',
        postal_code: 'N1 9GU',
        country_region: 'GBR',
      },
      billing_address: { type: 'business', company: 'Engines Ltd', country_region: 'GBR' },
      tags: ['vip', 'first-order'],
      shipping_method: 'Standard',
    });
    const res = await client.POST('/orders', { params: h(store.id), body });
    expect(res.response.status).toBe(201);
    expect(res.data?.meta).toEqual({ code: 20100, type: 'Created', message: 'Created.' });
    const order = res.data!.data;
    expect(order).toEqual({
      ...body,
      id: expect.stringMatching(/^ord_/),
      store: { id: store.id },
      created_at: '2024-07-02T10:00:00.000Z',
      updated_at: '2024-07-02T10:00:00.000Z',
    });
    const got = await client.GET('/orders/{id}', { params: { ...h(store.id), path: { id: order.id } } });
    expect(got.response.status).toBe(200);
    expect(got.data?.data).toEqual(order);
  });

  it("expands a pickup order's location with its address, coordinate and opening hours", async () => {
    const store = await createStore(client);
    const loc = await createLocation(client, store.id);
    const order = await createOrder(client, store.id, {
      delivery_method: 'pickup',
      pickup_location: { location_id: loc.id },
      pickup_info: {
        instructions: 'Counter',
        estimated_ready_for_pickup_at: { min: '2024-07-02T10:00:00Z', max: '2024-07-02T12:00:00Z' },
        pickup_deadline_at: '2024-07-09T18:00:00Z',
      },
    });
    expect(order.pickup_location).toEqual({
      location_id: loc.id,
      address: loc.address,
      opening_hours: loc.opening_hours,
    });
    const list = await client.GET('/orders', { params: h(store.id) });
    expect(list.data?.data.orders[0].pickup_location?.address.coordinate).toEqual({
      latitude: 52.5294,
      longitude: 13.4011,
    });
    // An update keeps the expanded location, and a read answers what the update did.
    const patched = await client.PATCH('/orders/{id}', {
      params: { ...h(store.id), path: { id: order.id } },
      body: { note: 'Ready' },
    });
    expect(patched.data?.data).toEqual({ ...order, note: 'Ready' });
    const got = await client.GET('/orders/{id}', { params: { ...h(store.id), path: { id: order.id } } });
    expect(got.data?.data).toEqual(patched.data?.data);
  });

  it('refuses a pickup location of another store (42200, pickup_location.location_id)', async () => {
    const a = await createStore(client);
    const b = await createStore(client);
    const locB = await createLocation(client, b.id);
    const res = await client.POST('/orders', {
      params: h(a.id),
      body: orderBody({ delivery_method: 'pickup', pickup_location: { location_id: locB.id } }),
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors).toEqual([
      { path: 'pickup_location.location_id', info: 'No location with this id exists in the store.' },
    ]);
  });

  it('updates note, tags, statuses and source_updated_at, keeping the rest', async () => {
    const store = await createStore(client);
    const order = await createOrder(client, store.id, { tags: ['a'] });
    t.clock.advance(5_000);
    const res = await client.PATCH('/orders/{id}', {
      params: { ...h(store.id), path: { id: order.id } },
      body: {
        status: 'closed',
        fulfillment_status: 'fulfilled',
        financial_status: 'refunded',
        note: 'done',
        tags: ['b', 'c'],
        source_updated_at: '2024-07-03T08:00:00Z',
      },
    });
    expect(res.response.status).toBe(200);
    expect(res.data?.data).toEqual({
      ...order,
      status: 'closed',
      fulfillment_status: 'fulfilled',
      financial_status: 'refunded',
      note: 'done',
      tags: ['b', 'c'],
      source_updated_at: '2024-07-03T08:00:00Z',
      updated_at: new Date(Date.parse(order.updated_at) + 5_000).toISOString(),
    });
    const empty = await client.PATCH('/orders/{id}', { params: { ...h(store.id), path: { id: order.id } }, body: {} });
    expect(empty.data?.data).toEqual(res.data?.data);
  });

  it('accepts discount_total equal to the item discounts as decimals (3.5 = 3.00 + 0.50)', async () => {
    const store = await createStore(client);
    const order = await createOrder(client, store.id, { discount_total: '3.5' });
    expect(order.discount_total).toBe('3.5');
  });

  it('filters by repeated source_ids[] and echoes them in parameter_string', async () => {
    const store = await createStore(client);
    const a = await createOrder(client, store.id, { source_id: 'A 1' });
    await createOrder(client, store.id, { source_id: 'B-2' });
    const c = await createOrder(client, store.id, { source_id: 'C+3' });
    const res = await client.GET('/orders', {
      params: {
        ...h(store.id),
        query: { 'source_ids[]': ['A 1', 'C+3'], sort: '+source_created_at', limit: 5, page: 1 },
      },
    });
    expect(res.data?.data.orders.map((o) => o.id).sort()).toEqual([a.id, c.id].sort());
    expect(res.data?.data.parameter_string).toBe(
      'page=1&limit=5&sort=%2Bsource_created_at&source_ids[]=A%201&source_ids[]=C%2B3',
    );
    const one = await client.GET('/orders', { params: { ...h(store.id), query: { 'source_ids[]': ['B-2'] } } });
    expect(one.data?.data.orders.map((o) => o.source_id)).toEqual(['B-2']);
    expect(one.data?.data.parameter_string).toBe('page=1&limit=10&sort=-source_created_at&source_ids[]=B-2');
  });
});
