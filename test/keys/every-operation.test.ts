import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keysOperations } from '../../generated/keys/operations.js';
import { buildKeysHarness, initKey, type KeysHarness } from './support.js';

/**
 * The checks every operation of the key service passes, one suite per entry of its operation table
 * (so a new operation is covered the day it is added): the API key where the YAML requires one,
 * the body's media type, and a request id on every answer. Each answer is
 * checked against the YAML by the harness.
 */
const operations = Object.values(keysOperations).map(({ route }) => ({
  id: route.operationId,
  method: route.method.toUpperCase(),
  path: route.path,
  secured: (route.security ?? []).length > 0,
  hasBody: route.request !== undefined && 'body' in route.request,
}));

let h: KeysHarness;
let apiKey: string;
let keyId: string;
beforeAll(async () => {
  h = await buildKeysHarness();
  const account = await h.account('every-operation');
  apiKey = account.key.key;
  keyId = (await initKey(account.client)).id;
});
afterAll(() => h.close());

const call = (path: string, method: string, headers: Record<string, string>, body?: string) =>
  h.raw(path, { method, headers, ...(body !== undefined && { body }) });

it('the table holds every operation of the YAML, once (the type check makes sure of it)', () => {
  expect(operations.length).toBeGreaterThan(0);
  expect(new Set(operations.map((o) => o.id)).size).toBe(operations.length);
});

describe.each(operations)('$method $path ($id)', (op) => {
  const json = { 'content-type': 'application/json' };
  const validBody = op.hasBody ? '{}' : undefined;
  const withKey = (id = keyId) => op.path.replaceAll('{keyId}', id);

  it.runIf(op.secured)('refuses a request without X-Api-Key (400, parameter X-Api-Key)', async () => {
    const res = await call(withKey(), op.method, json, validBody);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { parameter: 'X-Api-Key', in: 'header', reason: 'missing' } });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it.runIf(op.secured)('refuses an API key no one was given (400, reason invalid)', async () => {
    const res = await call(withKey(), op.method, { ...json, 'x-api-key': 'k'.repeat(43) }, validBody);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { parameter: 'X-Api-Key', reason: 'invalid' } });
  });

  it.runIf(op.secured && op.hasBody)('refuses a body that is not JSON by its media type', async () => {
    const res = await call(withKey(), op.method, { 'content-type': 'text/plain', 'x-api-key': apiKey }, '{}');
    expect([400, 415]).toContain(res.status);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it.runIf(!op.secured)('answers without an API key, with a request id, as the YAML documents', async () => {
    const res = await call(op.path, op.method, {});
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
