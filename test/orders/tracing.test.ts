import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../src/shared/clock.js';
import { loadTracing, tracingConfigured } from '../../src/shared/tracing-hooks.js';
import { appFor } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

/** An OTLP/HTTP receiver on 127.0.0.1: every span of every JSON export it is sent. */
async function otlpReceiver() {
  const spans: OtlpSpan[] = [];
  const contentTypes: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString('utf8')));
    req.on('end', () => {
      contentTypes.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const doc = JSON.parse(body) as { resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> };
      for (const rs of doc.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    contentTypes,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe(`traces (${process.env.TEST_ENGINE ?? 'sqlite'})`, () => {
  it('are off without an OTLP endpoint', async () => {
    expect(tracingConfigured({})).toBe(false);
    expect(await loadTracing({ version: '0', commit: 'unknown' }, {})).toBeUndefined();
  });

  it('export each request as a span named by its operationId, with its database calls as child spans', async () => {
    const receiver = await otlpReceiver();
    const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    const database = await openTestDatabase();
    try {
      const tracing = (await loadTracing({ version: '0.1.0', commit: 'unknown' }))!;
      expect(tracing).toBeDefined();
      const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
      const app = appFor({ storage: database.storage, clock, tracing });
      const key = (await database.storage.repos.apiKeys.create(clock.now(), { name: 't' })).key;
      const res = await app.request('http://svc.test/commerce/2024-07/stores', {
        method: 'POST',
        headers: { 'svc-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ source_id: 's1', name: 'Shop', currency: 'EUR' }),
      });
      expect(res.status).toBe(201);
      await tracing.shutdown();

      expect(receiver.contentTypes.every((c) => c.startsWith('POST /v1/traces application/json'))).toBe(true);
      const request = receiver.spans.find((s) => s.name === 'createStore')!;
      expect(request).toBeDefined();
      expect(request.parentSpanId ?? '').toBe('');
      const status = request.attributes.find((a) => a.key === 'http.response.status_code')!.value;
      expect(Number(Object.values(status)[0])).toBe(201);
      const children = receiver.spans.filter((s) => s.traceId === request.traceId && s.parentSpanId === request.spanId);
      // The API key lookup and the insert, both on the request's trace.
      expect(children.map((s) => s.name)).toEqual(['db apiKeys.principalByHash', 'db stores.insert']);
      const system = children[0]!.attributes.find((a) => a.key === 'db.system.name')!.value;
      expect(Object.values(system)[0]).toBe(database.engine === 'postgres' ? 'postgresql' : 'sqlite');
    } finally {
      if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      else process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
      await database.close();
      await receiver.close();
    }
  });
});
