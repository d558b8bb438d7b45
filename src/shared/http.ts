import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { accessLog } from './logger.js';
import type { Principal } from './api-keys.js';
import type { Metrics, ServiceLabel } from './metrics.js';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Responses from `jsonResponse` carry their headers as a plain object, which @hono/node-server writes with one
// `writeHead`; setting a header afterwards would create a web `Headers`, which costs more per response.
const stamped = new WeakSet<Response>();
const extraHeaders = new WeakMap<Context, Record<string, string>>();

interface RequestObserving {
  metrics?: Pick<Metrics, 'request'>;
  serviceOf?: (path: string) => ServiceLabel;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY_HOPS); 0 uses the connection's address. */
  trustProxyHops?: number;
  trace?: (c: Context, next: () => Promise<void>) => Promise<void>;
}

// Logged at debug, because a balancer polls them every few seconds.
const PROBES = new Set(['/healthz', '/readyz']);

/** Takes the X-Forwarded-For entry the nearest trusted proxy appended; entries further left are client-written. */
function clientAddress(c: Context, hops: number): string | undefined {
  if (hops > 0) {
    const forwarded = c.req.header('x-forwarded-for');
    if (forwarded) {
      const entries = forwarded
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const entry = entries[Math.max(0, entries.length - hops)];
      if (entry) return entry;
    }
  }
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
}

/**
 * Request id, access log line and metrics in one middleware, because each level of hono's chain costs a promise
 * per request. The log never holds the query string (the key service carries one-time tokens there), a header
 * value or a body.
 */
export const requestContext = (
  logger: Logger,
  observing: RequestObserving = {},
): MiddlewareHandler<{ Variables: { requestId: string } }> => {
  const log = accessLog(logger);
  return (c, next) => {
    const sent = c.req.header('x-request-id');
    const id = sent && VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
    c.set('requestId', id);
    const { metrics } = observing;
    const level = PROBES.has(c.req.path) ? 'debug' : 'info';
    const logging = logger.isLevelEnabled(level);
    const start = logging || metrics ? performance.now() : 0;
    // Not an async function: one promise fewer per request.
    return (observing.trace ? observing.trace(c, next) : next()).then(() => {
      if (!stamped.has(c.res)) c.res.headers.set('x-request-id', id);
      if (!logging && !metrics) return;
      const ms = performance.now() - start;
      const operationId = (c.get as (key: string) => string | undefined)('operationId');
      if (metrics) {
        const length = c.req.header('content-length');
        metrics.request(
          observing.serviceOf?.(c.req.path) ?? 'other',
          operationId ?? 'none',
          c.res.status,
          ms / 1000,
          length ? Number(length) : undefined,
        );
      }
      if (logging) {
        const principal = (c.get as (key: string) => Principal | undefined)('principal');
        log(level, {
          requestId: id,
          method: c.req.method,
          path: c.req.path,
          operationId,
          status: c.res.status,
          durationMs: Math.round(ms * 100) / 100,
          apiKeyId: principal?.apiKeyId,
          accountId: principal?.accountId,
          client: clientAddress(c, observing.trustProxyHops ?? 0),
        });
      }
    });
  };
};

export function setOperationId(c: Context, operationId: string): void {
  (c.set as (key: string, value: string) => void)('operationId', operationId);
}

/** Headers for this request's response, whichever answer it gets (e.g. the rate-limit headers). */
export function addResponseHeaders(c: Context, headers: Record<string, string>): void {
  extraHeaders.set(c, { ...extraHeaders.get(c), ...headers });
}

export function withResponseHeaders(c: Context, res: Response): Response {
  const extra = extraHeaders.get(c);
  if (extra && !stamped.has(res)) for (const [name, value] of Object.entries(extra)) res.headers.set(name, value);
  return res;
}

/** An answer is about one caller's data at one moment, so no cache may keep it. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function jsonResponse(
  c: Context,
  status: number,
  json: string | ReadableStream<Uint8Array>,
  headers?: Record<string, string>,
): Response {
  const id = c.get('requestId') as string | undefined;
  const res = new Response(json, {
    status,
    headers: {
      'content-type': 'application/json',
      ...API_HEADERS,
      ...(id && { 'x-request-id': id }),
      ...extraHeaders.get(c),
      ...headers,
    },
  });
  if (id) stamped.add(res);
  return res;
}
