import type { RouteConfig } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createKeysApp } from '../../src/keys/app.js';
import { buildKeysHarness, keysContract, type KeysHarness } from './support.js';

type Param = { in: string; name: string; required: boolean };
type Op = { method: string; path: string; operationId: string; parameters: Param[]; statuses: string[]; security: string[] };

const sortOp = (o: Op): Op => ({
  ...o,
  parameters: [...o.parameters].sort((a, b) => `${a.in}:${a.name}`.localeCompare(`${b.in}:${b.name}`)),
  statuses: [...o.statuses].sort(),
});
const securityOf = (s: unknown) => ((s as Array<Record<string, unknown>> | undefined) ?? []).flatMap((r) => Object.keys(r)).sort();

function yamlOperations(): Op[] {
  const s = keysContract.spec as unknown as {
    paths: Record<string, Record<string, unknown> & { parameters?: unknown[] }>;
    components: { parameters: Record<string, Param> };
  };
  const resolve = (p: unknown): Param => {
    const ref = (p as { $ref?: string }).$ref;
    const param = ref ? s.components.parameters[ref.split('/').pop()!]! : (p as Param);
    return { in: param.in, name: param.name, required: param.required === true };
  };
  return Object.entries(s.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([k]) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
      .map(([method, raw]) => {
        const op = raw as { operationId: string; parameters?: unknown[]; responses: Record<string, unknown>; security?: unknown };
        return sortOp({
          method,
          path,
          operationId: op.operationId,
          parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve),
          statuses: Object.keys(op.responses),
          security: securityOf(op.security),
        });
      }),
  );
}

describe('key service contract', () => {
  let h: KeysHarness;
  beforeAll(async () => {
    h = await buildKeysHarness();
  });
  afterAll(() => h.close());

  it('registers exactly the operations of openapi/keys.yaml (method, path, operationId, parameters, statuses, security)', () => {
    const app = createKeysApp({ db: h.db, sealed: h.sealed, clock: h.clock, config: h.config, logger: { warn() {}, error() {} } });
    const fields = (schema: unknown, where: string): Param[] =>
      schema
        ? Object.entries((schema as z.ZodObject).shape as Record<string, z.ZodType>).map(([name, field]) => ({
            in: where,
            name,
            required: !field.safeParse(undefined).success,
          }))
        : [];
    const fromApp = app.openAPIRegistry.definitions
      .filter((d): d is { type: 'route'; route: RouteConfig } => d.type === 'route')
      .map(({ route }) =>
        sortOp({
          method: route.method,
          path: route.path,
          operationId: route.operationId ?? '',
          parameters: [...fields(route.request?.headers, 'header'), ...fields(route.request?.params, 'path'), ...fields(route.request?.query, 'query')],
          statuses: Object.keys(route.responses),
          security: securityOf(route.security),
        }),
      );
    const byId = (a: Op, b: Op) => a.operationId.localeCompare(b.operationId);
    const fromYaml = yamlOperations().sort(byId);
    expect(fromApp.sort(byId)).toEqual(fromYaml);
    expect(fromYaml.map((o) => o.operationId)).toEqual([
      'completeUserSignIn',
      'createGenerateTransaction',
      'createRecoverTransaction',
      'exchangeKeyToken',
      'initKey',
      'showUserPrompt',
      'startUserSignIn',
    ]);
    expect(fromYaml.filter((o) => o.security.includes('ApiKey')).map((o) => o.operationId)).toEqual([
      'createGenerateTransaction',
      'createRecoverTransaction',
      'exchangeKeyToken',
      'initKey',
    ]);
  });

  it('checks every response against the YAML, also an undocumented shape (self-test of the checker)', () => {
    expect(() =>
      keysContract.check('POST', 'http://x/keygen/keys', 200, new Headers({ 'x-request-id': 'r' }), { id: 'nope', clientSecret: 'x' }),
    ).toThrow(/does not match keys.yaml/);
    expect(() => keysContract.check('POST', 'http://x/keygen/keys', 404, new Headers({ 'x-request-id': 'r' }), {})).toThrow(/does not document/);
  });
});
