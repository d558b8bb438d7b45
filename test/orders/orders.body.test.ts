import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app.js';
import { createStore, orderBody } from '../support/factories.js';

const t = await buildTestApp();
afterAll(() => t.close());
const { client, key } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client)).id;
});
const rowCount = () => t.count('orders');

describe('request bodies as bytes', () => {
  it('400/40000 for bytes that are not UTF-8, even inside an otherwise valid order (nothing stored)', async () => {
    const before = await rowCount();
    const json = JSON.stringify(orderBody({ note: 'NOTE' }));
    const [head, tail] = json.split('NOTE');
    for (const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80]]) {
      const body = Buffer.concat([Buffer.from(head), Buffer.from(bad), Buffer.from(tail)]);
      const res = await t.raw('/orders', {
        method: 'POST',
        headers: { 'svc-api-key': key.key, 'svc-store-id': storeId, 'content-type': 'application/json' },
        body,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).meta.code).toBe(40000);
    }
    expect(await rowCount()).toBe(before);
  });

  it('accepts UTF-8 text, U+FFFD sent as such included', async () => {
    const res = await client.POST('/orders', {
      params: { header: { 'svc-store-id': storeId } },
      body: orderBody({ note: 'Grüße \uFFFD 🎉' }),
    });
    expect(res.response.status).toBe(201);
    expect(res.data?.data.note).toBe('Grüße \uFFFD 🎉');
  });
});
