import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysApp } from '../../src/keys/app.js';
import { keysOperations } from '../../generated/keys/operations.js';
import { createAuthenticator } from '../../src/shared/api-keys.js';
import { registeredOperations, specOperations } from '../support/contract.js';
import { buildKeysHarness, keysContract, type KeysHarness } from './support.js';

describe('key service contract', () => {
  let h: KeysHarness;
  beforeAll(async () => {
    h = await buildKeysHarness();
  });
  afterAll(() => h.close());

  it('registers exactly the operations of openapi/keys.yaml (method, path, operationId, parameters, statuses, security)', () => {
    const repos = h.repos;
    const app = createKeysApp({
      repos,
      authenticate: createAuthenticator(repos.apiKeys, h.clock),
      sealed: h.sealed,
      clock: h.clock,
      config: h.config,
      logger: { warn() {}, error() {} },
    });
    const fromApp = registeredOperations(app.openAPIRegistry.definitions);
    const fromYaml = specOperations(keysContract);
    expect(fromApp).toEqual(fromYaml);
    expect(fromYaml.map((o) => o.operationId).sort()).toEqual(Object.keys(keysOperations).sort());
    // A security pin: an operation that stops requiring the API key (or a new one that requires it) fails here.
    expect(fromYaml.filter((o) => o.security.includes('ApiKey')).map((o) => o.operationId)).toEqual([
      'createGenerateTransaction',
      'createRecoverTransaction',
      'exchangeKeyToken',
      'initKey',
    ]);
  });

  it('declares the shared IdempotencyKey parameter, and 409 and 422 for it, on every POST with an API key, and on nothing else', () => {
    const paths = keysContract.spec.paths as Record<
      string,
      Record<
        string,
        { operationId: string; security?: unknown[]; parameters?: Array<{ $ref?: string }>; responses: object }
      >
    >;
    const withKey = Object.values(paths)
      .flatMap((item) => Object.values(item))
      .filter((op) => (op.parameters ?? []).some((p) => p.$ref === '#/components/parameters/IdempotencyKey'));
    expect(withKey.map((op) => op.operationId).sort()).toEqual([
      'createGenerateTransaction',
      'createRecoverTransaction',
      'initKey',
    ]);
    for (const op of withKey) expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['409', '422']));
  });

  it('checks every response against the YAML, also an undocumented shape (self-test of the checker)', () => {
    expect(() =>
      keysContract.check(
        'POST',
        'http://x/keygen/keys',
        200,
        new Headers({ 'x-request-id': 'r', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }),
        { id: 'nope', clientSecret: 'x' },
      ),
    ).toThrow(/does not match keys.yaml/);
    expect(() =>
      keysContract.check(
        'POST',
        'http://x/keygen/keys',
        404,
        new Headers({ 'x-request-id': 'r', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' }),
        {},
      ),
    ).toThrow(/does not document/);
  });
});
