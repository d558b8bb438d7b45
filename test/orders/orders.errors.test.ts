import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFor, buildTestApp } from '../support/app.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { createStore, orderBody } from '../support/factories.js';

const t = await buildTestApp({ BODY_LIMIT_BYTES: 4096 });
afterAll(() => t.close());
const { client, key } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client)).id;
});
const headers = () => ({ 'svc-api-key': key.key, 'svc-store-id': storeId, 'content-type': 'application/json' });
const rowCount = () => t.count('orders');

describe('error envelope of the order service', () => {
  it('400/40000 for a body that is not JSON, and nothing is stored', async () => {
    const before = await rowCount();
    const res = await t.raw('/orders', { method: 'POST', headers: headers(), body: '{"source_id": ' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      meta: { code: 40000, type: 'BadRequest', message: 'The request body is not valid JSON.' },
      data: null,
    });
    expect(await rowCount()).toBe(before);
  });

  it('400/40001 naming every missing field (and every other problem)', async () => {
    const res = await t.raw('/orders', {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ number: 'x'.repeat(65), items: [{}] }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.meta.code).toBe(40001);
    expect(body.meta.type).toBe('MissingParameter');
    expect(body.meta.errors).toEqual(
      expect.arrayContaining([
        { path: 'source_id', info: 'Required.' },
        { path: 'currency', info: 'Required.' },
        { path: 'status', info: 'Required.' },
        { path: 'order_total', info: 'Required.' },
        { path: 'delivery_method', info: 'Required.' },
        { path: 'items[0].source_id', info: 'Required.' },
        { path: 'items[0].quantity', info: 'Required.' },
        { path: 'number', info: 'Must be at most 64 characters long.' },
      ]),
    );
    expect(body.meta.errors).toHaveLength(8);
  });

  it('lists problems of headers, query and body together', async () => {
    const res = await t.raw('/orders?limit=0&page=999&sort=up', {
      headers: { 'svc-api-key': key.key, 'svc-store-id': storeId },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).meta.errors.map((e: { path: string }) => e.path)).toEqual([
      'query.page',
      'query.limit',
      'query.sort',
    ]);
  });

  it('413/41300 for a body over the configured limit', async () => {
    const res = await t.raw('/orders', {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify(orderBody({ note: 'x'.repeat(5000) })),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).meta).toMatchObject({ code: 41300, type: 'PayloadTooLarge' });
  });

  it('415/41500 for a body that is not application/json', async () => {
    const res = await t.raw('/orders', {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'text/plain' },
      body: JSON.stringify(orderBody()),
    });
    expect(res.status).toBe(415);
    expect((await res.json()).meta).toMatchObject({ code: 41500, type: 'UnsupportedMediaType' });
  });

  it('412/41201 when svc-store-id is missing or empty, 412/41204 when the store does not exist', async () => {
    for (const value of [undefined, '', '   ']) {
      const res = await client.GET('/orders', {
        params: { header: value === undefined ? ({} as never) : { 'svc-store-id': value } },
      });
      expect(res.response.status).toBe(412);
      expect(res.error?.meta).toMatchObject({
        code: 41201,
        type: 'PreconditionFailed',
        errors: [{ path: 'header.svc-store-id', info: 'Required.' }],
      });
    }
    const res = await client.GET('/orders/{id}', {
      params: { header: { 'svc-store-id': 'sto_missing' }, path: { id: 'ord_x' } },
    });
    expect(res.response.status).toBe(412);
    expect(res.error?.meta).toEqual({
      code: 41204,
      type: 'PreconditionFailed',
      message: 'The store could not be found.',
    });
  });

  it('409/40900 for a source_id that already exists in the store; the first order is unchanged', async () => {
    const body = orderBody();
    const first = await client.POST('/orders', { params: { header: { 'svc-store-id': storeId } }, body });
    const again = await client.POST('/orders', {
      params: { header: { 'svc-store-id': storeId } },
      body: { ...body, number: '#other' },
    });
    expect(again.response.status).toBe(409);
    expect(again.error?.meta).toMatchObject({
      code: 40900,
      type: 'Conflict',
      errors: [{ path: 'source_id', info: 'Already exists.' }],
    });
    const got = await client.GET('/orders/{id}', {
      params: { header: { 'svc-store-id': storeId }, path: { id: first.data!.data.id } },
    });
    expect(got.data?.data.number).toBe(body.number);
  });

  it('concurrent creates (on SQLite one group commit): one 201 per source_id, 409 for the repeats, a bad one refused alone', async () => {
    const a = orderBody();
    const b = orderBody();
    const post = (body: ReturnType<typeof orderBody>) =>
      client.POST('/orders', { params: { header: { 'svc-store-id': storeId } }, body });
    // A location of another store passes validation and fails inside the insert's savepoint.
    const answers = await Promise.all([
      post(a),
      post(b),
      post(a),
      post({ ...orderBody(), pickup_location: { location_id: 'loc_elsewhere' } }),
      post(b),
    ]);
    const statuses = answers.map((r) => r.response.status);
    if (t.sqlite) {
      // One group commit takes them in the order they arrived: the first of each source_id wins.
      expect(statuses).toEqual([201, 201, 409, 422, 409]);
    } else {
      // On PostgreSQL each runs on its own connection: which of two concurrent creates commits
      // first is the server's race, so one of each pair wins and the other is 409.
      expect(statuses[3]).toBe(422);
      expect([statuses[0], statuses[2]].sort()).toEqual([201, 409]);
      expect([statuses[1], statuses[4]].sort()).toEqual([201, 409]);
    }
    // The stored order of each source_id is the one answered 201.
    const stored = await t.query<{ id: string; source_id: string }>(
      'SELECT id, source_id FROM orders WHERE store_id = $1 AND source_id IN ($2, $3)',
      [storeId, a.source_id, b.source_id],
    );
    const won = answers
      .filter((r) => r.response.status === 201)
      .map((r) => ({ id: r.data!.data.id, source_id: r.data!.data.source_id }));
    const byId = (x: { id: string }, y: { id: string }) => x.id.localeCompare(y.id);
    expect(stored.sort(byId)).toEqual(won.sort(byId));
    expect(stored.map((r) => r.source_id).sort()).toEqual([a.source_id, b.source_id].sort());
    // Nothing left open: SQLite's group commit has committed; every PostgreSQL connection is back in the pool.
    if (t.sqlite) expect(t.sqlite.inTransaction).toBe(false);
    else expect([t.pool!.totalCount - t.pool!.idleCount, t.pool!.waitingCount]).toEqual([0, 0]);
  });

  it('a shipping order may not carry pickup fields', async () => {
    const res = await client.POST('/orders', {
      params: { header: { 'svc-store-id': storeId } },
      body: orderBody({
        delivery_method: 'shipping',
        pickup_location: { location_id: 'loc_x' },
        pickup_info: { instructions: 'x' },
      }),
    });
    expect(res.response.status).toBe(422);
    expect(res.error?.meta.errors?.map((e) => e.path)).toEqual(['pickup_location', 'pickup_info']);
  });

  it('422/42200 for a path id over its documented 64 characters', async () => {
    const longId = await client.GET('/orders/{id}', {
      params: { header: { 'svc-store-id': storeId }, path: { id: 'o'.repeat(65) } },
    });
    expect(longId.response.status).toBe(422);
    expect(longId.error?.meta.errors).toEqual([{ path: 'path.id', info: 'Must be at most 64 characters long.' }]);
    const longStore = await client.GET('/stores/{id}', { params: { path: { id: 's'.repeat(65) } } });
    expect(longStore.response.status).toBe(422);
  });

  it.each([
    ['65 characters', 's'.repeat(65)],
    ['8,000 characters', 's'.repeat(8000)],
    ['characters no id has', 'sto_*?ü'],
  ])('412/41204 for a svc-store-id of %s: it names no store', async (_, value) => {
    const res = await client.GET('/locations/{id}', {
      params: { header: { 'svc-store-id': value }, path: { id: 'loc_1' } },
    });
    expect(res.response.status).toBe(412);
    expect(res.error?.meta).toMatchObject({ code: 41204, type: 'PreconditionFailed' });
    const list = await client.GET('/orders', { params: { header: { 'svc-store-id': value } } });
    expect([list.response.status, list.error?.meta.code]).toEqual([412, 41204]);
  });

  it('404/40400 for an unknown route and an unknown order', async () => {
    const route = await t.raw('/nothing-here', { headers: { 'svc-api-key': key.key } });
    expect(route.status).toBe(404);
    expect((await route.json()).meta).toMatchObject({ code: 40400, type: 'NotFound' });
    const order = await client.GET('/orders/{id}', {
      params: { header: { 'svc-store-id': storeId }, path: { id: 'ord_unknown' } },
    });
    expect(order.response.status).toBe(404);
    expect(order.error?.meta.code).toBe(40400);
  });

  it('500/50000 without the internal message when something unexpected fails', async () => {
    const app = appFor({
      storage: t.storage,
      clock: {
        now: () => {
          throw new Error('secret internal detail');
        },
      },
      config: t.config,
    });
    const res = await contractFetch(app, contractFor('orders'))('http://x/commerce/2024-07/stores', {
      headers: { 'svc-api-key': key.key },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual({
      meta: { code: 50000, type: 'InternalError', message: 'An internal error occurred.' },
      data: null,
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('echoes a well-formed x-request-id and replaces a malformed one', async () => {
    const mine = await t.raw('/stores', { headers: { 'svc-api-key': key.key, 'x-request-id': 'abc-123' } });
    expect(mine.headers.get('x-request-id')).toBe('abc-123');
    const bad = await t.raw('/stores', { headers: { 'svc-api-key': key.key, 'x-request-id': 'a b<script>' } });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
