import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { jsonResponse } from '../shared/http.js';
import type { ApiError } from './errors.js';

/** The response type `c.json(body, status)` has, so that routes type-check as if they used it. */
type Typed<T, S extends ContentfulStatusCode> = Response & TypedResponse<JSONParsed<T>, S, 'json'>;

const OK = { code: 20000 as const, type: 'OK' as const, message: 'OK.' as const };
const CREATED = { code: 20100 as const, type: 'Created' as const, message: 'Created.' as const };

export const ok = <T>(c: Context, data: T) =>
  jsonResponse(c, 200, JSON.stringify({ meta: OK, data })) as Typed<{ meta: typeof OK; data: T }, 200>;

export const created = <T>(c: Context, data: T) =>
  jsonResponse(c, 201, JSON.stringify({ meta: CREATED, data })) as Typed<{ meta: typeof CREATED; data: T }, 201>;

declare const encodes: unique symbol;

/** JSON text that encodes a `T`; branded so that only the renderer (`orderJson`) can make one. */
export type JsonText<T> = string & { readonly [encodes]: T };

// Orders are stored as JSON text and spliced into the envelope rather than parsed and serialized on every read;
// the bytes on the wire are the same as `ok`'s and `created`'s.
const OK_META = JSON.stringify(OK);
const CREATED_META = JSON.stringify(CREATED);

const OK_HEAD = `{"meta":${OK_META},"data":`;

/** `dataBytes`, data's UTF-8 length when known, gives the Content-Length, so that the answer is not scanned for it. */
export const okJson = <T>(c: Context, data: JsonText<T>, dataBytes?: number) =>
  jsonResponse(
    c,
    200,
    `${OK_HEAD}${data}}`,
    dataBytes === undefined ? undefined : { 'content-length': String(OK_HEAD.length + dataBytes + 1) },
  ) as ReturnType<typeof ok<T>>;

/** `okJson` streamed, same bytes on the wire; `data` wraps the page in the envelope's `prefix` and `suffix`. */
export const okJsonStream = <T>(c: Context, data: (prefix: string, suffix: string) => ReadableStream<Uint8Array>) =>
  jsonResponse(c, 200, data(`{"meta":${OK_META},"data":`, '}')) as ReturnType<typeof ok<T>>;

export const createdJson = <T>(c: Context, data: JsonText<T>) =>
  jsonResponse(c, 201, `{"meta":${CREATED_META},"data":${data}}`) as ReturnType<typeof created<T>>;

export function errorResponse(c: Context, err: ApiError): Response {
  return jsonResponse(c, err.status, JSON.stringify(err.toBody()), err.headers);
}
