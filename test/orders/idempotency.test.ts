import { afterAll, describe, expect, it } from 'vitest';
import { createOrdersClient } from '../../packages/client/src/index.js';
import { manualClock } from '../../src/shared/clock.js';
import type { IdempotencyRepository } from '../../src/shared/idempotency/repository.js';
import type { Storage } from '../../src/storage.js';
import { appFor, ORIGIN } from '../support/app.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { keptTestDatabase, openTestDatabase, type KeptDatabase, type TestDatabase } from '../support/database.js';
import { createStore, locationBody, orderBody, storeBody } from '../support/factories.js';

const DAY = 24 * 60 * 60 * 1000;
const orders = contractFor('orders');

/**
 * The order service on the run's engine, with a gate before an answer is stored: while the gate
 * is shut, a request that did its work stays "in flight", as a slow one would.
 */
async function gatedApp(database: TestDatabase, clock = manualClock(new Date('2024-07-01T08:00:00.000Z'))) {
  let gate: Promise<void> = Promise.resolve();
  const records = database.storage.repos.idempotency;
  const calls = { claim: 0 };
  const idempotency: IdempotencyRepository = {
    ...records,
    claim: (...args) => {
      calls.claim++;
      return records.claim(...args);
    },
    complete: async (...args) => {
      await gate;
      return records.complete(...args);
    },
  };
  const storage: Storage = { ...database.storage, repos: { ...database.storage.repos, idempotency } };
  const app = appFor({ storage, clock });
  const fetch = contractFetch(app, orders);
  const account = async (name = 'retries') => {
    const key = await storage.repos.apiKeys.create(clock.now(), { name });
    return { key, client: createOrdersClient({ origin: ORIGIN, apiKey: key.key, fetch }) };
  };
  /** Shuts the gate until the returned function is called. */
  const shut = () => {
    let open!: () => void;
    gate = new Promise<void>((resolve) => (open = resolve));
    return () => {
      gate = Promise.resolve();
      open();
    };
  };
  return { app, clock, account, shut, fetch, calls };
}

const database = await openTestDatabase();
afterAll(() => database.close());
const t = await gatedApp(database);
const { client, key: apiKey } = await t.account();
const storeId = (await createStore(client)).id;
const inStore = (key?: string, store = storeId) => ({
  header: { 'svc-store-id': store, ...(key !== undefined && { 'idempotency-key': key }) },
});
const countOrders = async (sourceId: string) => database.count('orders WHERE source_id = $1', [sourceId]);
let n = 0;
const newKey = () => `retry-${process.pid}-${++n}`;

describe('idempotency-key on POST /orders', () => {
  it('answers a retry with the first answer, marked idempotent-replayed, without creating a second order', async () => {
    const key = newKey();
    const body = orderBody();
    const first = await client.POST('/orders', { params: inStore(key), body });
    expect(first.response.status).toBe(201);
    expect(first.response.headers.get('idempotent-replayed')).toBeNull();
    t.clock.advance(1000);
    const again = await client.POST('/orders', { params: inStore(key), body });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.response.headers.get('content-type')).toBe('application/json');
    expect(again.response.headers.get('cache-control')).toBe('no-store');
    expect(again.response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.response.headers.get('x-request-id')).not.toBe(first.response.headers.get('x-request-id'));
    expect(again.data).toEqual(first.data);
    expect(await countOrders(body.source_id)).toBe(1);
  });

  it('takes the same body with its properties in another order and other white space as the same request', async () => {
    const key = newKey();
    const body = orderBody();
    const first = await client.POST('/orders', { params: inStore(key), body });
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await t.fetch(`${ORIGIN}${orders.basePath}/orders`, {
      method: 'POST',
      headers: {
        'svc-api-key': apiKey.key,
        'svc-store-id': storeId,
        'idempotency-key': key,
        'content-type': 'application/json',
      },
      body: JSON.stringify(reordered, null, 2),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(first.data);
  });

  it('refuses the same key with another body, or in another store, with 422 naming header.idempotency-key, and creates nothing', async () => {
    const key = newKey();
    const body = orderBody();
    expect((await client.POST('/orders', { params: inStore(key), body })).response.status).toBe(201);
    const other = orderBody();
    const otherStore = (await createStore(client)).id;
    for (const attempt of [
      await client.POST('/orders', { params: inStore(key), body: other }),
      await client.POST('/orders', { params: inStore(key, otherStore), body }),
    ]) {
      expect(attempt.response.status).toBe(422);
      expect(attempt.error?.meta).toEqual({
        code: 42200,
        type: 'UnprocessableEntity',
        message: 'This idempotency-key was used with a different request; send a new key for a new request.',
        errors: [
          {
            path: 'header.idempotency-key',
            info: 'Already used with another request (method, path, svc-store-id or body).',
          },
        ],
      });
    }
    expect(await countOrders(other.source_id)).toBe(0);
    expect(await database.count('orders WHERE store_id = $1', [otherStore])).toBe(0);
  });

  it('answers a retry while the first request is still being done with 409 saying so, then the first answer', async () => {
    const key = newKey();
    const body = orderBody();
    const open = t.shut();
    const first = client.POST('/orders', { params: inStore(key), body });
    // The first request has made its order and waits to store its answer.
    await expect.poll(() => countOrders(body.source_id)).toBe(1);
    const during = await client.POST('/orders', { params: inStore(key), body });
    expect(during.response.status).toBe(409);
    expect(during.error?.meta).toEqual({
      code: 40900,
      type: 'Conflict',
      message:
        'A request with this idempotency-key is still being processed; retry it once that request has been answered.',
      errors: [{ path: 'header.idempotency-key', info: 'Still in progress.' }],
    });
    open();
    expect((await first).response.status).toBe(201);
    const after = await client.POST('/orders', { params: inStore(key), body });
    expect(after.response.headers.get('idempotent-replayed')).toBe('true');
    expect(after.data).toEqual((await first).data);
    expect(await countOrders(body.source_id)).toBe(1);
  });

  it('keeps keys apart by API key: another account, or another API key of the same account, gets its own answer', async () => {
    const key = newKey();
    const body = orderBody();
    const mine = await client.POST('/orders', { params: inStore(key), body });
    expect(mine.response.status).toBe(201);

    const stranger = await t.account('stranger');
    const theirStore = (await createStore(stranger.client)).id;
    const theirs = await stranger.client.POST('/orders', { params: inStore(key, theirStore), body });
    expect(theirs.response.status).toBe(201);
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.data!.data.id).not.toBe(mine.data!.data.id);

    // Same account, another API key: the request is done (and meets the order the first key made).
    const second = await database.storage.repos.apiKeys.create(t.clock.now(), {
      name: 'second',
      accountId: apiKey.accountId,
    });
    const colleague = createOrdersClient({ origin: ORIGIN, apiKey: second.key, fetch: t.fetch });
    const again = await colleague.POST('/orders', { params: inStore(key), body });
    expect(again.response.status).toBe(409);
    expect(again.error?.meta.errors).toEqual([{ path: 'source_id', info: 'Already exists.' }]);
    expect(again.response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps only successes: a 409 for a source_id that exists frees the key for the next request', async () => {
    const body = orderBody();
    expect((await client.POST('/orders', { params: inStore(), body })).response.status).toBe(201);
    const key = newKey();
    const conflict = await client.POST('/orders', { params: inStore(key), body });
    expect(conflict.error?.meta.errors).toEqual([{ path: 'source_id', info: 'Already exists.' }]);
    // Done again, not replayed; then the key serves another request.
    const again = await client.POST('/orders', { params: inStore(key), body });
    expect(again.response.status).toBe(409);
    expect(again.response.headers.get('idempotent-replayed')).toBeNull();
    const fresh = await client.POST('/orders', { params: inStore(key), body: orderBody() });
    expect(fresh.response.status).toBe(201);
  });

  it('refuses a malformed key with 422 and header.idempotency-key, like any header out of bounds, and keeps nothing', async () => {
    const before = await database.count('idempotency_records');
    const cases: Array<[string, string]> = [
      ['', 'Must not be empty.'],
      ['k'.repeat(256), 'Must be at most 255 characters long.'],
      ['tab\tinside', 'Must match the pattern ^[ -~]*$.'],
      ['caf\u00e9', 'Must match the pattern ^[ -~]*$.'],
      ['bell\u0007', 'Must match the pattern ^[ -~]*$.'],
    ];
    for (const [key, info] of cases) {
      const body = orderBody();
      const res = await client.POST('/orders', { params: inStore(key), body });
      expect(res.response.status, JSON.stringify(key)).toBe(422);
      expect(res.error?.meta.errors).toEqual([{ path: 'header.idempotency-key', info }]);
      expect(await countOrders(body.source_id)).toBe(0);
    }
    expect(await database.count('idempotency_records')).toBe(before);
    // At the bounds: one character, 255 characters, every printable character.
    for (const key of [
      'k',
      `${newKey()}-${'k'.repeat(200)}`.slice(0, 255),
      ` !"#$%&'()*+,-./09:;<=>?@AZ[\\]^_\`az{|}~${newKey()}`,
    ]) {
      const res = await client.POST('/orders', { params: inStore(key), body: orderBody() });
      expect(res.response.status, key).toBe(201);
    }
  });

  it('makes every POST safe to retry: stores and locations too', async () => {
    const storeKey = newKey();
    const store = storeBody();
    const first = await client.POST('/stores', { params: { header: { 'idempotency-key': storeKey } }, body: store });
    const again = await client.POST('/stores', { params: { header: { 'idempotency-key': storeKey } }, body: store });
    expect([first.response.status, again.response.status, again.response.headers.get('idempotent-replayed')]).toEqual([
      201,
      201,
      'true',
    ]);
    expect(again.data).toEqual(first.data);

    const locationKey = newKey();
    const location = locationBody();
    const made = await client.POST('/locations', { params: inStore(locationKey), body: location });
    const retried = await client.POST('/locations', { params: inStore(locationKey), body: location });
    expect([
      made.response.status,
      retried.response.status,
      retried.response.headers.get('idempotent-replayed'),
    ]).toEqual([201, 201, 'true']);
    expect(retried.data).toEqual(made.data);
    expect(await database.count('locations WHERE store_id = $1', [storeId])).toBe(1);
  });

  it('asks nothing of the records, and keeps nothing, for a request without the header', async () => {
    const before = await database.count('idempotency_records');
    const claims = t.calls.claim;
    expect((await client.POST('/orders', { params: inStore(), body: orderBody() })).response.status).toBe(201);
    expect((await client.POST('/stores', { body: storeBody() })).response.status).toBe(201);
    expect(t.calls.claim).toBe(claims);
    expect(await database.count('idempotency_records')).toBe(before);
  });

  it('frees a key 24 hours after its first request, and the sweep removes it', async () => {
    const key = newKey();
    const body = orderBody();
    expect((await client.POST('/orders', { params: inStore(key), body })).response.status).toBe(201);
    // Time by one clock: on SQLite the process's (injected), on PostgreSQL the database's, so there
    // the record is made a day older instead.
    const age = async (ms: number) => {
      if (database.engine === 'sqlite') t.clock.advance(ms);
      else
        await database.query(
          'UPDATE idempotency_records SET expires_at = expires_at - $1, lease_until = lease_until - $1',
          [ms],
        );
    };
    await age(DAY - 1000);
    expect(
      (await client.POST('/orders', { params: inStore(key), body })).response.headers.get('idempotent-replayed'),
    ).toBe('true');
    await age(1000);
    const total = await database.count('idempotency_records');
    expect(await database.storage.repos.idempotency.purgeExpiredBatch(t.clock.now(), 1000)).toBeGreaterThanOrEqual(1);
    expect(await database.count('idempotency_records')).toBeLessThan(total);
    // Free again: another request with it is done.
    const other = await client.POST('/orders', { params: inStore(key), body: orderBody() });
    expect(other.response.status).toBe(201);
    expect(other.response.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('idempotency-key across a restart', () => {
  let kept: KeptDatabase;
  afterAll(() => kept?.drop());

  it('answers a retry sent to a new process on the same database with the stored answer', async () => {
    kept = await keptTestDatabase();
    const before = await openTestDatabase({ kept });
    const first = await gatedApp(before);
    const { client: c1, key: api } = await first.account();
    const store = (await createStore(c1)).id;
    const body = orderBody();
    const created = await c1.POST('/orders', {
      params: { header: { 'svc-store-id': store, 'idempotency-key': 'after-restart' } },
      body,
    });
    expect(created.response.status).toBe(201);
    await before.close();

    const after = await openTestDatabase({ kept });
    try {
      const second = await gatedApp(after);
      const c2 = createOrdersClient({ origin: ORIGIN, apiKey: api.key, fetch: second.fetch });
      const again = await c2.POST('/orders', {
        params: { header: { 'svc-store-id': store, 'idempotency-key': 'after-restart' } },
        body,
      });
      expect(again.response.status).toBe(201);
      expect(again.response.headers.get('idempotent-replayed')).toBe('true');
      expect(again.data).toEqual(created.data);
      expect(await after.count('orders WHERE store_id = $1', [store])).toBe(1);
    } finally {
      await after.close();
    }
  });
});
