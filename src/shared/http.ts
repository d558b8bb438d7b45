import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { getPath } from 'hono/utils/url';
import type { Logger } from 'pino';
import { accessLog } from './logger.js';
import type { Principal } from './api-keys.js';
import type { Metrics, ServiceLabel } from './metrics.js';
import type { Tracing } from './tracing-hooks.js';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Responses from `jsonResponse` carry their headers as a plain object, which @hono/node-server writes with one
// `writeHead`; setting a header afterwards would create a web `Headers`, which costs more per response. The request's
// scope names the answer that already has them (`stamped`), rather than a WeakSet of every answer, whose entries V8
// visits as ephemerons in each young-generation collection.
const extraHeaders = new WeakMap<Context, Record<string, string>>();

interface RequestObserving {
  metrics?: Pick<Metrics, 'request'>;
  serviceOf?: (path: string) => ServiceLabel;
  /** Proxies in front that append to X-Forwarded-For (TRUST_PROXY_HOPS); 0 uses the connection's address. */
  trustProxyHops?: number;
  trace?: Tracing['request'];
}

// Logged at debug, because a balancer polls them every few seconds.
const PROBES = new Set(['/healthz', '/readyz']);

const SCOPE = Symbol('request');

/** What the request step keeps of one request, on the `env` hono hands every handler as `c.env`. */
export interface RequestScope {
  readonly id: string;
  /** Set by setOperationId, with the context of the handler that named it, whose principal is logged. */
  operationId?: string;
  c?: Context;
  /** Null once `keepJsonAnswers` asked for it; then the last answer with a text body that `jsonResponse` made. */
  answer?: JsonAnswer | null;
  /** The last answer `jsonResponse` made for this request: it carries the request id and the added headers. */
  stamped?: Response;
}

/** An answer of `jsonResponse` with a text body, with what it was made of. */
export interface JsonAnswer {
  readonly response: Response;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

type Env = { incoming?: IncomingMessage; [SCOPE]?: RequestScope };

const scopeOf = (c: Context) => (c.env as Env | undefined)?.[SCOPE];

/** The request's id (X-Request-Id), as the request step chose it; undefined outside `observeRequests`. */
export const requestIdOf = (c: Context): string | undefined => scopeOf(c)?.id;

/** Takes the X-Forwarded-For entry the nearest trusted proxy appended; entries further left are client-written. */
function clientAddress(request: Request, env: Env, hops: number): string | undefined {
  if (hops > 0) {
    const forwarded = request.headers.get('x-forwarded-for');
    if (forwarded) {
      const entries = forwarded
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const entry = entries[Math.max(0, entries.length - hops)];
      if (entry) return entry;
    }
  }
  return env.incoming?.socket?.remoteAddress;
}

type Fetch = (request: Request, env?: unknown, executionCtx?: never) => Response | Promise<Response>;

/**
 * The request step around an app's `fetch`: the request id, the access log line and the metrics of every request,
 * whatever route answers it (none included). It wraps `fetch` rather than being hono middleware because hono runs a
 * route with middleware in front through its asynchronous composition, and @hono/node-server writes an answer that
 * comes as a promise by its slower path: 1 to 2 µs of server CPU more per request (BENCHMARKS.md, "Seventh look").
 * An operation that answers synchronously (a write's transaction on SQLite, a read of the in-memory engine) is answered
 * and logged in one turn without a promise; a read of a SQLite file waits for the turn's reads (src/shared/db/turn-reads.ts).
 * The log never holds the query string (the key service carries one-time tokens there), a header value or a body.
 */
export function observeRequests<F extends Fetch>(fetch: F, logger: Logger, observing: RequestObserving = {}): F {
  const log = accessLog(logger);
  const { metrics, trace } = observing;
  const observed: Fetch = (request, env, executionCtx) => {
    const sent = request.headers.get('x-request-id');
    const scope: RequestScope = { id: sent && VALID_REQUEST_ID.test(sent) ? sent : randomUUID() };
    // node-server's env is a fresh object per request; app.request() in tests passes none.
    const scoped = (env ?? {}) as Env;
    scoped[SCOPE] = scope;
    // As hono reads it for routing (percent-decoded), without the query.
    const path = getPath(request);
    const level = PROBES.has(path) ? 'debug' : 'info';
    const logging = logger.isLevelEnabled(level);
    const start = logging || metrics ? performance.now() : 0;
    const done = (res: Response): Response => {
      if (scope.stamped !== res) res.headers.set('x-request-id', scope.id);
      if (!logging && !metrics) return res;
      const ms = performance.now() - start;
      const { c, operationId } = scope;
      if (metrics) {
        const length = request.headers.get('content-length');
        metrics.request(
          observing.serviceOf?.(path) ?? 'other',
          operationId ?? 'none',
          res.status,
          ms / 1000,
          length ? Number(length) : undefined,
        );
      }
      if (logging) {
        const principal = c && (c.get as (key: string) => Principal | undefined)('principal');
        log(level, {
          requestId: scope.id,
          method: request.method,
          path,
          operationId,
          status: res.status,
          durationMs: Math.round(ms * 100) / 100,
          apiKeyId: principal?.apiKeyId,
          accountId: principal?.accountId,
          client: clientAddress(request, scoped, observing.trustProxyHops ?? 0),
        });
      }
      return res;
    };
    const run = () => fetch(request, scoped, executionCtx);
    const res = trace ? trace(request, path, scope, run) : run();
    return res instanceof Promise ? res.then(done) : done(res);
  };
  return observed as F;
}

export function setOperationId(c: Context, operationId: string): void {
  (c.set as (key: string, value: string) => void)('operationId', operationId);
  const scope = scopeOf(c);
  if (scope) {
    scope.operationId = operationId;
    scope.c = c;
  }
}

/**
 * Has `jsonResponse` keep what it makes this request's answers of, so that a step that stores the answer
 * (idempotency/step.ts) reads it there rather than through the response's body, which would consume it. Only the
 * requests that ask pay for it.
 */
export function keepJsonAnswers(c: Context): void {
  const scope = scopeOf(c);
  if (scope) scope.answer = null;
}

/** What `jsonResponse` made `res` of, when this request's `keepJsonAnswers` asked for it; else undefined. */
export function jsonAnswerOf(c: Context, res: Response): JsonAnswer | undefined {
  const answer = scopeOf(c)?.answer;
  return answer?.response === res ? answer : undefined;
}

/** Headers for this request's response, whichever answer it gets (e.g. the rate-limit headers). */
export function addResponseHeaders(c: Context, headers: Record<string, string>): void {
  extraHeaders.set(c, { ...extraHeaders.get(c), ...headers });
}

export function withResponseHeaders(c: Context, res: Response): Response {
  const extra = extraHeaders.get(c);
  if (extra && scopeOf(c)?.stamped !== res)
    for (const [name, value] of Object.entries(extra)) res.headers.set(name, value);
  return res;
}

/** An answer is about one caller's data at one moment, so no cache may keep it. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

const JSON_HEADERS: Readonly<Record<string, string>> = { 'content-type': 'application/json', ...API_HEADERS };

export function jsonResponse(
  c: Context,
  status: number,
  json: string | ReadableStream<Uint8Array>,
  headers?: Record<string, string>,
): Response {
  const scope = scopeOf(c);
  const id = scope?.id;
  // A clone of a constant object, then plain stores: spreads after the first property cost more per answer.
  const all: Record<string, string> = { ...JSON_HEADERS };
  if (id) all['x-request-id'] = id;
  const extra = extraHeaders.get(c);
  if (extra) Object.assign(all, extra);
  if (headers) Object.assign(all, headers);
  const res = new Response(json, { status, headers: all });
  if (scope) scope.stamped = res;
  if (scope?.answer !== undefined && typeof json === 'string')
    scope.answer = { response: res, headers: all, body: json };
  return res;
}
