import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFetch, contractFor } from '../support/contract.js';
import { testEngine } from '../support/database.js';
import { buildKeysHarness, initKey, type KeysHarness } from '../keys/support.js';

/**
 * Strings that no database can hold as sent (U+0000; a lone UTF-16 surrogate, which both engines
 * would store as U+FFFD): the same refusal on both engines and in both services, naming where;
 * nothing stored. A path identifier holding U+0000 names nothing: 404 like any unknown id.
 */
const INFO = 'Must not contain U+0000 or an unpaired surrogate.';
let h: KeysHarness;
let apiKey: string;
let storeId: string;
const orders = (path: string, init: RequestInit = {}, headers: Record<string, string> = {}) =>
  contractFetch(h.root, contractFor('orders'))(`${h.origin}/commerce/2024-07${path}`, {
    ...init,
    headers: {
      'svc-api-key': apiKey,
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
      ...headers,
    },
  });
const inStore = { 'svc-store-id': '' };

beforeAll(async () => {
  h = await buildKeysHarness();
  apiKey = (await h.account('unstorable')).key.key;
  const store = await orders('/stores', {
    method: 'POST',
    body: JSON.stringify({ source_id: 'shop', name: 'Shop', currency: 'EUR' }),
  });
  storeId = ((await store.json()) as { data: { id: string } }).data.id;
  inStore['svc-store-id'] = storeId;
});
afterAll(() => h.close());

describe(`order service (${testEngine})`, () => {
  it.each([
    ['U+0000', 'shop\u0000two'],
    ['a lone high surrogate', 'shop\ud800'],
    ['a lone low surrogate', '\udc00shop'],
    ['a low surrogate before a high one', '\udc00\ud800'],
  ])('a body string with %s: 422 naming the field, nothing stored', async (_what, value) => {
    const res = await orders('/stores', {
      method: 'POST',
      body: JSON.stringify({ source_id: value, name: `x${value}`, currency: 'EUR' }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      meta: {
        code: 42200,
        type: 'UnprocessableEntity',
        message: 'The request is invalid.',
        errors: [
          { path: 'source_id', info: INFO },
          { path: 'name', info: INFO },
        ],
      },
      data: null,
    });
  });

  it('two source_ids that differ only in their lone surrogates do not collide: both refused, none stored', async () => {
    for (const source_id of ['twin\ud800', 'twin\ud801']) {
      expect(
        (
          await orders('/stores', {
            method: 'POST',
            body: JSON.stringify({ source_id, name: 'Twin', currency: 'EUR' }),
          })
        ).status,
      ).toBe(422);
    }
    const list = (await (await orders('/stores?limit=50')).json()) as {
      data: { stores: Array<{ source_id: string }> };
    };
    expect(list.data.stores.map((s) => s.source_id)).toEqual(['shop']);
  });

  it('a well-formed pair (an emoji) and other control characters are stored and answered as sent', async () => {
    const res = await orders('/stores', {
      method: 'POST',
      body: JSON.stringify({ source_id: 'emoji-\ud83d\ude00', name: 'Tab\there \u0001', currency: 'EUR' }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string; source_id: string; name: string } };
    expect(data).toMatchObject({ source_id: 'emoji-😀', name: 'Tab\there \u0001' });
    const read = (await (await orders(`/stores/${data.id}`)).json()) as { data: { source_id: string; name: string } };
    expect(read.data).toMatchObject({ source_id: 'emoji-😀', name: 'Tab\there \u0001' });
  });

  it('a nested string (an item of an order): its JSON path', async () => {
    const res = await orders(
      '/orders',
      { method: 'POST', body: JSON.stringify({ items: [{ sku: 'a\u0000' }], note: '\ud800' }) },
      inStore,
    );
    expect(res.status).toBe(400); // required fields are missing too; every problem is listed
    const { meta } = (await res.json()) as { meta: { errors: Array<{ path: string; info: string }> } };
    expect(meta.errors).toEqual(
      expect.arrayContaining([
        { path: 'items[0].sku', info: INFO },
        { path: 'note', info: INFO },
      ]),
    );
  });

  it('a query value with U+0000: 422 naming the parameter', async () => {
    const res = await orders('/orders?source_ids[]=a%00b', {}, inStore);
    expect(res.status).toBe(422);
    const { meta } = (await res.json()) as { meta: { errors: Array<{ path: string; info: string }> } };
    expect(meta.errors).toEqual([{ path: 'query.source_ids[]', info: INFO }]);
  });

  it.each(['/stores/sto%00', '/locations/loc_%00x', '/orders/%00'])(
    'a path id with U+0000 names nothing: GET %s is 404',
    async (path) => {
      const res = await orders(path, {}, inStore);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { meta: { code: number } }).meta.code).toBe(40400);
    },
  );

  it('PATCH of an order whose id holds U+0000, with a valid body: 404', async () => {
    const res = await orders('/orders/ord%00', { method: 'PATCH', body: JSON.stringify({ note: 'n' }) }, inStore);
    expect(res.status).toBe(404);
  });
});

describe(`key service (${testEngine})`, () => {
  it('a keyId with U+0000 names no key: 404, for the exchange and for a transaction', async () => {
    const { client } = await h.account('keys-unstorable');
    for (const keyId of ['key_\u0000', '\u0000']) {
      const res = await client.GET('/keys/{keyId}', { params: { path: { keyId }, query: { keyToken: 'kt_x' } } });
      expect(res.response.status).toBe(404);
      expect(res.error).toEqual({
        error: {
          code: 'not_found',
          parameter: 'keyId',
          in: 'path',
          reason: 'not_found',
          message: 'No key with this keyId.',
          issues: [{ parameter: 'keyId', in: 'path', reason: 'not_found', message: 'No key with this keyId.' }],
        },
      });
    }
    const key = await initKey(client);
    const transaction = await client.POST('/keys/{keyId}/transactions/generate', {
      params: { path: { keyId: `${key.id}\u0000` } },
      body: { clientSecret: key.clientSecret, clientReturnUrl: 'http://127.0.0.1:9/return' },
    });
    expect(transaction.response.status).toBe(404);
  });

  it('a body string or a query value with U+0000 or a lone surrogate: 400 naming the parameter', async () => {
    const { client } = await h.account('keys-unstorable-2');
    const key = await initKey(client);
    for (const clientSecret of [`${key.clientSecret}\u0000`, `${key.clientSecret}\ud800`]) {
      const res = await client.POST('/keys/{keyId}/transactions/generate', {
        params: { path: { keyId: key.id } },
        body: { clientSecret, clientReturnUrl: 'http://127.0.0.1:9/return' },
      });
      expect(res.response.status).toBe(400);
      expect(res.error?.error).toMatchObject({
        code: 'bad_request',
        parameter: 'clientSecret',
        in: 'body',
        reason: 'invalid',
        message: `clientSecret is invalid: ${INFO}`,
      });
    }
    const exchange = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: 'kt_\u0000' } },
    });
    expect(exchange.response.status).toBe(400);
    expect(exchange.error?.error).toMatchObject({ parameter: 'keyToken', in: 'query', reason: 'invalid' });
  });
});
