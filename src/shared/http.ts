import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { Principal } from './api-keys.js';
import type { Metrics, ServiceLabel } from './metrics.js';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Responses built by `jsonResponse` already carry `x-request-id` (and every header a step asked
 * for with `addResponseHeaders`), as a plain object. @hono/node-server writes such a response
 * with one `writeHead`; a web `Headers` (what `c.header()` creates, and hono's `c.json`/`c.body`
 * with more than one header) costs a Headers object, its set calls and its sorted iteration per
 * response.
 */
const stamped = new WeakSet<Response>();
const extraHeaders = new WeakMap<Context, Record<string, string>>();

/** What the request step observes besides the log: the metrics, and where the client's address comes from. */
export interface RequestObserving {
  /** Counts and times every answer (src/shared/metrics.ts); nothing is measured without it. */
  metrics?: Pick<Metrics, 'request'>;
  /** Which service a path belongs to, for the metrics' `service` label. */
  serviceOf?: (path: string) => ServiceLabel;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY_HOPS); 0: the connection's address. */
  trustProxyHops?: number;
  /** Runs the request in its trace span (src/shared/tracing.ts), when traces are on. */
  trace?: (c: Context, next: () => Promise<void>) => Promise<void>;
}

/** Health probes are logged at debug: a balancer polls them every few seconds. */
const PROBES = new Set(['/healthz', '/readyz']);

/**
 * The client's address: the connection's, or with `hops` trusted proxies in front the entry of
 * X-Forwarded-For the nearest of them appended (entries further left are the client's to write).
 */
export function clientAddress(c: Context, hops: number): string | undefined {
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
 * The request's id and its log line, registered once on the process's root app (createApp), so
 * every service and page has both:
 * - `x-request-id`: a well-formed incoming one is echoed, otherwise one is made; set on every response.
 * - one JSON line per request at `info` (health probes at `debug`): id, method, path, operationId,
 *   status, duration, the caller's API key id and account, the client's address. Never the query
 *   string (the key service carries one-time tokens there), a header value or a body. Nothing per
 *   request, not even a clock reading, when neither the log nor the metrics want it.
 * - with metrics, the request counted by service, operationId and status class, and timed.
 * One middleware, not two: each level of hono's middleware chain costs a promise per request.
 */
export const requestContext =
  (logger: Logger, observing: RequestObserving = {}): MiddlewareHandler<{ Variables: { requestId: string } }> =>
  (c, next) => {
    const sent = c.req.header('x-request-id');
    const id = sent && VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
    c.set('requestId', id);
    const { metrics } = observing;
    const logging = logger.isLevelEnabled(PROBES.has(c.req.path) ? 'debug' : 'info');
    const start = logging || metrics ? performance.now() : 0;
    // `.then`, not an async function: one promise fewer per request.
    return (observing.trace ? observing.trace(c, next) : next()).then(() => {
      // Any response not built by jsonResponse (docs, health, the key service's c.json) gets it here.
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
        const line = {
          requestId: id,
          method: c.req.method,
          path: c.req.path,
          operationId,
          status: c.res.status,
          durationMs: Math.round(ms * 100) / 100,
          apiKeyId: principal?.apiKeyId,
          accountId: principal?.accountId,
          client: clientAddress(c, observing.trustProxyHops ?? 0),
        };
        if (PROBES.has(c.req.path)) logger.debug(line);
        else logger.info(line);
      }
    });
  };

/** Marks the request as one of an operation of the contracts: the access log and the metrics name it. */
export function setOperationId(c: Context, operationId: string): void {
  (c.set as (key: string, value: string) => void)('operationId', operationId);
}

/** Headers for the response of this request, whichever answer it gets (the rate-limit headers). */
export function addResponseHeaders(c: Context, headers: Record<string, string>): void {
  extraHeaders.set(c, { ...extraHeaders.get(c), ...headers });
}

/** `res` with the headers asked for with `addResponseHeaders` (a jsonResponse has them already). */
export function withResponseHeaders(c: Context, res: Response): Response {
  const extra = extraHeaders.get(c);
  if (extra && !stamped.has(res)) for (const [name, value] of Object.entries(extra)) res.headers.set(name, value);
  return res;
}

/**
 * Headers of every API answer, errors included: an answer is about one caller's data at one moment,
 * so no cache keeps it, and a browser never takes it for another media type than the one it names.
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** A JSON response with its headers as a plain object: content type, API_HEADERS, request id, added headers, `headers`. */
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
