import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';

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

/**
 * The request's id and its log line, registered once on the process's root app (createApp), so
 * every service and page has both:
 * - `x-request-id`: a well-formed incoming one is echoed, otherwise one is made; set on every response.
 * - one JSON line per request at `info`: id, method, path, status, duration. Never the query
 *   string (the key service carries one-time tokens there), a header value or a body. Nothing per
 *   request, not even a clock reading, when the level drops the line (LOG_LEVEL=warn and above).
 * One middleware, not two: each level of hono's middleware chain costs a promise per request.
 */
export const requestContext = (logger: Logger): MiddlewareHandler<{ Variables: { requestId: string } }> => (c, next) => {
  const sent = c.req.header('x-request-id');
  const id = sent && VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
  c.set('requestId', id);
  const logging = logger.isLevelEnabled('info');
  const start = logging ? performance.now() : 0;
  // `.then`, not an async function: one promise fewer per request.
  return next().then(() => {
    // Any response not built by jsonResponse (docs, health, the key service's c.json) gets it here.
    if (!stamped.has(c.res)) c.res.headers.set('x-request-id', id);
    if (logging) {
      logger.info({ requestId: id, method: c.req.method, path: c.req.path, status: c.res.status, durationMs: Math.round((performance.now() - start) * 100) / 100 });
    }
  });
};

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

/** A JSON response with its headers as a plain object: content type, request id, added headers, `headers`. */
export function jsonResponse(c: Context, status: number, json: string | ReadableStream<Uint8Array>, headers?: Record<string, string>): Response {
  const id = c.get('requestId') as string | undefined;
  const res = new Response(json, {
    status,
    headers: { 'content-type': 'application/json', ...(id && { 'x-request-id': id }), ...extraHeaders.get(c), ...headers },
  });
  if (id) stamped.add(res);
  return res;
}
