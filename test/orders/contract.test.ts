import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createOrdersApp } from '../../src/commerce/app.js';
import { testConfig } from '../../src/config.js';
import { createAuthenticator } from '../../src/shared/api-keys.js';
import { systemClock } from '../../src/shared/clock.js';
import { contractFor, registeredOperations, specOperations } from '../support/contract.js';
import { openTestDatabase } from '../support/database.js';

async function appOperations() {
  const database = await openTestDatabase();
  try {
    const { repos } = database.storage;
    const app = createOrdersApp({
      repos,
      clock: systemClock,
      config: testConfig(),
      logger: pino({ level: 'silent' }),
      authenticate: createAuthenticator(repos.apiKeys, systemClock),
      rateLimit: database.storage.rateLimiter({ perSecond: 0, burst: 1 }, systemClock),
    });
    return registeredOperations(app.openAPIRegistry.definitions);
  } finally {
    await database.close();
  }
}

describe('order service contract', () => {
  it('registers exactly the operations of openapi/orders.yaml (method, path, operationId, parameters, statuses, security)', async () => {
    const fromYaml = specOperations(contractFor('orders'));
    const fromApp = await appOperations();
    expect(fromApp.map((o) => o.operationId)).toEqual(fromYaml.map((o) => o.operationId));
    expect(fromApp).toEqual(fromYaml);
    expect(fromYaml.every((o) => o.security.join() === 'ApiKey')).toBe(true);
  });
});

describe('safe retries in openapi/orders.yaml', () => {
  it('declares the shared IdempotencyKey parameter on every POST, and 409 and 422 for it', () => {
    const paths = contractFor('orders').spec.paths as Record<
      string,
      Record<string, { parameters?: Array<{ $ref?: string }>; responses: object }>
    >;
    const posts = Object.values(paths).flatMap((item) => (item.post ? [item.post] : []));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const op of posts) {
      expect(op.parameters, JSON.stringify(op)).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
    }
  });
});

describe('the response checker every test uses', () => {
  const contract = contractFor('orders');
  const h = new Headers({ 'x-request-id': 'r1', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
  const url = `http://x${contract.basePath}/orders/ord_1`;
  const valid = { meta: { code: 40400, type: 'NotFound', message: 'x' }, data: null };

  it('accepts a documented response', () => {
    expect(() => contract.check('GET', url, 404, h, valid)).not.toThrow();
  });
  it('rejects a body that does not match the schema of its status', () => {
    expect(() => contract.check('GET', url, 404, h, { ...valid, meta: { ...valid.meta, code: 40900 } })).toThrow(
      /does not match/,
    );
    expect(() =>
      contract.check('GET', url, 200, h, { meta: { code: 20000, type: 'OK', message: 'OK.' }, data: { id: 1 } }),
    ).toThrow(/does not match/);
  });
  it('rejects a status the operation does not document', () => {
    expect(() => contract.check('GET', url, 409, h, valid)).toThrow(/does not document/);
  });
  it('rejects a response without x-request-id', () => {
    expect(() => contract.check('GET', url, 404, new Headers(), valid)).toThrow(/x-request-id/);
  });
  it('rejects a response that a cache may keep or a browser may sniff', () => {
    expect(() =>
      contract.check(
        'GET',
        url,
        404,
        new Headers({ 'x-request-id': 'r1', 'x-content-type-options': 'nosniff' }),
        valid,
      ),
    ).toThrow(/no-store/);
    expect(() =>
      contract.check('GET', url, 404, new Headers({ 'x-request-id': 'r1', 'cache-control': 'no-store' }), valid),
    ).toThrow(/nosniff/);
  });
});

describe('the response checker and `default` responses', () => {
  it('checks a status an operation does not list against its `default` response', () => {
    const keys = contractFor('keys');
    const prompt = `http://x${keys.basePath}/prompt?transactionToken=t`;
    // showUserPrompt documents 200, 400 and a default (HTML) response.
    const headers = new Headers({
      'x-request-id': 'r',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(() => keys.check('GET', prompt, 503, headers, undefined)).not.toThrow();
  });
});
