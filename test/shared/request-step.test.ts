// SQLite only (test/shared runs once, in the sqlite project): a read of its in-memory database is synchronous, which is
// what is checked (a read of a SQLite file waits for the turn's other reads: test/shared/turn-reads.test.ts).
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrdersClient } from '../../packages/client/src/index.js';
import { manualClock } from '../../src/shared/clock.js';
import { appFor, ORIGIN } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { createOrder, createStore } from '../support/factories.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request step (src/shared/http.ts observeRequests)', async () => {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  const database = await openTestDatabase();
  const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
  const app = appFor({ storage: database.storage, clock, config: { LOG_LEVEL: 'info' }, logger: pino(stream) });
  const key = await database.storage.repos.apiKeys.create(clock.now(), { name: 'step' });
  const client = createOrdersClient({ origin: ORIGIN, apiKey: key.key, fetch: async (r: Request) => app.fetch(r) });
  const store = await createStore(client);
  const order = await createOrder(client, store.id);
  afterAll(() => database.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.fetch(
      new Request(`${ORIGIN}/commerce/2024-07${path}`, {
        headers: { 'svc-api-key': key.key, 'svc-store-id': store.id, ...headers },
      }),
    );

  it('answers a read on SQLite in the same turn (the Response itself, no promise), with its id and its access line', () => {
    lines.length = 0;
    const res = get(`/orders/${order.id}`);
    // A middleware in front of the route (hono composes them asynchronously) would make this a promise.
    expect(res).toBeInstanceOf(Response);
    const answer = res as Response;
    expect(answer.status).toBe(200);
    const id = answer.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(lines).toEqual([
      expect.objectContaining({
        requestId: id,
        method: 'GET',
        path: `/commerce/2024-07/orders/${order.id}`,
        operationId: 'getOrder',
        status: 200,
        apiKeyId: key.id,
        accountId: key.accountId,
      }),
    ]);
  });

  it('gives every answer an id and a line, a route no operation names included, and keeps a valid id the client sent', async () => {
    lines.length = 0;
    const unknown = await get('/no-such-route', { 'x-request-id': 'client-chosen.id:1' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-request-id')).toBe('client-chosen.id:1');
    const health = await app.fetch(
      new Request(`${ORIGIN}/healthz`, { headers: { 'x-request-id': 'bad id with spaces' } }),
    );
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toMatch(UUID);
    expect(lines).toEqual([
      expect.objectContaining({
        requestId: 'client-chosen.id:1',
        path: '/commerce/2024-07/no-such-route',
        status: 404,
      }),
    ]);
    expect(lines[0]).not.toHaveProperty('operationId');
    // /healthz is logged at debug, below this logger's level.
  });
});
