import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFetch, contractFor } from '../support/contract.js';
import { buildKeysHarness, type KeysHarness } from '../keys/support.js';

/**
 * Every operation of both services, answered with success and with errors: each answer says that
 * no cache may keep it (`Cache-Control: no-store`) and that it is not to be sniffed (`nosniff`).
 * (The contract check of every other test asserts the same on each answer it sees.)
 */
let h: KeysHarness;
let ordersKey: string;
let storeId: string;
beforeAll(async () => {
  h = await buildKeysHarness();
  ordersKey = (await h.account('headers')).key.key;
  const orders = contractFetch(h.root, contractFor('orders'));
  const store = await orders(`${h.origin}/commerce/2024-07/stores`, {
    method: 'POST',
    headers: { 'svc-api-key': ordersKey, 'content-type': 'application/json' },
    body: JSON.stringify({ source_id: 'headers', name: 'Headers', currency: 'EUR' }),
  });
  storeId = ((await store.json()) as { data: { id: string } }).data.id;
});
afterAll(() => h.close());

const expectApiHeaders = (res: Response) => {
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
};

const concrete = (path: string) => path.replaceAll(/\{[^}]+\}/g, 'none');

describe.each(['orders', 'keys'] as const)('%s service', (name) => {
  const contract = contractFor(name);
  const call = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    contractFetch(h.root, contract)(`${h.origin}${contract.basePath}${path}`, {
      method: method.toUpperCase(),
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
      ...(body !== undefined && { body }),
    });
  const credentials = (): Record<string, string> =>
    name === 'orders' ? { 'svc-api-key': ordersKey, 'svc-store-id': storeId } : { 'x-api-key': ordersKey };

  it.each(contractFor(name).operations())(
    '$operationId: without credentials, with them, with a bad body',
    async ({ method, path }) => {
      const hasBody = method === 'post' || method === 'patch';
      expectApiHeaders(await call(method, concrete(path), {}, hasBody ? '{}' : undefined));
      expectApiHeaders(await call(method, concrete(path), credentials(), hasBody ? '{}' : undefined));
      if (hasBody) expectApiHeaders(await call(method, concrete(path), credentials(), '{"unknown'));
    },
  );

  it('an unknown route under the base path', async () => {
    expectApiHeaders(await call('get', '/no-such-route', credentials()));
  });
});

it('a successful read and write of the order service', async () => {
  const orders = contractFetch(h.root, contractFor('orders'));
  const res = await orders(`${h.origin}/commerce/2024-07/stores/${storeId}`, { headers: { 'svc-api-key': ordersKey } });
  expect(res.status).toBe(200);
  expectApiHeaders(res);
});
