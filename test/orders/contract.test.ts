import type { RouteConfig } from '@hono/zod-openapi';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createOrdersApp } from '../../src/orders/app.js';
import { testConfig } from '../../src/config.js';
import { createAuthenticator } from '../../src/shared/api-keys.js';
import { systemClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { createRateLimiter } from '../../src/shared/rate-limit.js';
import { contractFor } from '../support/contract.js';

type Param = { in: string; name: string; required: boolean };
type Op = { method: string; path: string; operationId: string; parameters: Param[]; statuses: string[] };

const sortOp = (o: Op): Op => ({
  ...o,
  parameters: [...o.parameters].sort((a, b) => `${a.in}:${a.name}`.localeCompare(`${b.in}:${b.name}`)),
  statuses: [...o.statuses].sort(),
});

function yamlOperations(): Op[] {
  const { spec } = contractFor('orders');
  const s = spec as unknown as {
    paths: Record<string, Record<string, unknown> & { parameters?: unknown[] }>;
    components: { parameters: Record<string, Param> };
  };
  const resolve = (p: unknown): Param => {
    const ref = (p as { $ref?: string }).$ref;
    const param = ref ? s.components.parameters[ref.split('/').pop()!] : (p as Param);
    return { in: param.in, name: param.name, required: param.required === true };
  };
  return Object.entries(s.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([k]) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
      .map(([method, raw]) => {
        const op = raw as { operationId: string; parameters?: unknown[]; responses: Record<string, unknown> };
        return sortOp({
          method,
          path,
          operationId: op.operationId,
          parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve),
          statuses: Object.keys(op.responses),
        });
      }),
  );
}

function appOperations(): Op[] {
  const database = openDatabase(':memory:');
  const config = testConfig();
  const app = createOrdersApp({
    db: database.db,
    clock: systemClock,
    config,
    logger: pino({ level: 'silent' }),
    authenticate: createAuthenticator(database.db, systemClock),
    rateLimit: createRateLimiter({ perSecond: 0, burst: 1 }, systemClock),
  });
  const fields = (schema: unknown, where: string): Param[] =>
    schema
      ? Object.entries((schema as z.ZodObject).shape as Record<string, z.ZodType>).map(([name, field]) => ({
          in: where,
          name,
          required: !field.safeParse(undefined).success,
        }))
      : [];
  return app.openAPIRegistry.definitions
    .filter((d): d is { type: 'route'; route: RouteConfig } => d.type === 'route')
    .map(({ route }) =>
      sortOp({
        method: route.method,
        path: route.path,
        operationId: route.operationId ?? '',
        parameters: [
          ...fields(route.request?.headers, 'header'),
          ...fields(route.request?.params, 'path'),
          ...fields(route.request?.query, 'query'),
        ],
        statuses: Object.keys(route.responses),
      }),
    );
}

describe('order service contract', () => {
  it('registers exactly the operations of openapi/orders.yaml (method, path, operationId, parameters, statuses)', () => {
    const byId = (a: Op, b: Op) => a.operationId.localeCompare(b.operationId);
    const fromYaml = yamlOperations().sort(byId);
    const fromApp = appOperations().sort(byId);
    expect(fromApp.map((o) => o.operationId)).toEqual(fromYaml.map((o) => o.operationId));
    expect(fromApp).toEqual(fromYaml);
    expect(fromYaml.length).toBe(11);
  });
});

describe('the response checker every test uses', () => {
  const contract = contractFor('orders');
  const h = new Headers({ 'x-request-id': 'r1' });
  const url = `http://x${contract.basePath}/orders/ord_1`;
  const valid = { meta: { code: 40400, type: 'NotFound', message: 'x' }, data: null };

  it('accepts a documented response', () => {
    expect(() => contract.check('GET', url, 404, h, valid)).not.toThrow();
  });
  it('rejects a body that does not match the schema of its status', () => {
    expect(() => contract.check('GET', url, 404, h, { ...valid, meta: { ...valid.meta, code: 40900 } })).toThrow(/does not match/);
    expect(() => contract.check('GET', url, 200, h, { meta: { code: 20000, type: 'OK', message: 'OK.' }, data: { id: 1 } })).toThrow(/does not match/);
  });
  it('rejects a status the operation does not document', () => {
    expect(() => contract.check('GET', url, 409, h, valid)).toThrow(/does not document/);
  });
  it('rejects a response without x-request-id', () => {
    expect(() => contract.check('GET', url, 404, new Headers(), valid)).toThrow(/x-request-id/);
  });
});

describe('the response checker and `default` responses', () => {
  it('checks a status an operation does not list against its `default` response', () => {
    const keys = contractFor('keys');
    const prompt = `http://x${keys.basePath}/prompt?transactionToken=t`;
    // showUserPrompt documents 200, 400 and a default (HTML) response.
    expect(() => keys.check('GET', prompt, 503, new Headers({ 'x-request-id': 'r' }), undefined)).not.toThrow();
  });
});
