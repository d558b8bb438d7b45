import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { ApiError } from './errors.js';
import { after } from './pipeline.js';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Responses built by `jsonResponse` already carry `x-request-id` (and every header a middleware
 * asked for with `addResponseHeaders`), as a plain object. @hono/node-server writes such a
 * response with one `writeHead`; a web `Headers` (what `c.header()` creates, and hono's
 * `c.json`/`c.body` with more than one header) costs a Headers object, its set calls and its
 * sorted iteration per response: about 5 µs of a GET by id in the server.
 */
const stamped = new WeakSet<Response>();
const extraHeaders = new WeakMap<Context, Record<string, string>>();

/**
 * Echoes a well-formed incoming `x-request-id`, otherwise makes one; set on every response.
 * A service app uses it too, for when it runs on its own: under the root app, where the id is
 * already set, it does nothing.
 */
export const requestId = (): MiddlewareHandler<{ Variables: { requestId: string } }> => (c, next) => {
  if (c.get('requestId')) return next();
  const sent = c.req.header('x-request-id');
  const id = sent && VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
  c.set('requestId', id);
  // Any other response (docs, health, the key service's c.json) gets it here.
  return after(next(), () => {
    if (!stamped.has(c.res)) c.res.headers.set('x-request-id', id);
  }) as Promise<void>;
};

/** Headers for the response of this request, whichever answer it gets (the rate-limit headers). */
export function addResponseHeaders(c: Context, headers: Record<string, string>): void {
  extraHeaders.set(c, { ...extraHeaders.get(c), ...headers });
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

/** The response type `c.json(body, status)` has: what a route's handler is checked against. */
type Typed<T, S extends ContentfulStatusCode> = Response & TypedResponse<JSONParsed<T>, S, 'json'>;

const OK = { code: 20000 as const, type: 'OK' as const, message: 'OK.' as const };
const CREATED = { code: 20100 as const, type: 'Created' as const, message: 'Created.' as const };

export const ok = <T>(c: Context, data: T) => jsonResponse(c, 200, JSON.stringify({ meta: OK, data })) as Typed<{ meta: typeof OK; data: T }, 200>;

export const created = <T>(c: Context, data: T) =>
  jsonResponse(c, 201, JSON.stringify({ meta: CREATED, data })) as Typed<{ meta: typeof CREATED; data: T }, 201>;

/** JSON text known to encode a `T`: lets a handler answer pre-serialized data with its contract type. */
export type JsonText<T> = string & { readonly __encodes?: T };

/**
 * `ok` and `created` for data that is already JSON text (orders, spliced from their stored
 * documents instead of parsed and serialized again on every read). Same bytes on the wire as
 * `ok`/`created`, same response type for the route's typing.
 */
const OK_META = JSON.stringify(OK);
const CREATED_META = JSON.stringify(CREATED);

export const okJson = <T>(c: Context, data: JsonText<T>) => jsonResponse(c, 200, `{"meta":${OK_META},"data":${data}}`) as ReturnType<typeof ok<T>>;

/**
 * `okJson` for data streamed as bytes: `data(prefix, suffix)` gives the whole body, the data
 * between the envelope's `prefix` and `suffix`. Same bytes on the wire as `okJson`.
 */
export const okJsonStream = <T>(c: Context, data: (prefix: string, suffix: string) => ReadableStream<Uint8Array>) =>
  jsonResponse(c, 200, data(`{"meta":${OK_META},"data":`, '}')) as ReturnType<typeof ok<T>>;

export const createdJson = <T>(c: Context, data: JsonText<T>) =>
  jsonResponse(c, 201, `{"meta":${CREATED_META},"data":${data}}`) as ReturnType<typeof created<T>>;

export function errorResponse(c: Context, err: ApiError): Response {
  return jsonResponse(c, err.status, JSON.stringify(err.toBody()), err.headers);
}
