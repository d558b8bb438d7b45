import { createHash, createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createOrdersClient } from '../../packages/client/src/index.js';
import { newSigning, signingSecret } from '../../src/shared/request-signing.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { buildKeysHarness } from '../keys/support.js';

// Signed requests as a client makes them from AfterShip's authentication pages ("AES": the API key,
// an HMAC-SHA256 signature of the SignString under the key's signing secret, and a `date` within 3
// minutes), with `svc-` for `as-`. The signer below is written from those pages, not from the
// service's code.

const h = await buildKeysHarness();
afterAll(() => h.close());
const orders = contractFor('orders');
const fetch = contractFetch(h.root, orders);
const BASE = `http://service.test${orders.basePath}`;

interface Call {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The SignString: method, body MD5 (upper-case hex), content type, date, the `svc-` headers, the path with sorted query. */
function signStringOf(call: Call & { headers: Record<string, string> }) {
  const headers = Object.entries(call.headers)
    .map(([k, v]) => [k.toLowerCase().trim(), v.trim()])
    .filter(([k]) => k!.startsWith('svc-') && k !== 'svc-signature-hmac-sha256')
    .sort(([a], [b]) => (a! < b! ? -1 : 1))
    .map(([k, v]) => `${k}:${v}`)
    .join('\n');
  const [path, query] = call.path.split('?');
  const sorted = query
    ? `${path}?${query
        .split('&')
        .sort((a, b) => (a.split('=')[0]! < b.split('=')[0]! ? -1 : a.split('=')[0]! > b.split('=')[0]! ? 1 : 0))
        .join('&')}`
    : path;
  const body = call.body ?? '';
  return [
    call.method,
    body ? createHash('md5').update(body).digest('hex').toUpperCase() : '',
    body ? (call.headers['content-type'] ?? '') : '',
    call.headers.date ?? '',
    headers,
    `${new URL(BASE).pathname}${sorted}`,
  ].join('\n');
}

/** Sends `call` with the key, signed with `secret` (unless `sign` says otherwise), dated now unless `date` is given. */
async function send(
  apiKey: string,
  secret: string | undefined,
  call: Call,
  opts: { date?: string | null; tamper?: (c: Call) => Call } = {},
) {
  const headers: Record<string, string> = { 'svc-api-key': apiKey, ...call.headers };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  if (opts.date !== null) headers.date = opts.date ?? h.clock.now().toUTCString();
  if (secret !== undefined)
    headers['svc-signature-hmac-sha256'] = createHmac('sha256', secret)
      .update(signStringOf({ ...call, headers }))
      .digest('base64');
  const sent = opts.tamper ? opts.tamper(call) : call;
  const res = await fetch(`${BASE}${sent.path}`, { method: sent.method, headers, body: sent.body });
  return {
    status: res.status,
    body: (await res.json()) as {
      meta: { code: number; errors?: unknown[] };
      data: { id: string; stores: Array<{ id: string }> };
    },
  };
}

/** A key that requires signed requests, as `cli api-key signing-secret` makes it. */
async function signingKey(name: string) {
  const key = await h.repos.apiKeys.create(h.clock.now(), { name });
  const signing = newSigning(h.sealed);
  const secret = (await signingSecret(h.sealed, key.id, signing))!;
  expect(await h.repos.apiKeys.requireSigning(key.id, signing)).toBe(true);
  return { key, secret };
}

describe('signed requests (svc-signature-hmac-sha256 and date)', () => {
  it('a signed request of a signing key is answered; the signature covers the body, the svc- headers and the sorted query', async () => {
    const { key, secret } = await signingKey('signer');
    const body = JSON.stringify({ source_id: 'shop-1', name: 'Signed shop', currency: 'USD' });
    const created = await send(key.key, secret, { method: 'POST', path: '/stores', body });
    expect(created.status).toBe(201);
    const storeId = created.body.data.id;

    const listed = await send(key.key, secret, {
      method: 'GET',
      path: '/orders?page=1&limit=10',
      headers: { 'svc-store-id': storeId },
    });
    expect(listed.status).toBe(200);
    // Repeated names keep the order they were sent in.
    const stores = await send(key.key, secret, { method: 'GET', path: '/stores?source_ids[]=shop-1&source_ids[]=x' });
    expect(stores.status).toBe(200);
    expect(stores.body.data.stores.map((s) => s.id)).toEqual([storeId]);
  });

  it('a signing key without a valid signature is 401/40100, without a date 412/41201; nothing is done', async () => {
    const { key, secret } = await signingKey('refused');
    const body = JSON.stringify({ source_id: 'shop-2', name: 'Refused shop', currency: 'USD' });
    const post = { method: 'POST', path: '/stores', body };

    const unsigned = await send(key.key, undefined, post);
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.meta).toMatchObject({
      code: 40100,
      errors: [{ path: 'header.svc-signature-hmac-sha256', info: 'Required: this API key requires signed requests.' }],
    });

    const undated = await send(key.key, secret, { method: 'GET', path: '/stores' }, { date: null });
    expect(undated.status).toBe(412);
    expect(undated.body.meta).toMatchObject({ code: 41201, errors: [{ path: 'header.date', info: 'Required.' }] });

    // The body sent is not the body signed.
    const tampered = await send(key.key, secret, post, {
      tamper: (c) => ({ ...c, body: c.body!.replace('Refused', 'Altered') }),
    });
    expect(tampered.status).toBe(401);
    expect(tampered.body.meta.errors).toEqual([{ path: 'header.svc-signature-hmac-sha256', info: 'Does not match.' }]);

    // Another path, another header value, another secret.
    expect((await send(key.key, secret, post, { tamper: (c) => ({ ...c, path: '/stores?x=1' }) })).status).toBe(401);
    expect((await send(key.key, `${secret}x`, post)).status).toBe(401);

    const old = new Date(h.clock.now().getTime() - 3 * 60_000 - 1_000).toUTCString();
    const stale = await send(key.key, secret, post, { date: old });
    expect(stale.status).toBe(401);
    expect(stale.body.meta.errors).toEqual([
      { path: 'header.date', info: 'More than 3 minutes from the service time.' },
    ]);
    const edge = new Date(h.clock.now().getTime() + 3 * 60_000).toUTCString();
    expect((await send(key.key, secret, { method: 'GET', path: '/stores' }, { date: edge })).status).toBe(200);

    const malformed = await send(key.key, secret, post, { date: h.clock.now().toISOString() });
    expect(malformed.status).toBe(401);
    expect(malformed.body.meta.errors).toEqual([
      { path: 'header.date', info: 'Must be an RFC 1123 date, such as Sun, 06 Nov 1994 08:49:37 GMT.' },
    ]);

    // None of them made the store.
    const after = await send(key.key, secret, { method: 'GET', path: '/stores' });
    expect(after.body.data.stores).toEqual([]);
  });

  it('the typed client signs every request when given the signing secret', async () => {
    const { key, secret } = await signingKey('client');
    const client = createOrdersClient({ origin: 'http://service.test', apiKey: key.key, signingSecret: secret, fetch });
    const store = await client.POST('/stores', {
      body: { source_id: 'by-client', name: 'Client shop', currency: 'EUR' },
    });
    expect(store.response.status).toBe(201);
    const orders = await client.GET('/orders', {
      params: { header: { 'svc-store-id': store.data!.data.id }, query: { limit: 5, page: 1 } },
    });
    expect(orders.response.status).toBe(200);
    const unsigned = createOrdersClient({ origin: 'http://service.test', apiKey: key.key, fetch });
    expect((await unsigned.GET('/stores')).response.status).toBe(401);
  });

  it('a key without a signing secret answers as before, and refuses a signature it cannot check', async () => {
    const key = await h.repos.apiKeys.create(h.clock.now(), { name: 'plain' });
    expect((await send(key.key, undefined, { method: 'GET', path: '/stores' }, { date: null })).status).toBe(200);
    const signed = await send(key.key, 'svcsig_guess', { method: 'GET', path: '/stores' });
    expect(signed.status).toBe(401);
    expect(signed.body.meta.errors).toEqual([
      { path: 'header.svc-signature-hmac-sha256', info: 'This API key has no signing secret.' },
    ]);
  });

  it('a new signing secret replaces the old one within a second; the secret is stored nowhere', async () => {
    const { key, secret } = await signingKey('rotated');
    const get = { method: 'GET', path: '/stores' };
    expect((await send(key.key, secret, get)).status).toBe(200);
    const signing = newSigning(h.sealed);
    const next = (await signingSecret(h.sealed, key.id, signing))!;
    expect(next).not.toBe(secret);
    expect(await h.repos.apiKeys.requireSigning(key.id, signing)).toBe(true);
    h.clock.advance(1_001); // the key cache holds a key for a second
    expect((await send(key.key, secret, get)).status).toBe(401);
    expect((await send(key.key, next, get)).status).toBe(200);
    const rows = JSON.stringify(await h.query('select * from api_keys'));
    expect(rows).not.toContain(secret.slice('svcsig_'.length));
    expect(rows).not.toContain(next.slice('svcsig_'.length));
    expect((await h.repos.apiKeys.list()).find((k) => k.id === key.id)?.signed).toBe(true);
  });
});
