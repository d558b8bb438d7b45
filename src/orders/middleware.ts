import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from '../shared/errors.js';
import { addResponseHeaders } from '../shared/http.js';
import { rateLimitAnswer } from '../shared/rate-limit.js';
import { PARSED_BODY } from '../shared/validation.js';
import type { OrdersDeps, OrdersEnv } from './env.js';
import { findStore } from './stores/repository.js';

/** `svc-api-key` → the caller's account (401/40100), then the per-key rate limit (429/42900). */
export function authenticate(deps: OrdersDeps): MiddlewareHandler<OrdersEnv> {
  return (c, next) => {
    const principal = deps.authenticate(c.req.header('svc-api-key'));
    if (!principal) throw new ApiError(40100);
    const decision = deps.rateLimit(principal.apiKeyId);
    if (decision) {
      const { headers, refusal } = rateLimitAnswer(decision);
      if (refusal) throw new ApiError(42900, refusal, undefined, headers);
      addResponseHeaders(c, headers);
    }
    c.set('principal', principal);
    return next();
  };
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;

/**
 * Requests with a body: `application/json` (415/41500), at most `limit` bytes (413/41300),
 * UTF-8 JSON (400/40000). The parsed body is left for the operation's validator (PARSED_BODY).
 */
export function jsonBody(limit: number): MiddlewareHandler<OrdersEnv> {
  const sizeGuard = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new ApiError(41300, `The request body is larger than ${limit} bytes.`);
    },
  });
  // JSON text is UTF-8 (RFC 8259): bytes that are not are a 400, not silently replaced by U+FFFD.
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const parse = async (c: Context<OrdersEnv>) => {
    let text: string;
    let value: unknown;
    try {
      text = utf8.decode(await c.req.arrayBuffer());
      value = JSON.parse(text);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(40000);
    }
    // The operation's validator takes the parsed body from here (parsed once); anything that
    // reads the body again gets the decoded text from hono's body cache, which holds promises at
    // run time (its type says string).
    c.set(PARSED_BODY as never, value as never);
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  };
  const parseBody = async (c: Context<OrdersEnv>, next: () => Promise<void>) => {
    if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) throw new ApiError(41500);
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      // The declared length decides (node's parser holds the body to it), and the body is read
      // straight from the socket: hono's bodyLimit would turn it into a web stream first.
      if (parseInt(length, 10) > limit) throw new ApiError(41300, `The request body is larger than ${limit} bytes.`);
      await parse(c);
      return next();
    }
    await sizeGuard(c, async () => {
      await parse(c);
      await next();
    });
  };
  // Not async itself: a request without a body goes on without an extra promise.
  return (c, next) => (c.req.method === 'POST' || c.req.method === 'PATCH' || c.req.method === 'PUT' ? parseBody(c, next) : next());
}

/** Longer than any id newId makes; the header's schema sets no bound (any other value is 41204). */
const MAX_STORE_ID = 64;
const HTTP_BLANK = /^[ \t]*$/;

/**
 * `svc-store-id` → a store of the caller's account: missing 412/41201, naming no store (any shape) 412/41204.
 *
 * A store found is remembered for `ttlMs` (one second), so that a busy client does not cost a
 * query per request for it. Stores are never deleted and never change account, so a remembered
 * store is still the caller's; only its id is handed on (c.get('store')), never fields that an
 * update could change. A store not found is not remembered: a new store is usable at once.
 */
export function requireStore(deps: OrdersDeps, ttlMs = 1000, maxEntries = 10_000): MiddlewareHandler<OrdersEnv> {
  const known = new Map<string, number>();
  return (c, next) => {
    const value = c.req.header('svc-store-id');
    // Blank in HTTP's sense (spaces and tabs only): String#trim would also drop Unicode spaces
    // such as U+00A0, which make a value that names no store (41204), not a missing one.
    if (value === undefined || HTTP_BLANK.test(value)) {
      throw new ApiError(41201, undefined, [{ path: 'header.svc-store-id', info: 'Required.' }]);
    }
    const accountId = c.get('principal').accountId;
    const key = `${accountId}\n${value}`;
    const now = deps.clock.now().getTime();
    const until = known.get(key);
    // A remembered value has passed this check already.
    if (until === undefined || until <= now) {
      // A value no store id can have (longer than any, see newId) names no store: 41204 without a query.
      if (value.length > MAX_STORE_ID || !findStore(deps.db, accountId, value)) {
        known.delete(key);
        throw new ApiError(41204);
      }
      if (known.size >= maxEntries) known.clear();
      known.set(key, now + ttlMs);
    }
    c.set('store', { id: value });
    return next();
  };
}
