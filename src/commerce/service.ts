import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { OpenAPIHono } from '@hono/zod-openapi';
import { createAccessCheck, isRefusal } from '../shared/access.js';
import { BodyError, jsonBodyReader, rawBodyReader } from '../shared/body.js';
import type { Principal } from '../shared/api-keys.js';
import { SIGNATURE_HEADER } from '../shared/request-signing.js';
import { createIdempotency, IDEMPOTENCY_KEY } from '../shared/idempotency/step.js';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../shared/db/unavailable.js';
import { requestIdOf } from '../shared/http.js';
import { andThen, type MaybePromise } from '../shared/maybe.js';
import type { Service } from '../shared/operation.js';
import { jsonPath, type Problem } from '../shared/validation.js';
import type { OrdersDeps, OrdersEnv } from './context.js';
import { errorResponse } from './envelope.js';
import { ApiError, invalidRequest, missingParameters, type ErrorDetail } from './errors.js';
import { describeIssue } from './problems.js';

const PREFIX = { header: 'header.', path: 'path.', query: 'query.', body: '' } as const;

/** A problem as `meta.errors[]` names it: `items[0].quantity`, `query.limit`, `header.svc-store-id`. */
function errorDetail(p: Problem): ErrorDetail {
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
  const signed = signatureCheck(deps, limit);
  return {
    app: new OpenAPIHono<OrdersEnv>(),
    strictQuery: true,
    authenticate: (c) =>
      andThen(access(c), (outcome) => {
        if (!isRefusal(outcome)) return signed(c, outcome);
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
          { err: (err as Error).message, requestId: requestIdOf(c) },
          'the database did not answer in time',
        );
        return errorResponse(c, databaseUnavailable());
      }
      deps.logger.error({ err, requestId: requestIdOf(c) }, 'unhandled error');
      return errorResponse(c, new ApiError(50000));
    },
  };
}

const SIGNATURE_PATH = `header.${SIGNATURE_HEADER}`;
/** The 401 of each way a signed request can fail: its message, and the header it names. */
const SIGNATURE_REFUSALS = {
  signature_missing: [
    'This API key requires signed requests.',
    SIGNATURE_PATH,
    'Required: this API key requires signed requests.',
  ],
  date_invalid: [
    'The date header is not an RFC 1123 date.',
    'header.date',
    'Must be an RFC 1123 date, such as Sun, 06 Nov 1994 08:49:37 GMT.',
  ],
  date_outside: [
    'The date header is more than 3 minutes from the service time; sign the request again.',
    'header.date',
    'More than 3 minutes from the service time.',
  ],
  mismatch: ['The signature does not match the request.', SIGNATURE_PATH, 'Does not match.'],
  no_root: [
    "This API key's signing secret was made under a root this instance does not hold.",
    SIGNATURE_PATH,
    'Cannot be checked here.',
  ],
} as const;

/**
 * Signed requests (shared/request-signing.ts), after the key and the rate limit: a key that requires
 * them is refused without a valid signature (401/40100) or without a `date` (412/41201); a
 * signature sent with a key that signs nothing is refused too, since nothing could check it.
 */
function signatureCheck(deps: OrdersDeps, limit: number) {
  const readBody = rawBodyReader(limit);
  return (c: Context<OrdersEnv>, principal: Principal): MaybePromise<void> => {
    const signature = c.req.header(SIGNATURE_HEADER);
    if (!principal.signing) {
      if (signature === undefined) return;
      throw new ApiError(
        40100,
        'This API key does not sign requests: send it without svc-signature-hmac-sha256, or give it a signing secret.',
        [{ path: SIGNATURE_PATH, info: 'This API key has no signing secret.' }],
      );
    }
    const verify = deps.verifySignature;
    if (!verify)
      throw new ApiError(50300, 'Signed requests cannot be checked on this instance right now; retry later.');
    const signing = principal.signing;
    return andThen(c.req.raw.body !== null ? readBody(c) : new Uint8Array(), (body) =>
      andThen(
        verify(principal.apiKeyId, signing, {
          method: c.req.method,
          target: requestTarget(c.req.url),
          headers: Object.entries(c.req.header()),
          contentType: c.req.header('content-type'),
          date: c.req.header('date'),
          signature,
          body,
        }),
        (verdict) => {
          if (verdict.ok) return;
          if (verdict.problem === 'date_missing')
            throw new ApiError(41201, 'The date header is required on a signed request.', [
              { path: 'header.date', info: 'Required.' },
            ]);
          const [message, path, info] = SIGNATURE_REFUSALS[verdict.problem];
          throw new ApiError(40100, message, [{ path, info }]);
        },
      ),
    );
  };
}

/** The path and query of a request URL, as sent. */
const requestTarget = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2));

/** Longer than any id newId makes; the header's schema sets no bound (any other value is 41204). */
const MAX_STORE_ID = 64;
const HTTP_BLANK = /^[ \t]*$/;

/**
 * `svc-store-id` → a store of the caller's account: missing 412/41201, naming no store (any shape) 412/41204.
 * A store found is remembered for `ttlMs`, which is safe because stores are never deleted and never change
 * account (test/codebase/invariants.test.ts); only its id is handed on, never fields an update could change.
 * A store not found is not remembered, so a new store is usable at once.
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
