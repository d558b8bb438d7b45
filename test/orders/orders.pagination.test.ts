import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app.js';
import { createStore, largeOrderBody, orderBody } from '../support/factories.js';

const t = await buildTestApp();
afterAll(() => t.close());
const { client, key } = await t.account();
let storeId = '';
const created: Array<{ id: string; created: number; updated: number }> = [];
const TOTAL = 47; // with limit 10: five pages, the last one partial

beforeAll(async () => {
  storeId = (await createStore(client)).id;
  for (let i = 0; i < TOTAL; i++) {
    // Ties on purpose (i % 7, i % 5) and offsets other than Z, so order depends on instants and ids.
    const created_at = new Date(Date.UTC(2024, 6, 1, i % 7)).toISOString().replace('Z', '+00:00');
    const updated = new Date(Date.UTC(2024, 6, 2, 12 + (i % 5)));
    const source_updated_at = i % 9 === 0 ? undefined : `${updated.toISOString().slice(0, 19)}+02:00`;
    const res = await client.POST('/orders', {
      params: { header: { 'svc-store-id': storeId } },
      body: orderBody({ source_created_at: created_at, source_updated_at }),
    });
    const o = res.data!.data;
    created.push({
      id: o.id,
      created: Date.parse(created_at),
      updated: source_updated_at ? Date.parse(source_updated_at) : Number.MIN_SAFE_INTEGER,
    });
  }
});

const sorts = ['-source_created_at', '+source_created_at', '-source_updated_at', '+source_updated_at'] as const;

describe('pagination', () => {
  it.each(sorts)(
    'walks every page with sort %s: no order repeated or skipped, in the documented order',
    async (sort) => {
      const seen: string[] = [];
      let page = 1;
      for (;;) {
        const res = await client.GET('/orders', {
          params: { header: { 'svc-store-id': storeId }, query: { sort, limit: 10, page } },
        });
        const data = res.data!.data;
        expect(data.pagination).toEqual({ page, limit: 10, has_next_page: page < 5 });
        expect(data.parameter_string).toBe(`page=${page}&limit=10&sort=${encodeURIComponent(sort)}`);
        seen.push(...data.orders.map((o) => o.id));
        if (!data.pagination.has_next_page) break;
        page++;
      }
      expect(page).toBe(5);
      expect(seen).toHaveLength(TOTAL);
      expect(new Set(seen).size).toBe(TOTAL);
      const key = sort.endsWith('created_at') ? 'created' : 'updated';
      const dir = sort.startsWith('-') ? -1 : 1;
      const expected = [...created]
        .sort((a, b) => dir * (a[key] - b[key] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
        .map((o) => o.id);
      expect(seen).toEqual(expected);
    },
  );

  it('has_next_page is false on an exactly full last page and the page after it is empty', async () => {
    const res = await client.GET('/orders', { params: { header: { 'svc-store-id': storeId }, query: { limit: 47 } } });
    expect(res.data?.data.pagination.has_next_page).toBe(false);
    const next = await client.GET('/orders', {
      params: { header: { 'svc-store-id': storeId }, query: { limit: 47, page: 2 } },
    });
    expect(next.data?.data.orders).toEqual([]);
    expect(next.data?.data.pagination.has_next_page).toBe(false);
  });
});

describe('a page of small and large orders together', () => {
  it('answers each order as GET /orders/{id} does, in order, whether its document came with the page or was read alone', async () => {
    const store = (await createStore(client)).id;
    const h = { params: { header: { 'svc-store-id': store } } };
    // Documents of 1 KB, ~40 KB (past the 16 KB a page's query brings), 1 KB, ~40 KB, 1 KB.
    const sizes = [0, 40, 0, 40, 0];
    const ids: string[] = [];
    for (const [i, kb] of sizes.entries()) {
      const body = kb
        ? { ...largeOrderBody(i, kb), source_created_at: `2024-07-0${i + 1}T00:00:00Z` }
        : orderBody({ source_created_at: `2024-07-0${i + 1}T00:00:00Z` });
      const res = await client.POST('/orders', { ...h, body: body as never });
      expect(res.response.status).toBe(201);
      ids.push(res.data!.data.id);
    }
    const page = await client.GET('/orders', {
      params: { header: { 'svc-store-id': store }, query: { limit: 50, sort: '+source_created_at' } },
    });
    expect(page.response.status).toBe(200);
    const orders = page.data!.data.orders;
    expect(orders.map((o) => o.id)).toEqual(ids);
    for (const [i, id] of ids.entries()) {
      const one = await client.GET('/orders/{id}', { params: { header: { 'svc-store-id': store }, path: { id } } });
      expect(orders[i]).toEqual(one.data!.data);
    }
    expect(JSON.stringify(orders[1]).length).toBeGreaterThan(16 * 1024);
  });
});

describe("a page's Content-Length", () => {
  it('is the UTF-8 length of what is sent, with characters of two, three and four bytes in the orders', async () => {
    const store = (await createStore(client)).id;
    const h = { params: { header: { 'svc-store-id': store } } };
    for (const number of ['Zoë Ünlü', '東京の店', 'a 🎉 party', 'plain']) {
      const res = await client.POST('/orders', { ...h, body: orderBody({ number }) });
      expect(res.response.status).toBe(201);
    }
    for (const query of ['?limit=10', '?limit=2&page=2', '?limit=10&sort=%2Bsource_created_at']) {
      const res = await t.raw(`/orders${query}`, { headers: { 'svc-store-id': store, 'svc-api-key': key.key } });
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      // PostgreSQL does not give the lengths, and the server counts the answer itself.
      const declared = res.headers.get('content-length');
      if (declared !== null) expect(Number(declared)).toBe(bytes.byteLength);
      expect(JSON.parse(bytes.toString('utf8')).data.orders.length).toBeGreaterThan(0);
    }
  });
});
