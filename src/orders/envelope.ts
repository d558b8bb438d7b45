import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { jsonResponse } from '../shared/http.js';
import type { ApiError } from './errors.js';

/**
 * The order service's envelope: `{meta, data}` on every answer, `meta.code` 20000/20100 on
 * success and the error table's code otherwise (errors.ts).
 */

/** The response type `c.json(body, status)` has: what a route's handler is checked against. */
type Typed<T, S extends ContentfulStatusCode> = Response & TypedResponse<JSONParsed<T>, S, 'json'>;

const OK = { code: 20000 as const, type: 'OK' as const, message: 'OK.' as const };
const CREATED = { code: 20100 as const, type: 'Created' as const, message: 'Created.' as const };

export const ok = <T>(c: Context, data: T) => jsonResponse(c, 200, JSON.stringify({ meta: OK, data })) as Typed<{ meta: typeof OK; data: T }, 200>;

export const created = <T>(c: Context, data: T) =>
  jsonResponse(c, 201, JSON.stringify({ meta: CREATED, data })) as Typed<{ meta: typeof CREATED; data: T }, 201>;

declare const encodes: unique symbol;

/**
 * JSON text that encodes a `T`. Only the order renderer (orders/render.ts, `orderJson`)
 * makes one: a plain string is not a `JsonText<Order>`.
 */
export type JsonText<T> = string & { readonly [encodes]: T };

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
