import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.js';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echoes a well-formed incoming `x-request-id`, otherwise makes one; set on every response. */
export const requestId = (): MiddlewareHandler<{ Variables: { requestId: string } }> => async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const id = incoming && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  c.set('requestId', id);
  c.header('x-request-id', id);
  await next();
  c.res.headers.set('x-request-id', id);
};

export const ok = <T>(c: Context, data: T) => c.json({ meta: { code: 20000 as const, type: 'OK' as const, message: 'OK.' }, data }, 200);

export const created = <T>(c: Context, data: T) =>
  c.json({ meta: { code: 20100 as const, type: 'Created' as const, message: 'Created.' }, data }, 201);

export function errorResponse(c: Context, err: ApiError): Response {
  const res = c.json(err.toBody(), err.status);
  for (const [k, v] of Object.entries(err.headers ?? {})) res.headers.set(k, v);
  return res;
}
