import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app.js';
import { createOrder, createStore } from '../support/factories.js';

const t = await buildTestApp();
afterAll(() => t.close());
const { client, key } = await t.account();
let storeId = '';
const ids: string[] = [];
beforeAll(async () => {
  storeId = (await createStore(client)).id;
  for (const at of ['2024-07-01T10:00:00Z', '2024-07-02T10:00:00Z', '2024-07-03T10:00:00Z']) {
    ids.push((await createOrder(client, storeId, { source_created_at: at, source_id: `q-${at.slice(8, 10)}` })).id);
  }
});
const get = (query: string) =>
  t.raw(`/orders${query}`, { headers: { 'svc-api-key': key.key, 'svc-store-id': storeId } });

describe('listOrders query as the seed writes it', () => {
  it.each([
    ['+ written literally', '?sort=+source_created_at'],
    ['+ as %2B', '?sort=%2Bsource_created_at'],
  ])('sorts ascending with %s', async (_, query) => {
    const res = await get(query);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.orders.map((o: { id: string }) => o.id)).toEqual(ids);
    expect(body.data.parameter_string).toBe('page=1&limit=10&sort=%2Bsource_created_at');
  });

  it('sorts descending with -', async () => {
    const res = await get('?sort=-source_created_at');
    const body = await res.json();
    expect(body.data.orders.map((o: { id: string }) => o.id)).toEqual([...ids].reverse());
    expect(body.data.parameter_string).toBe('page=1&limit=10&sort=-source_created_at');
  });

  it.each([
    ['source_ids without the brackets', '?source_ids=q-01', 'query.source_ids'],
    ['an undeclared parameter', '?foo=1', 'query.foo'],
    ['an undeclared parameter beside valid ones', '?limit=5&foo=1', 'query.foo'],
    // Named as it is, not taken for the object's prototype.
    ['a parameter named __proto__', '?limit=5&__proto__=1', 'query.__proto__'],
  ])('refuses %s with 422 naming it', async (_, query, path) => {
    const res = await get(query);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.meta).toMatchObject({ code: 42200, errors: [{ path, info: 'Unknown parameter.' }] });
  });

  it('refuses a query parameter on an operation that declares none', async () => {
    const res = await t.raw(`/orders/${ids[0]}?expand=items`, {
      headers: { 'svc-api-key': key.key, 'svc-store-id': storeId },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).meta.errors).toEqual([{ path: 'query.expand', info: 'Unknown parameter.' }]);
  });

  it('lists every problem: an unknown parameter and a bound together', async () => {
    const res = await get('?limit=51&foo=1');
    expect(res.status).toBe(422);
    expect((await res.json()).meta.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      'query.foo',
      'query.limit',
    ]);
  });
});
