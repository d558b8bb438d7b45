import { afterAll, describe, expect, it } from 'vitest';
import { ordersOperations } from '../../generated/orders/operations.js';
import { buildTestApp } from '../support/app.js';
import { createStore } from '../support/factories.js';

/**
 * The checks every operation of the order service passes, one suite per entry of its operation
 * table (so a new operation is covered the day it is added): authentication, the store header,
 * unknown ids, the body's media type and JSON, each answer in the envelope and checked against the
 * YAML by the test app's client.
 */
const t = await buildTestApp();
afterAll(() => t.close());
const alice = await t.account('alice');
const mallory = await t.account('mallory');
const aliceStore = await createStore(alice.client);
const malloryStore = await createStore(mallory.client);

const operations = Object.values(ordersOperations).map(({ route }) => {
  const headers = route.request && 'headers' in route.request ? Object.keys(route.request.headers.shape) : [];
  return {
    id: route.operationId,
    method: route.method.toUpperCase(),
    path: route.path,
    inStore: headers.includes('svc-store-id'),
    hasBody: route.request !== undefined && 'body' in route.request,
    hasId: route.path.includes('{'),
  };
});
type Op = (typeof operations)[number];

async function call(op: Op, headers: Record<string, string>, body?: string) {
  const path = op.path.replaceAll(/\{[^}]+\}/g, 'xyz_no_such_id');
  const init: RequestInit = { method: op.method, headers: { 'content-type': 'application/json', ...headers } };
  if (op.hasBody) init.body = body ?? '{}';
  const res = await t.raw(path, init);
  const json = (await res.json()) as { meta: { code: number; type: string }; data: unknown };
  return { status: res.status, code: json.meta.code, requestId: res.headers.get('x-request-id') };
}

it('the table holds every operation of the YAML (the type check makes sure of it)', () => {
  expect(operations.length).toBeGreaterThan(0);
  expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
});

describe.each(operations)('$method $path ($id)', (op) => {
  const store: Record<string, string> = op.inStore ? { 'svc-store-id': aliceStore.id } : {};

  it.runIf(op.method === 'POST')('takes idempotency-key: one out of bounds is named in meta.errors', async () => {
    const headers = { ...store, 'svc-api-key': alice.key.key, 'idempotency-key': 'k'.repeat(256) };
    const res = await t.raw(op.path.replaceAll(/\{[^}]+\}/g, 'xyz_no_such_id'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
    const json = (await res.json()) as { meta: { errors?: unknown[] } };
    expect(json.meta.errors).toContainEqual({
      path: 'header.idempotency-key',
      info: 'Must be at most 255 characters long.',
    });
  });

  it('401/40100 without svc-api-key, with an unknown key', async () => {
    expect(await call(op, store)).toMatchObject({ status: 401, code: 40100 });
    expect(await call(op, { ...store, 'svc-api-key': 'svc_unknown' })).toMatchObject({ status: 401, code: 40100 });
  });

  it.runIf(op.inStore)("412/41201 without svc-store-id; 412/41204 for another account's store", async () => {
    expect(await call(op, { 'svc-api-key': alice.key.key })).toMatchObject({ status: 412, code: 41201 });
    const other = await call(op, { 'svc-api-key': alice.key.key, 'svc-store-id': malloryStore.id });
    expect(other).toMatchObject({ status: 412, code: 41204 });
  });

  it.runIf(op.hasId && op.method === 'GET')("404/40400 for an id that names nothing of the caller's", async () => {
    expect(await call(op, { ...store, 'svc-api-key': alice.key.key })).toMatchObject({ status: 404, code: 40400 });
  });

  it.runIf(op.hasBody)(
    '415/41500 for a body that is not JSON by its media type; 400/40000 for broken JSON',
    async () => {
      const auth = { ...store, 'svc-api-key': alice.key.key };
      expect(await call(op, { ...auth, 'content-type': 'text/plain' })).toMatchObject({ status: 415, code: 41500 });
      expect(await call(op, auth, '{"a":')).toMatchObject({ status: 400, code: 40000 });
    },
  );

  it('every answer carries a request id', async () => {
    expect((await call(op, store)).requestId).toMatch(/./);
  });
});
