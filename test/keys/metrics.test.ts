import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics, type Metrics } from '../../src/shared/metrics.js';
import { buildKeysHarness, testSealed, type KeysHarness } from './support.js';

/** The Prometheus text as `name{label="v",…}` (labels sorted) → value. */
function parseScrape(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels = [...(m[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, k, v]) => `${k}="${v}"`)
      .sort();
    out.set(`${m[1]}{${labels.join(',')}}`, Number(m[3]));
  }
  return out;
}
const sample = (name: string, labels: Record<string, string>) =>
  `${name}{${Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',')}}`;

describe(`metrics after a known mix of requests (${process.env.TEST_ENGINE ?? 'sqlite'}, root in the ${testSealed === 'pkcs11' ? 'SoftHSM2 token' : 'sealed file'})`, () => {
  let h: KeysHarness;
  let metrics: Metrics;
  beforeAll(async () => {
    // The harness's app with metrics; its database's pool (PostgreSQL) read at each scrape.
    metrics = createMetrics();
    h = await buildKeysHarness({ metrics, rateLimit: { perSecond: 1, burst: 10 } });
  });
  afterAll(() => h.close());

  it('counts requests by service, operationId and status class, with histograms, refusals, sealed-module operations and key-service events', async () => {
    const orders = (await h.account('orders')).key.key;
    const keys = (await h.account('keys')).key.key;
    const o = (path: string, init: RequestInit = {}) =>
      h.root.request(`http://svc.test/commerce/2024-07${path}`, {
        ...init,
        headers: { 'svc-api-key': orders, 'content-type': 'application/json', ...init.headers },
      });
    const body = JSON.stringify({ source_id: 's1', name: 'Shop', currency: 'EUR' });
    // app.request sets no Content-Length of its own; an HTTP client does.
    const created = await o('/stores', {
      method: 'POST',
      body,
      headers: { 'content-length': String(Buffer.byteLength(body)) },
    });
    expect(created.status).toBe(201);
    const storeId = ((await created.json()) as { data: { id: string } }).data.id;
    expect((await o(`/stores/${storeId}`)).status).toBe(200);
    expect((await o(`/stores/${storeId}`)).status).toBe(200);
    expect((await o('/stores/unknown-store')).status).toBe(404);
    expect((await h.root.request('http://svc.test/commerce/2024-07/stores')).status).toBe(401);
    expect((await h.root.request('http://svc.test/healthz')).status).toBe(200);
    // Twelve inits on a bucket of ten that does not refill (the clock stands still): ten keys, two 429s.
    const statuses = [];
    for (let i = 0; i < 12; i++) {
      const res = await h.root.request('http://svc.test/keygen/keys', {
        method: 'POST',
        headers: { 'x-api-key': keys, 'content-type': 'application/json' },
        body: '{"userSecretProvider":"dev"}',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);

    const text = await metrics.registry.metrics();
    const m = parseScrape(text);
    const get = (name: string, labels: Record<string, string>) => m.get(sample(name, labels));
    const orderOp = (operation: string) => ({ service: 'orders', operation });
    expect(get('http_requests_total', { ...orderOp('createStore'), status_class: '2xx' })).toBe(1);
    expect(get('http_requests_total', { ...orderOp('getStore'), status_class: '2xx' })).toBe(2);
    expect(get('http_requests_total', { ...orderOp('getStore'), status_class: '4xx' })).toBe(1);
    expect(get('http_requests_total', { ...orderOp('listStores'), status_class: '4xx' })).toBe(1);
    expect(get('http_requests_total', { service: 'other', operation: 'none', status_class: '2xx' })).toBe(1);
    expect(get('http_requests_total', { service: 'keys', operation: 'initKey', status_class: '2xx' })).toBe(10);
    expect(get('http_requests_total', { service: 'keys', operation: 'initKey', status_class: '4xx' })).toBe(2);
    expect(get('rate_limit_refusals_total', { service: 'keys' })).toBe(2);

    // Latency: every bucket of a getStore counts its three requests at +Inf, cumulatively.
    const buckets = [...m].filter(
      ([k]) =>
        k.startsWith('http_request_duration_seconds_bucket{') &&
        k.includes('operation="getStore"') &&
        k.includes('service="orders"'),
    );
    expect(buckets.map(([k]) => /le="([^"]+)"/.exec(k)![1])).toEqual([
      '0.001',
      '0.0025',
      '0.005',
      '0.01',
      '0.025',
      '0.05',
      '0.1',
      '0.25',
      '0.5',
      '1',
      '2.5',
      '5',
      '10',
      '+Inf',
    ]);
    expect(buckets.at(-1)![1]).toBe(3);
    expect(buckets.every(([, v], i) => i === 0 || v >= buckets[i - 1]![1])).toBe(true);
    expect(get('http_request_duration_seconds_count', orderOp('getStore'))).toBe(3);
    // Body sizes: the one createStore body, in its bucket.
    expect(get('http_request_body_bytes_sum', orderOp('createStore'))).toBe(Buffer.byteLength(body));
    expect(get('http_request_body_bytes_bucket', { ...orderOp('createStore'), le: '64' })).toBe(1);

    // The sealed module's verifier MAC for each key made, on the run's backend; the key-service events.
    expect(get('sealed_module_operations_total', { backend: testSealed, operation: 'mac', outcome: 'ok' })).toBe(10);
    expect(get('sealed_module_operation_duration_seconds_count', { backend: testSealed, operation: 'mac' })).toBe(10);
    expect(get('keygen_events_total', { event: 'key_created', outcome: 'ok' })).toBe(10);
    // Process metrics; and no id anywhere, only bounded labels.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).not.toContain(storeId);
    expect(text).not.toMatch(/key_[0-9a-f]{32}|svc_/);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    "reads the PostgreSQL pool's connections and waiters at each scrape",
    async () => {
      const pooled = createMetrics({ engine: 'postgres', pool: h.pool! });
      await h.query('SELECT 1');
      const m = parseScrape(await pooled.registry.metrics());
      const idle = m.get(sample('db_pool_connections', { engine: 'postgres', state: 'idle' }))!;
      expect(idle).toBeGreaterThanOrEqual(1);
      expect(m.get(sample('db_pool_connections', { engine: 'postgres', state: 'in_use' }))).toBe(
        h.pool!.totalCount - h.pool!.idleCount,
      );
      expect(m.get(sample('db_pool_waiting_requests', { engine: 'postgres' }))).toBe(0);
    },
  );
});
