import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildKeysHarness, initKey, type KeysHarness } from './support.js';

let h: KeysHarness;
beforeAll(async () => {
  h = await buildKeysHarness();
});
afterAll(() => h.close());

it('a body that is not application/json is 400 naming the body, not 500 (found by fuzzing)', async () => {
  const { key, client } = await h.account('media');
  const created = await initKey(client);
  const paths = ['/keys', `/keys/${created.id}/transactions/generate`, `/keys/${created.id}/transactions/recover`];
  for (const path of paths) {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', undefined]) {
      const res = await h.raw(path, {
        method: 'POST',
        headers: { 'X-Api-Key': key.key, ...(type && { 'content-type': type }) },
        body: '0',
      });
      expect(res.status, `${path} ${type}`).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'bad_request', parameter: 'body', in: 'body', reason: 'invalid' },
      });
    }
  }
});
