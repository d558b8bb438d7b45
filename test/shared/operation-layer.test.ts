import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { appFor } from '../support/app.js';
import { DEFAULT_DEV_USERS } from '../../src/keys/oidc/dev-users.js';
import { manualClock } from '../../src/shared/clock.js';
import { loadTestSealed, tempDir } from '../keys/support.js';
import { buildTestApp } from '../support/app.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { openTestDatabase } from '../support/database.js';
import { createStore, orderBody } from '../support/factories.js';

/**
 * Both services on one createApp (on the run's engine), with its request log written to `lines`;
 * `request` checks each answer against the YAML of the service its path names.
 */
async function bothServices() {
  const lines: Array<{ requestId?: string; method?: string; path?: string; status?: number }> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
      done();
    },
  });
  const database = await openTestDatabase();
  const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
  const sealedRoot = { file: path.join(tempDir(), 'root.sealed.json'), development: true, allowCreate: false };
  const sealed = await loadTestSealed(database.storage, sealedRoot);
  const keysConfig = {
    publicUrl: 'http://service.test',
    basePath: '/keygen',
    allowHttpReturnUrl: false,
    providers: {},
    devProvider: { users: DEFAULT_DEV_USERS },
    sealedRoot,
  };
  const app = appFor({
    storage: database.storage,
    clock,
    config: { LOG_LEVEL: 'info' },
    logger: pino({ level: 'info' }, stream),
    keys: { config: keysConfig, sealed },
  });
  const key = await database.storage.repos.apiKeys.create(clock.now(), { name: 'layer' });
  const checked = { orders: contractFetch(app, contractFor('orders')), keys: contractFetch(app, contractFor('keys')) };
  const request = (pathAndQuery: string, init?: RequestInit) =>
    checked[pathAndQuery.startsWith('/keygen/') ? 'keys' : 'orders'](`http://service.test${pathAndQuery}`, init);
  return { request, lines, key, close: database.close };
}

describe('the root app’s middleware (app.use in createApp)', async () => {
  const s = await bothServices();
  // The request log's lines; a library's warning (oidc-provider's on some runtimes) may stand beside them.
  const accessLines = () => s.lines.filter((l) => l.method !== undefined);
  afterAll(() => s.close());

  it('runs for an order request and a key request: one request id and one log line each', async () => {
    const orders = await s.request('/commerce/2024-07/stores', {
      headers: { 'svc-api-key': s.key.key, 'x-request-id': 'order-req-1' },
    });
    const keys = await s.request('/keygen/keys', {
      method: 'POST',
      headers: { 'x-api-key': s.key.key, 'content-type': 'application/json', 'x-request-id': 'key-req-1' },
      body: JSON.stringify({ userSecretProvider: 'dev' }),
    });
    expect([orders.status, keys.status]).toEqual([200, 200]);
    expect([orders.headers.get('x-request-id'), keys.headers.get('x-request-id')]).toEqual([
      'order-req-1',
      'key-req-1',
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(accessLines().map((l) => [l.requestId, l.method, l.path, l.status])).toEqual([
      ['order-req-1', 'GET', '/commerce/2024-07/stores', 200],
      ['key-req-1', 'POST', '/keygen/keys', 200],
    ]);
  });

  it('runs for errors of both services and for unknown routes under either base path', async () => {
    s.lines.length = 0;
    const answers = await Promise.all([
      s.request('/commerce/2024-07/orders', { headers: { 'x-request-id': 'o-401' } }),
      s.request('/keygen/keys', { method: 'POST', headers: { 'x-request-id': 'k-400' } }),
      s.request('/commerce/2024-07/nothing', { headers: { 'x-request-id': 'o-404' } }),
      s.request('/keygen/nothing', { headers: { 'x-request-id': 'k-404' } }),
    ]);
    expect(answers.map((r) => [r.status, r.headers.get('x-request-id')])).toEqual([
      [401, 'o-401'],
      [400, 'k-400'],
      [404, 'o-404'],
      [404, 'k-404'],
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(
      accessLines()
        .map((l) => [l.requestId, l.status])
        .sort(),
    ).toEqual([
      ['k-400', 400],
      ['k-404', 404],
      ['o-401', 401],
      ['o-404', 404],
    ]);
  });
});

describe('a request with problems in several parts', async () => {
  const t = await buildTestApp();
  afterAll(() => t.close());
  const { client, key } = await t.account();

  it('POST /orders?foo=1 with an invalid body: the unknown query parameter and every body problem, in one answer', async () => {
    const store = await createStore(client);
    const count = () => t.count('orders');
    const before = await count();
    const body = { ...orderBody(), currency: 'EURO', items: [{ ...orderBody().items[0], quantity: 0 }] };
    const res = await t.raw('/orders?foo=1', {
      method: 'POST',
      headers: { 'svc-api-key': key.key, 'svc-store-id': store.id, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(422);
    const { meta } = (await res.json()) as { meta: { code: number; errors: Array<{ path: string; info: string }> } };
    expect(meta.code).toBe(42200);
    expect(meta.errors).toEqual([
      { path: 'query.foo', info: 'Unknown parameter.' },
      { path: 'currency', info: expect.stringMatching(/^Must /) },
      { path: 'items[0].quantity', info: 'Must be at least 1.' },
    ]);
    expect(await count()).toBe(before);
  });

  it('a missing body field with an unknown query parameter: 40001 naming both', async () => {
    const store = await createStore(client, { source_id: 'multi-2' });
    const { source_id: _gone, ...body } = orderBody();
    const res = await t.raw('/orders?foo=1', {
      method: 'POST',
      headers: { 'svc-api-key': key.key, 'svc-store-id': store.id, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    const { meta } = (await res.json()) as { meta: { code: number; errors: Array<{ path: string; info: string }> } };
    expect(meta.code).toBe(40001);
    expect(meta.errors).toEqual([
      { path: 'query.foo', info: 'Unknown parameter.' },
      { path: 'source_id', info: 'Required.' },
    ]);
  });
});
