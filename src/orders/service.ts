import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { OpenAPIHono } from '@hono/zod-openapi';
import { createAccessCheck, isRefusal } from '../shared/access.js';
import { BodyError, jsonBodyReader } from '../shared/body.js';
import { createIdempotency, IDEMPOTENCY_KEY } from '../shared/idempotency/step.js';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../shared/db/unavailable.js';
import { andThen, type MaybePromise } from '../shared/maybe.js';
import type { Service } from '../shared/operation.js';
import { jsonPath, type Problem } from '../shared/validation.js';
import type { OrdersDeps, OrdersEnv } from './context.js';
import { errorResponse } from './envelope.js';
import { ApiError, invalidRequest, missingParameters, type ErrorDetail } from './errors.js';
import { describeIssue } from './problems.js';

const PREFIX = { header: 'header.', path: 'path.', query: 'query.', body: '' } as const;

/** A problem as `meta.errors[]` names it: `items[0].quantity`, `query.limit`, `header.svc-store-id`. */
export function errorDetail(p: Problem): ErrorDetail {
  const path = PREFIX[p.part] + jsonPath(p.path);
  if (p.kind === 'missing') return { path, info: 'Required.' };
  if (p.kind === 'unknown') return { path, info: p.part === 'query' ? 'Unknown parameter.' : 'Unknown property.' };
  return { path, info: describeIssue(p.issue!) };
}

const BODY_ERRORS = {
  media_type: () => new ApiError(41500),
  too_large: (limit: number) => new ApiError(41300, `The request body is larger than ${limit} bytes.`),
  not_json: () => new ApiError(40000),
} as const;

const KEY_PATH = `header.${IDEMPOTENCY_KEY}`;

/** The order service's answers of safe retries: the key's first request still runs (409), or was another request (422). */
export const idempotencyErrors = {
  inProgress: () =>
    new ApiError(
      40900,
      'A request with this idempotency-key is still being processed; retry it once that request has been answered.',
      [{ path: KEY_PATH, info: 'Still in progress.' }],
    ),
  reused: () =>
    new ApiError(42200, 'This idempotency-key was used with a different request; send a new key for a new request.', [
      { path: KEY_PATH, info: 'Already used with another request (method, path, svc-store-id or body).' },
    ]),
};

/** 503/50300 when the database cannot answer in time: the request may be sent again. */
export const databaseUnavailable = () =>
  new ApiError(50300, 'The service cannot reach its database right now; retry later.', undefined, {
    'retry-after': UNAVAILABLE_RETRY_AFTER_SECONDS,
  });

/**
 * The order service on the operation layer (shared/operation.ts): `svc-api-key` (401/40100) and
 * the rate limit (429/42900), a JSON body (415/41500, 413/41300, 400/40000), every problem of the
 * request in one 40001/42200, safe retries under `idempotency-key` (409/40900, 42200), and its
 * envelope for every error.
 */
export function createOrdersService(deps: OrdersDeps): Service<OrdersEnv> {
  const access = createAccessCheck(deps.authenticate, deps.rateLimit, 'svc-api-key');
  const limit = deps.config.BODY_LIMIT_BYTES;
  return {
    app: new OpenAPIHono<OrdersEnv>(),
    strictQuery: true,
    authenticate: (c) =>
      andThen(access(c), (outcome) => {
        if (!isRefusal(outcome)) return;
        if (outcome.reason === 'rate_limited') throw new ApiError(42900, outcome.message, undefined, outcome.headers);
        throw new ApiError(40100);
      }),
    readJsonBody: jsonBodyReader(limit),
    refuse(_c, problems) {
      const details = problems.map(errorDetail);
      throw problems.some((p) => p.kind === 'missing') ? missingParameters(details) : invalidRequest(details);
    },
    idempotency: createIdempotency({
      records: deps.repos.idempotency,
      clock: deps.clock,
      ...idempotencyErrors,
      onStoreError: (err) => deps.logger.error({ err }, 'an idempotency record could not be stored or freed'),
    }),
    notFound: (c) => errorResponse(c, new ApiError(40400)),
    answerError(c, err) {
      if (err instanceof ApiError) return errorResponse(c, err);
      if (err instanceof BodyError) return errorResponse(c, BODY_ERRORS[err.reason](err.limit));
      if (err instanceof HTTPException && err.status === 400) return errorResponse(c, new ApiError(40000));
      if (isDatabaseUnavailable(err)) {
        deps.logger.warn(
          { err: (err as Error).message, requestId: c.get('requestId') },
          'the database did not answer in time',
        );
        return errorResponse(c, databaseUnavailable());
      }
      deps.logger.error({ err, requestId: c.get('requestId') }, 'unhandled error');
      return errorResponse(c, new ApiError(50000));
    },
  };
}

/** Longer than any id newId makes; the header's schema sets no bound (any other value is 41204). */
const MAX_STORE_ID = 64;
const HTTP_BLANK = /^[ \t]*$/;

/**
 * `svc-store-id` → a store of the caller's account: missing 412/41201, naming no store (any shape) 412/41204.
 *
 * A store found is remembered for `ttlMs` (one second), so that a busy client does not cost a
 * query per request for it. Stores are never deleted and never change account (test/codebase/invariants.test.ts), so a remembered
 * store is still the caller's; only its id is handed on (c.get('store')), never fields that an
 * update could change. A store not found is not remembered: a new store is usable at once.
 */
export function requireStore(deps: OrdersDeps, ttlMs = 1000, maxEntries = 10_000) {
  const known = new Map<string, number>();
  return (c: Context<OrdersEnv>): MaybePromise<void> => {
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
    if (until !== undefined && until > now) {
      c.set('store', { id: value });
      return;
    }
    // A value no store id can have (longer than any, see newId) names no store: 41204 without a query.
    if (value.length > MAX_STORE_ID) throw new ApiError(41204);
    return andThen(deps.repos.stores.find(accountId, value), (store) => {
      if (!store) {
        known.delete(key);
        throw new ApiError(41204);
      }
      if (known.size >= maxEntries) known.clear();
      known.set(key, now + ttlMs);
      c.set('store', { id: value });
    });
  };
}
