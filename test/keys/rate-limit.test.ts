import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildKeysHarness, type KeysHarness } from './support.js';

let h: KeysHarness;
beforeAll(async () => {
  h = await buildKeysHarness({ rateLimit: { perSecond: 1, burst: 2 } });
});
afterAll(() => h.close());

it('limits each API key with a token bucket: 429 too_many_requests with retry-after and ratelimit-*', async () => {
  const { client } = await h.account();
  const other = (await h.account('other')).client;
  const statuses = [];
  for (let i = 0; i < 3; i++)
    statuses.push((await client.POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status);
  expect(statuses).toEqual([200, 200, 429]);
  const limited = await client.GET('/keys/{keyId}', {
    params: { path: { keyId: 'key_00000000000000000000000000000000' }, query: { keyToken: 'kt_x' } },
  });
  expect(limited.response.status).toBe(429);
  expect(limited.response.headers.get('retry-after')).toBe('1');
  expect(limited.response.headers.get('ratelimit-remaining')).toBe('0');
  expect(limited.error).toEqual({
    error: { code: 'too_many_requests', message: 'Too many requests; retry after 1 second.' },
  });
  // Another key has its own bucket; the first recovers as time passes.
  expect((await other.POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(200);
  h.clock.advance(1_000);
  expect((await client.POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(200);
});
