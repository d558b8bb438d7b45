import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.js';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Echoes a well-formed incoming `x-request-id`, otherwise makes one; set on every response.
 * A service app uses it too, for when it runs on its own: under the root app, where the id is
 * already set, it does nothing.
 */
export const requestId = (): MiddlewareHandler<{ Variables: { requestId: string } }> => async (c, next) => {
  if (c.get('requestId')) return next();
  const sent = c.req.header('x-request-id');
  const id = sent && VALID_REQUEST_ID.test(sent) ? sent : randomUUID();
  c.set('requestId', id);
  c.header('x-request-id', id);
  await next();
  c.res.headers.set('x-request-id', id);
};

export const ok = <T>(c: Context, data: T) => c.json({ meta: { code: 20000 as const, type: 'OK' as const, message: 'OK.' }, data }, 200);

export const created = <T>(c: Context, data: T) =>
  c.json({ meta: { code: 20100 as const, type: 'Created' as const, message: 'Created.' }, data }, 201);

const JSON_HEADERS = { 'content-type': 'application/json' };

/** JSON text known to encode a `T`: lets a handler answer pre-serialized data with its contract type. */
export type JsonText<T> = string & { readonly __encodes?: T };

/**
 * `ok` and `created` for data that is already JSON text (orders, spliced from their stored
 * documents instead of parsed and serialized again on every read). Same bytes on the wire as
 * `c.json`, same response type for the route's typing.
 */
export const okJson = <T>(c: Context, data: JsonText<T>) =>
  c.body(`{"meta":{"code":20000,"type":"OK","message":"OK."},"data":${data}}`, 200, JSON_HEADERS) as unknown as ReturnType<
    typeof ok<T>
  >;

export const createdJson = <T>(c: Context, data: JsonText<T>) =>
  c.body(`{"meta":{"code":20100,"type":"Created","message":"Created."},"data":${data}}`, 201, JSON_HEADERS) as unknown as ReturnType<
    typeof created<T>
  >;

export function errorResponse(c: Context, err: ApiError): Response {
  const res = c.json(err.toBody(), err.status);
  for (const [k, v] of Object.entries(err.headers ?? {})) res.headers.set(k, v);
  return res;
}
