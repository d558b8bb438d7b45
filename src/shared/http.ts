import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Responses built by `jsonResponse` already carry `x-request-id` (and every header a step asked
 * for with `addResponseHeaders`), as a plain object. @hono/node-server writes such a response
 * with one `writeHead`; a web `Headers` (what `c.header()` creates, and hono's `c.json`/`c.body`
 * with more than one header) costs a Headers object, its set calls and its sorted iteration per
 * response: about 5 µs of a GET by id in the server.
 */
const stamped = new WeakSet<Response>();
const extraHeaders = new WeakMap<Context, Record<string, string>>();

/**
 * Echoes a well-formed incoming `x-request-id`, otherwise makes one; set on every response.
 * Registered once, on the process's root app (createApp), so every service and page has it.
 */
export const requestId = (): MiddlewareHandler<{ Variables: { requestId: string } }> => async (c, next) => {
  const sent = c.req.header('x-request-id');
  const id = sent && VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
  c.set('requestId', id);
  await next();
  // Any response not built by jsonResponse (docs, health, the key service's c.json) gets it here.
  if (!stamped.has(c.res)) c.res.headers.set('x-request-id', id);
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
