import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/orders/types.js';
import { buildTestApp, type OrdersClient } from '../support/app.js';
import { createLocation, createOrder, createStore, unique } from '../support/factories.js';

type S = components['schemas'];
type FulfillmentCreate = S['FulfillmentCreate'];
const t = await buildTestApp();
afterAll(() => t.close());
const { client } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client)).id;
});
const h = (id = storeId) => ({ header: { 'svc-store-id': id } });
const at = (id: string, store = storeId) => ({ ...h(store), path: { id } });

/** An order whose items can be named: li-1 × 3, li-2 × 1. */
const orderWithItems = (over: Partial<S['OrderCreate']> = {}, c: OrdersClient = client, store = storeId) =>
  createOrder(c, store, {
    items: [
      { source_id: 'li-1', quantity: 3, product_title: 'T-shirt' },
      { source_id: 'li-2', quantity: 1, product_title: 'Mug' },
    ],
    discount_total: undefined,
    fulfillment_status: 'unfulfilled',
    ...over,
  });

const shipping = (orderId: string, over: Partial<FulfillmentCreate> = {}): FulfillmentCreate => ({
  order_id: orderId,
  delivery_method: 'shipping',
  status: 'pending',
  line_items: [{ source_id: 'li-1', quantity: 1 }],
  ...over,
});

async function created(body: FulfillmentCreate, store = storeId) {
  const res = await client.POST('/fulfillments', { params: h(store), body });
  if (res.response.status !== 201 || !res.data)
    throw new Error(`createFulfillment: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data.data;
}
const move = (id: string, status: S['FulfillmentState']) =>
  client.POST('/fulfillments/{id}/update-status', {
    params: at(id),
    body: { status, occurred_at: '2024-07-02T08:30:00Z' },
  });

describe('the tracking scenario: order, fulfillment, status, ship', () => {
  it('imports an order and its shipment and moves it to shipped', async () => {
    const order = await orderWithItems();
    const tracking = {
      tracking_number: 'RA123456789US',
      slug: 'usps',
      ship_date: '2024-07-02',
      next_couriers: [{ slug: 'usps', tracking_number: '123456789' }],
    };
    const body = shipping(order.id, {
      source_id: unique('F'),
      status: 'pending',
      line_items: [
        { source_id: 'li-1', quantity: 3 },
        { source_id: 'li-2', quantity: 1 },
      ],
    });
    const res = await client.POST('/fulfillments', { params: h(), body });
    expect(res.response.status).toBe(201);
    expect(res.data?.meta.code).toBe(20100);
    const f = res.data!.data;
    expect(f).toEqual({
      ...body,
      id: expect.stringMatching(/^ful_/),
      store: { id: storeId },
      trackings: [],
      created_at: '2024-07-01T08:00:00.000Z',
      updated_at: '2024-07-01T08:00:00.000Z',
    });

    t.clock.advance(1000);
    const processing = await move(f.id, 'processing');
    expect(processing.data?.data).toMatchObject({ status: 'processing', updated_at: '2024-07-01T08:00:01.000Z' });
    const shipped = await client.POST('/fulfillments/{id}/ship', { params: at(f.id), body: [tracking] });
    expect(shipped.response.status).toBe(200);
    expect(shipped.data?.data).toMatchObject({ status: 'shipped', trackings: [tracking] });
    const got = await client.GET('/fulfillments/{id}', { params: at(f.id) });
    expect(got.data?.data).toEqual(shipped.data?.data);

    // 2024-07 documents no link from fulfillments to the order's fulfillment_status: it stays as set.
    const orderNow = await client.GET('/orders/{id}', { params: at(order.id) });
    expect(orderNow.data?.data.fulfillment_status).toBe('unfulfilled');
    const list = await client.GET('/fulfillments', { params: { ...h(), query: { order_id: order.id } } });
    expect(list.data?.data.fulfillments).toEqual([shipped.data?.data]);
    expect(list.data?.data.parameter_string).toBe(`page=1&limit=10&order_id=${order.id}`);
  });

  it('replaces trackings whole on PATCH, and an empty array deletes them', async () => {
    const order = await orderWithItems();
    const f = await created(shipping(order.id, { trackings: [{ tracking_number: 'A1', ship_date: '2024-07-02' }] }));
    const replaced = await client.PATCH('/fulfillments/{id}', {
      params: at(f.id),
      body: { trackings: [{ tracking_number: 'B2', slug: 'dhl', ship_date: '2024-07-03' }] },
    });
    expect(replaced.data?.data.trackings).toEqual([{ tracking_number: 'B2', slug: 'dhl', ship_date: '2024-07-03' }]);
    const kept = await client.PATCH('/fulfillments/{id}', {
      params: at(f.id),
      body: { source_updated_at: '2024-07-03T10:00:00Z' },
    });
    expect(kept.data?.data).toMatchObject({
      trackings: replaced.data?.data.trackings,
      source_updated_at: '2024-07-03T10:00:00Z',
    });
    const emptied = await client.PATCH('/fulfillments/{id}', { params: at(f.id), body: { trackings: [] } });
    expect(emptied.data?.data.trackings).toEqual([]);
    const pickupInfo = await client.PATCH('/fulfillments/{id}', {
      params: at(f.id),
      body: { pickup_info: { instructions: 'x' } },
    });
    expect(pickupInfo.response.status).toBe(422);
    expect(pickupInfo.error?.meta.errors).toEqual([
      { path: 'pickup_info', info: 'Only a pickup fulfillment has pickup_info.' },
    ]);
  });
});

describe('ship_from_location and ship_to_location', () => {
  const address = { street_1: '1234 Elm Street', state: 'NY', country_region: 'USA', city: 'New York' };

  it('takes a location of the store or an address for each, and answers them as sent', async () => {
    const order = await orderWithItems();
    const warehouse = await createLocation(client, storeId);
    const body = shipping(order.id, {
      ship_from_location: { location_id: warehouse.id },
      ship_to_location: { address: { ...address, type: 'residential', street_2: null } },
    });
    const f = await created(body);
    expect(f.ship_from_location).toEqual({ location_id: warehouse.id });
    expect(f.ship_to_location).toEqual(body.ship_to_location);
    const read = await client.GET('/fulfillments/{id}', { params: at(f.id) });
    expect(read.data?.data).toEqual(f);
  });

  it('refuses both or neither of location_id and address, an address without what it requires, and a location of no store of the caller', async () => {
    const order = await orderWithItems();
    const both = await client.POST('/fulfillments', {
      params: h(),
      body: shipping(order.id, {
        ship_from_location: { location_id: 'loc_x', address },
        ship_to_location: {},
      }),
    });
    expect(both.response.status).toBe(422);
    expect(both.error?.meta.errors).toEqual([
      { path: 'ship_from_location', info: 'Exactly one of location_id and address.' },
      { path: 'ship_to_location', info: 'Exactly one of location_id and address.' },
    ]);

    const bare = await client.POST('/fulfillments', {
      params: h(),
      body: shipping(order.id, { ship_to_location: { address: { street_1: 'x', country_region: 'usa' } as never } }),
    });
    expect(bare.response.status).toBe(400);
    expect(bare.error?.meta.errors?.map((e) => e.path).sort()).toEqual([
      'ship_to_location.address.country_region',
      'ship_to_location.address.state',
    ]);

    const otherStore = (await createStore(client)).id;
    const elsewhere = await createLocation(client, otherStore);
    const unknown = await client.POST('/fulfillments', {
      params: h(),
      body: shipping(order.id, {
        ship_from_location: { location_id: elsewhere.id },
        ship_to_location: { location_id: 'loc_nope' },
      }),
    });
    expect(unknown.response.status).toBe(422);
    expect(unknown.error?.meta.errors).toEqual([
      { path: 'ship_from_location.location_id', info: 'No location with this id exists in the store.' },
      { path: 'ship_to_location.location_id', info: 'No location with this id exists in the store.' },
    ]);
    // None of them made a fulfillment.
    const list = await client.GET('/fulfillments', { params: { ...h(), query: { order_id: order.id } } });
    expect(list.data?.data.fulfillments).toEqual([]);
  });
});

describe('the BOPIS scenario: pickup in store', () => {
  it('moves a pickup fulfillment to ready_for_pickup and picked_up, with its location expanded', async () => {
    const loc = await createLocation(client, storeId);
    const order = await orderWithItems({ delivery_method: 'pickup', pickup_location: { location_id: loc.id } });
    const body: FulfillmentCreate = {
      order_id: order.id,
      delivery_method: 'pickup',
      status: 'pending',
      line_items: [{ source_id: 'li-2', quantity: 1 }],
      pickup_location: { location_id: loc.id },
      pickup_info: { instructions: 'Shop open from Mon to Fri', pickup_deadline_at: '2024-07-09T18:00:00Z' },
    };
    const f = await created(body);
    expect(f.pickup_location).toEqual({ location_id: loc.id, address: loc.address, opening_hours: loc.opening_hours });
    expect(f.trackings).toBeUndefined();
    for (const status of ['processing', 'ready_for_pickup', 'picked_up'] as const) {
      const res = await move(f.id, status);
      expect(res.response.status).toBe(200);
      expect(res.data?.data.status).toBe(status);
    }
    const info = await client.PATCH('/fulfillments/{id}', {
      params: at(f.id),
      body: { pickup_info: { instructions: 'Ask at the desk' } },
    });
    expect(info.data?.data).toMatchObject({ status: 'picked_up', pickup_info: { instructions: 'Ask at the desk' } });
    const ship = await client.POST('/fulfillments/{id}/ship', { params: at(f.id), body: [] });
    expect(ship.response.status).toBe(422);
    expect(ship.error?.meta.errors).toEqual([{ path: 'path.id', info: 'Only a shipping fulfillment can be shipped.' }]);
  });

  it('requires a pickup location of the store for a pickup, and refuses trackings on it', async () => {
    const order = await orderWithItems();
    const res = await client.POST('/fulfillments', {
      params: h(),
      body: {
        ...shipping(order.id),
        delivery_method: 'pickup',
        trackings: [{ tracking_number: 'A', ship_date: '2024-07-02' }],
      },
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual(['pickup_location', 'trackings']);
    const unknown = await client.POST('/fulfillments', {
      params: h(),
      body: { ...shipping(order.id), delivery_method: 'pickup', pickup_location: { location_id: 'loc_nope' } },
    });
    expect(unknown.error?.meta.errors).toEqual([
      { path: 'pickup_location.location_id', info: 'No location with this id exists in the store.' },
    ]);
  });
});

describe('statuses move only forward', () => {
  it('refuses a reverse move, the same status and a status of the other delivery method', async () => {
    const order = await orderWithItems();
    const f = await created(shipping(order.id, { status: 'processing' }));
    for (const [status, info] of [
      ['pending', /only forward/],
      ['processing', /only forward/],
      ['ready_for_pickup', /one of: pending, processing, shipped, canceled/],
    ] as const) {
      const res = await move(f.id, status);
      expect(res.response.status).toBe(422);
      expect(res.error?.meta.errors?.[0]).toEqual({ path: 'status', info: expect.stringMatching(info) });
    }
    expect((await move(f.id, 'canceled')).data?.data.status).toBe('canceled');
    const ship = await client.POST('/fulfillments/{id}/ship', { params: at(f.id), body: [] });
    expect(ship.response.status).toBe(422);
    expect((await client.GET('/fulfillments/{id}', { params: at(f.id) })).data?.data.status).toBe('canceled');
  });

  it('refuses a create whose status the delivery method does not have', async () => {
    const order = await orderWithItems();
    const res = await client.POST('/fulfillments', { params: h(), body: shipping(order.id, { status: 'picked_up' }) });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual(['status']);
  });

  it('answers 404/40400 for an unknown fulfillment on every operation', async () => {
    for (const res of [
      await client.GET('/fulfillments/{id}', { params: at('ful_nope') }),
      await client.PATCH('/fulfillments/{id}', { params: at('ful_nope'), body: {} }),
      await move('ful_nope', 'processing'),
      await client.POST('/fulfillments/{id}/ship', { params: at('ful_nope'), body: [] }),
    ]) {
      expect(res.response.status).toBe(404);
      expect(res.error?.meta).toMatchObject({ code: 40400, message: 'The fulfillment could not be found.' });
    }
  });
});

describe('line items and quantities', () => {
  it('refuses units beyond what is left of an item, and counts canceled fulfillments out', async () => {
    const order = await orderWithItems();
    const first = await created(shipping(order.id, { line_items: [{ source_id: 'li-1', quantity: 2 }] }));
    const over = await client.POST('/fulfillments', {
      params: h(),
      body: shipping(order.id, {
        line_items: [
          { source_id: 'li-2', quantity: 1 },
          { source_id: 'li-1', quantity: 2 },
        ],
      }),
    });
    expect(over.response.status).toBe(422);
    expect(over.error?.meta.errors).toEqual([
      { path: 'line_items[1].quantity', info: 'Exceeds the units of the item left to fulfill (1).' },
    ]);
    await move(first.id, 'canceled');
    expect(
      (
        await client.POST('/fulfillments', {
          params: h(),
          body: shipping(order.id, { line_items: [{ source_id: 'li-1', quantity: 3 }] }),
        })
      ).response.status,
    ).toBe(201);
  });

  it('refuses an item the order does not have, one named twice, and an order of no store of the caller', async () => {
    const order = await orderWithItems();
    const unknown = await client.POST('/fulfillments', {
      params: h(),
      body: shipping(order.id, { line_items: [{ source_id: 'li-9', quantity: 1 }] }),
    });
    expect(unknown.error?.meta.errors).toEqual([
      { path: 'line_items[0].source_id', info: 'No item of the order has this source_id.' },
    ]);
    const twice = await client.POST('/fulfillments', {
      params: h(),
      body: shipping(order.id, {
        line_items: [
          { source_id: 'li-1', quantity: 1 },
          { source_id: 'li-1', quantity: 1 },
        ],
      }),
    });
    expect(twice.error?.meta.errors?.map((e) => e.path)).toEqual(['line_items[1].source_id']);
    const noOrder = await client.POST('/fulfillments', { params: h(), body: shipping('ord_nope') });
    expect(noOrder.error?.meta.errors).toEqual([
      { path: 'order_id', info: 'No order with this id exists in the store.' },
    ]);
  });

  it('accepts no more units than ordered when many fulfillments are sent at once', async () => {
    const order = await orderWithItems();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client.POST('/fulfillments', { params: h(), body: shipping(order.id) })),
    );
    expect(answers.map((a) => a.response.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    const pair = await orderWithItems();
    const two = await Promise.all(
      [0, 1].map(() =>
        client.POST('/fulfillments', {
          params: h(),
          body: shipping(pair.id, { line_items: [{ source_id: 'li-1', quantity: 2 }] }),
        }),
      ),
    );
    expect(two.map((a) => a.response.status).sort()).toEqual([201, 422]);
    const list = await client.GET('/fulfillments', { params: { ...h(), query: { order_id: pair.id } } });
    expect(list.data?.data.fulfillments).toHaveLength(1);
  });

  it('lets one of a status update and a ship sent at once win, the other refused', async () => {
    const order = await orderWithItems();
    const f = await created(shipping(order.id, { status: 'processing' }));
    const [a, b] = await Promise.all([
      move(f.id, 'shipped'),
      client.POST('/fulfillments/{id}/ship', {
        params: at(f.id),
        body: [{ tracking_number: 'Z9', ship_date: '2024-07-02' }],
      }),
    ]);
    expect([a.response.status, b.response.status].sort()).toEqual([200, 422]);
    const now = (await client.GET('/fulfillments/{id}', { params: at(f.id) })).data?.data;
    expect(now?.status).toBe('shipped');
    // The winner's answer is what is stored.
    expect([a.data?.data, b.data?.data]).toContainEqual(now);
  });
});

describe('source_id, lists and tenancy', () => {
  it('answers 409/40900 for a fulfillment source_id already used in the store', async () => {
    const order = await orderWithItems();
    const sourceId = unique('F');
    await created(shipping(order.id, { source_id: sourceId }));
    const again = await client.POST('/fulfillments', {
      params: h(),
      body: shipping(order.id, { source_id: sourceId }),
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.meta).toMatchObject({ code: 40900, errors: [{ path: 'source_id', info: 'Already exists.' }] });
  });

  it('filters by source_order_id, source_id and ids[], and echoes them in parameter_string', async () => {
    const store = (await createStore(client)).id;
    const a = await orderWithItems({ source_id: 'A-1' }, client, store);
    const b = await orderWithItems({ source_id: 'B-1' }, client, store);
    const fa1 = await created(shipping(a.id, { source_id: 'FA1' }), store);
    t.clock.advance(1000);
    const fa2 = await created(shipping(a.id), store);
    const fb = await created(shipping(b.id), store);
    const q = (query: Record<string, unknown>) => client.GET('/fulfillments', { params: { ...h(store), query } });
    expect((await q({ source_order_id: 'A-1' })).data?.data.fulfillments.map((f) => f.id)).toEqual([fa1.id, fa2.id]);
    expect((await q({ source_id: 'FA1' })).data?.data.fulfillments.map((f) => f.id)).toEqual([fa1.id]);
    const byIds = await q({ 'ids[]': [fb.id, fa1.id], limit: 1 });
    expect(byIds.data?.data.fulfillments.map((f) => f.id)).toEqual([fa1.id]);
    expect(byIds.data?.data.pagination).toEqual({ page: 1, limit: 1, has_next_page: true });
    expect(byIds.data?.data.parameter_string).toBe(`page=1&limit=1&ids[]=${fb.id}&ids[]=${fa1.id}`);
    expect((await q({ order_id: b.id, source_order_id: 'A-1' })).data?.data.fulfillments).toEqual([]);
  });

  it.each([
    ['limit 0', { limit: 0 }, 'query.limit'],
    ['limit 51', { limit: 51 }, 'query.limit'],
    ['page 0', { page: 0 }, 'query.page'],
    ['page 201', { page: 201 }, 'query.page'],
    ['source_id of 33 characters', { source_id: 'x'.repeat(33) }, 'query.source_id'],
    ['51 ids[]', { 'ids[]': Array.from({ length: 51 }, (_, i) => `f${i}`) }, 'query.ids[]'],
    ['an unknown parameter', { status: 'shipped' }, 'query.status'],
  ])('refuses %s with 422 at %s', async (_, query, path) => {
    const res = await client.GET('/fulfillments', { params: { ...h(), query: query as never } });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual([path]);
  });

  it.each([
    ['limit 50', { limit: 50 }],
    ['page 200', { page: 200 }],
    ['50 ids[]', { 'ids[]': Array.from({ length: 50 }, (_, i) => `f${i}`) }],
  ])('accepts %s', async (_, query) => {
    expect((await client.GET('/fulfillments', { params: { ...h(), query: query as never } })).response.status).toBe(
      200,
    );
  });

  it("another account's fulfillment, order and location do not exist for a caller", async () => {
    const loc = await createLocation(client, storeId);
    const order = await orderWithItems();
    const f = await created(shipping(order.id));
    const { client: other } = await t.account('other');
    const theirs = (await createStore(other)).id;
    const o = { ...h(theirs), path: { id: f.id } };
    expect((await other.GET('/fulfillments/{id}', { params: o })).response.status).toBe(404);
    expect((await other.PATCH('/fulfillments/{id}', { params: o, body: {} })).response.status).toBe(404);
    expect(
      (
        await other.POST('/fulfillments/{id}/update-status', {
          params: o,
          body: { status: 'canceled', occurred_at: '2024-07-02T08:30:00Z' },
        })
      ).response.status,
    ).toBe(404);
    expect((await other.POST('/fulfillments/{id}/ship', { params: o, body: [] })).response.status).toBe(404);
    expect(
      (await other.GET('/fulfillments', { params: { ...h(theirs), query: { order_id: order.id } } })).data?.data
        .fulfillments,
    ).toEqual([]);
    const viaOrder = await other.POST('/fulfillments', {
      params: h(theirs),
      body: { ...shipping(order.id), delivery_method: 'pickup', pickup_location: { location_id: loc.id } },
    });
    expect(viaOrder.error?.meta.errors?.map((e) => e.path)).toEqual(['order_id', 'pickup_location.location_id']);
    expect((await other.GET('/fulfillments/{id}', { params: at(f.id) })).error?.meta.code).toBe(41204);
    expect((await client.GET('/fulfillments/{id}', { params: at(f.id) })).data?.data.status).toBe('pending');
  });
});

type Tracking = S['Tracking'];
const str = (n: number) => 'x'.repeat(n);
const withTracking =
  (over: Partial<Tracking>) =>
  (b: FulfillmentCreate): FulfillmentCreate => ({
    ...b,
    trackings: [{ tracking_number: 'T1', ship_date: '2024-07-02', ...over }],
  });
type Change = (b: FulfillmentCreate) => FulfillmentCreate;

describe('createFulfillment bounds', () => {
  let orderId = '';
  beforeAll(async () => {
    orderId = (
      await orderWithItems({
        items: Array.from({ length: 100 }, (_, i) => ({ source_id: `li-${i}`, quantity: 1000000 })),
      })
    ).id;
  });
  const accepted: Array<[string, Change]> = [
    [
      'line_items: 100 entries',
      (b) => ({ ...b, line_items: Array.from({ length: 100 }, (_, i) => ({ source_id: `li-${i}`, quantity: 1 })) }),
    ],
    ['line_items[0].quantity: 1', (b) => b],
    ['source_id: 32 characters', (b) => ({ ...b, source_id: (unique('s') + str(32)).slice(0, 32) })],
    [
      'trackings: 100 entries',
      (b) => ({
        ...b,
        trackings: Array.from({ length: 100 }, (_, i) => ({ tracking_number: `T${i}`, ship_date: '2024-07-02' })),
      }),
    ],
    ['trackings[0].tracking_number: 256 characters', withTracking({ tracking_number: str(256) })],
    ['trackings[0].slug: 256 characters', withTracking({ slug: str(256) })],
    ['trackings[0].service_type: 256 characters', withTracking({ service_type: str(256) })],
    ['trackings[0].next_couriers: 1 entry', withTracking({ next_couriers: [{ slug: 'usps', tracking_number: '1' }] })],
  ];
  const rejected: Array<[string, Change, string]> = [
    ['line_items: 0 entries', (b) => ({ ...b, line_items: [] }), 'line_items'],
    [
      'line_items: 101 entries',
      (b) => ({ ...b, line_items: Array.from({ length: 101 }, (_, i) => ({ source_id: `li-${i}`, quantity: 1 })) }),
      'line_items',
    ],
    [
      'line_items[0].quantity: 0',
      (b) => ({ ...b, line_items: [{ source_id: 'li-0', quantity: 0 }] }),
      'line_items[0].quantity',
    ],
    [
      'line_items[0].quantity: 1000001',
      (b) => ({ ...b, line_items: [{ source_id: 'li-0', quantity: 1000001 }] }),
      'line_items[0].quantity',
    ],
    ['source_id: 33 characters', (b) => ({ ...b, source_id: str(33) }), 'source_id'],
    ['order_id: 65 characters', (b) => ({ ...b, order_id: str(65) }), 'order_id'],
    ['status: not an allowed value', (b) => ({ ...b, status: 'delivered' as never }), 'status'],
    [
      'trackings: 101 entries',
      (b) => ({
        ...b,
        trackings: Array.from({ length: 101 }, (_, i) => ({ tracking_number: `T${i}`, ship_date: '2024-07-02' })),
      }),
      'trackings',
    ],
    [
      'trackings[0].tracking_number: 257 characters',
      withTracking({ tracking_number: str(257) }),
      'trackings[0].tracking_number',
    ],
    ['trackings[0].slug: 257 characters', withTracking({ slug: str(257) }), 'trackings[0].slug'],
    [
      'trackings[0].ship_date: a date-time',
      withTracking({ ship_date: '2024-07-02T10:00:00Z' }),
      'trackings[0].ship_date',
    ],
    [
      'trackings[0].next_couriers: 2 entries',
      withTracking({
        next_couriers: [
          { slug: 'a', tracking_number: '1' },
          { slug: 'b', tracking_number: '2' },
        ],
      }),
      'trackings[0].next_couriers',
    ],
    [
      'trackings[0].custom_fields (a later version)',
      withTracking({ custom_fields: {} } as never),
      'trackings[0].custom_fields',
    ],
  ];
  it.each(accepted)('accepts %s', async (_, change) => {
    const res = await client.POST('/fulfillments', {
      params: h(),
      body: change(shipping(orderId, { line_items: [{ source_id: 'li-0', quantity: 1 }] })),
    });
    expect(res.error).toBeUndefined();
    expect(res.response.status).toBe(201);
  });
  it.each(rejected)('rejects %s with 422/42200 at the field', async (_, change, path) => {
    const res = await client.POST('/fulfillments', {
      params: h(),
      body: change(shipping(orderId, { line_items: [{ source_id: 'li-0', quantity: 1 }] })),
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual([path]);
  });
  it('names every missing field of a create and of a status update (400/40001)', async () => {
    const res = await client.POST('/fulfillments', { params: h(), body: {} as never });
    expect(res.response.status).toBe(400);
    expect(res.error?.meta.errors?.map((e) => e.path).sort()).toEqual([
      'delivery_method',
      'line_items',
      'order_id',
      'status',
    ]);
    const f = await created(shipping(orderId, { line_items: [{ source_id: 'li-0', quantity: 1 }] }));
    const status = await client.POST('/fulfillments/{id}/update-status', {
      params: at(f.id),
      body: { status: 'processing' } as never,
    });
    expect(status.response.status).toBe(400);
    expect(status.error?.meta.errors).toEqual([{ path: 'occurred_at', info: 'Required.' }]);
  });
});
