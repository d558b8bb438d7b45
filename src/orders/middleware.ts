import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { zGetOrderHeaders } from '../../generated/orders/zod.js';
import { ApiError } from '../shared/errors.js';
import { toDetails } from '../shared/validation.js';
import type { OrdersDeps, OrdersEnv } from './env.js';
import { findStore } from './stores/repository.js';

/** `svc-api-key` → the caller's account (401/40100), then the per-key rate limit (429/42900). */
export function authenticate(deps: OrdersDeps): MiddlewareHandler<OrdersEnv> {
  return async (c, next) => {
    const principal = deps.authenticate(c.req.header('svc-api-key'));
    if (!principal) throw new ApiError(40100);
    const decision = deps.rateLimit(principal.apiKeyId);
    if (decision) {
      const headers = {
        'ratelimit-limit': String(decision.limit),
        'ratelimit-remaining': String(decision.remaining),
        'ratelimit-reset': String(decision.resetSeconds),
      };
      if (!decision.allowed) {
        const wait = Math.max(1, decision.resetSeconds);
        throw new ApiError(42900, `Too many requests; retry after ${wait} second${wait === 1 ? '' : 's'}.`, undefined, {
          ...headers,
          'retry-after': String(wait),
        });
      }
      for (const [k, v] of Object.entries(headers)) c.header(k, v);
    }
    c.set('principal', principal);
    await next();
  };
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Requests with a body: `application/json` (415/41500), at most `limit` bytes (413/41300),
 * parseable JSON (400/40000). The parsed body stays cached for the route's validator.
 */
export function jsonBody(limit: number): MiddlewareHandler<OrdersEnv> {
  const sizeGuard = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new ApiError(41300, `The request body is larger than ${limit} bytes.`);
    },
  });
  return async (c, next) => {
    if (c.req.method !== 'POST' && c.req.method !== 'PATCH' && c.req.method !== 'PUT') return next();
    if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) throw new ApiError(41500);
    await sizeGuard(c, async () => {
      try {
        await c.req.json();
      } catch (err) {
        if (err instanceof ApiError) throw err;
        throw new ApiError(40000);
      }
      await next();
    });
  };
}

const storeHeader = zGetOrderHeaders.shape['svc-store-id'];

/** `svc-store-id` → a store of the caller's account: missing 412/41201, unknown 412/41204. */
export function requireStore(deps: OrdersDeps): MiddlewareHandler<OrdersEnv> {
  return async (c, next) => {
    const value = c.req.header('svc-store-id');
    if (value === undefined || value.trim() === '') {
      throw new ApiError(41201, undefined, [{ path: 'header.svc-store-id', info: 'Required.' }]);
    }
    const parsed = storeHeader.safeParse(value);
    if (!parsed.success) {
      throw new ApiError(42200, undefined, toDetails('header.svc-store-id', value, parsed.error.issues).details);
    }
    const store = findStore(deps.db, c.var.principal.accountId, value);
    if (!store) throw new ApiError(41204);
    c.set('store', store);
    await next();
  };
}
