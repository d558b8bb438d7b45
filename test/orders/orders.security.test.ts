import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app.js';
import { createLocation, createOrder, createStore, orderBody } from '../support/factories.js';

const t = await buildTestApp();
afterAll(() => t.close());

describe('authentication', () => {
  it('401/40100 without a key, with an unknown key, and with a revoked key', async () => {
    const { key } = await t.account();
    const noKey = await t.raw('/stores');
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).meta).toEqual({
      code: 40100,
      type: 'Unauthorized',
      message: 'A valid svc-api-key header is required.',
    });
    const unknown = await t.raw('/stores', { headers: { 'svc-api-key': 'svc_not-a-real-key' } });
    expect(unknown.status).toBe(401);

    expect((await t.raw('/stores', { headers: { 'svc-api-key': key.key } })).status).toBe(200);
    expect(await t.repos.apiKeys.revoke(t.clock.now(), key.id)).toBe(true);
    t.clock.advance(1_001); // the key cache honours a revocation within one second
    const revoked = await t.raw('/stores', { headers: { 'svc-api-key': key.key } });
    expect(revoked.status).toBe(401);
    expect((await revoked.json()).meta.code).toBe(40100);
  });

  it('never stores the raw key', async () => {
    const { key } = await t.account();
    const rows = await t.query('select * from api_keys');
    expect(JSON.stringify(rows)).toContain(key.id);
    expect(JSON.stringify(rows)).not.toContain(key.key);
  });
});

describe("tenancy: another account's records do not exist for a caller", () => {
  it("another account's store is 412/41204 and its orders and locations are invisible", async () => {
    const alice = (await t.account('alice')).client;
    const mallory = (await t.account('mallory')).client;
    const store = await createStore(alice);
    const order = await createOrder(alice, store.id);
    const loc = await createLocation(alice, store.id);

    const asMallory = { header: { 'svc-store-id': store.id } };
    const get = await mallory.GET('/orders/{id}', { params: { ...asMallory, path: { id: order.id } } });
    expect(get.response.status).toBe(412);
    expect(get.error?.meta.code).toBe(41204);
    expect((await mallory.GET('/orders', { params: asMallory })).error?.meta.code).toBe(41204);
    expect((await mallory.POST('/orders', { params: asMallory, body: orderBody() })).error?.meta.code).toBe(41204);
    expect(
      (await mallory.GET('/locations/{id}', { params: { ...asMallory, path: { id: loc.id } } })).error?.meta.code,
    ).toBe(41204);
    const storeGet = await mallory.GET('/stores/{id}', { params: { path: { id: store.id } } });
    expect(storeGet.response.status).toBe(404);
    expect(
      (await mallory.PATCH('/stores/{id}', { params: { path: { id: store.id } }, body: { name: 'pwned' } })).response
        .status,
    ).toBe(404);
    expect((await mallory.GET('/stores')).data?.data.stores).toEqual([]);

    // Mallory's own store does not reach Alice's order or location either.
    const own = await createStore(mallory);
    const cross = await mallory.GET('/orders/{id}', {
      params: { header: { 'svc-store-id': own.id }, path: { id: order.id } },
    });
    expect(cross.response.status).toBe(404);
    expect(cross.error?.meta.code).toBe(40400);
    const patch = await mallory.PATCH('/orders/{id}', {
      params: { header: { 'svc-store-id': own.id }, path: { id: order.id } },
      body: { note: 'x' },
    });
    expect(patch.response.status).toBe(404);
    const locCross = await mallory.GET('/locations/{id}', {
      params: { header: { 'svc-store-id': own.id }, path: { id: loc.id } },
    });
    expect(locCross.response.status).toBe(404);
    const pickup = await mallory.POST('/orders', {
      params: { header: { 'svc-store-id': own.id } },
      body: orderBody({ delivery_method: 'pickup', pickup_location: { location_id: loc.id } }),
    });
    expect(pickup.response.status).toBe(422);

    const still = await alice.GET('/orders/{id}', {
      params: { header: { 'svc-store-id': store.id }, path: { id: order.id } },
    });
    expect(still.data?.data).toEqual(order);
  });
});

describe('rate limiting', () => {
  it('answers 429/42900 with retry-after and ratelimit-* once the bucket is empty, and recovers', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_SECOND: 2, RATE_LIMIT_BURST: 3 });
    const { key } = await limited.account();
    const call = () => limited.raw('/stores', { headers: { 'svc-api-key': key.key } });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const res = await call();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('ratelimit-limit')).toBe('2');
    expect(res.headers.get('ratelimit-remaining')).toBe('0');
    // A Unix timestamp (the test clock starts at 2024-07-01T08:00:00Z): one token is back within a second.
    expect(res.headers.get('ratelimit-reset')).toBe(String(Date.parse('2024-07-01T08:00:01Z') / 1000));
    expect((await res.json()).meta).toMatchObject({ code: 42900, type: 'TooManyRequests' });
    limited.clock.advance(1_000);
    const after = await call();
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit-remaining')).toBe('1');
    await limited.close();
  });

  it("answers a safe retry's replay with the retry's own ratelimit-* and x-request-id, each once", async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_SECOND: 2, RATE_LIMIT_BURST: 5 });
    const { key, client } = await limited.account();
    const store = await createStore(client);
    const body = JSON.stringify(orderBody());
    const create = (requestId: string) =>
      limited.raw('/orders', {
        method: 'POST',
        headers: {
          'svc-api-key': key.key,
          'svc-store-id': store.id,
          'idempotency-key': 'replay-with-limits',
          'content-type': 'application/json',
          'x-request-id': requestId,
        },
        body,
      });
    const first = await create('first-try');
    expect(first.status).toBe(201);
    expect(first.headers.get('ratelimit-remaining')).toBe('3');
    const again = await create('second-try');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // Headers.get joins a header sent twice with ", ", so these also show each was sent once.
    expect(again.headers.get('ratelimit-remaining')).toBe('2');
    expect(again.headers.get('ratelimit-limit')).toBe('2');
    expect(again.headers.get('x-request-id')).toBe('second-try');
    expect(again.headers.get('content-type')).toBe('application/json');
    expect(await again.json()).toEqual(await first.json());
    await limited.close();
  });
});
