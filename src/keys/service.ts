import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createAccessCheck, isRefusal } from '../shared/access.js';
import { BodyError, jsonBodyReader } from '../shared/body.js';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../shared/db/unavailable.js';
import { createIdempotency } from '../shared/idempotency/step.js';
import { andThen } from '../shared/maybe.js';
import type { Service } from '../shared/operation.js';
import type { KeysAppDeps, KeysEnv, KeysLogger } from './context.js';
import {
  auditUnavailableBody,
  badRequest,
  databaseUnavailableBody,
  idempotencyErrors,
  internalErrorBody,
  issueFrom,
  keyNotFound,
  KeysError,
  TooManyRequests,
  UNAVAILABLE_RETRY_AFTER,
  unavailableBody,
} from './errors.js';
import { databaseUnavailablePage, failurePage, hardwareUnavailablePage, tooLargePage } from './prompt/pages.js';
import { SealedModuleUnavailable } from './sealed/sealed-module.js';
import { AuditUnavailable, noKeysEvents, type KeysEvents } from './audit.js';

const KEYS_BODY_LIMIT = 64 * 1024;

const BODY_MESSAGES = {
  media_type: 'The request body must be application/json.',
  too_large: 'The request body is larger than 64 KiB.',
  not_json: 'The request body is not valid JSON.',
} as const;

/** The end user's pages: the prompt, the provider's callback, the development provider's pages. */
const PAGE_PATH = /\/(prompt|oidc\/callback)$|\/oidc-dev\//;

export function keysErrorAnswer(logger: KeysLogger, events: KeysEvents = noKeysEvents) {
  // A refusal changes nothing, so a failure to record it is logged and the refusal still answered.
  const refused = (c: Context<KeysEnv>, reason: string) => {
    const operationId = (c.get as (k: string) => string | undefined)('operationId');
    try {
      Promise.resolve(
        events.record(c, {
          event: 'request_refused',
          outcome: 'refused',
          reason,
          operationId,
          keyId: c.req.param('keyId'),
        }),
      ).catch(() => {});
    } catch {
      // Logged by the audit trail itself.
    }
  };
  return (c: Context<KeysEnv>, err: unknown): Response => {
    if (err instanceof KeysError) {
      if (!err.recorded) refused(c, `${err.issues[0].parameter}:${err.issues[0].reason}`);
      return c.json(err.toBody(), err.status);
    }
    // Not recorded, nothing done: the same request answers once the trail can be written.
    if (err instanceof AuditUnavailable) {
      if (/\/(prompt|oidc\/callback)$/.test(c.req.path)) return failurePage(c);
      return c.json(auditUnavailableBody(), 503, { 'Retry-After': UNAVAILABLE_RETRY_AFTER });
    }
    if (err instanceof TooManyRequests) {
      refused(c, 'rate_limited');
      return c.json(err.toBody(), 429, err.headers);
    }
    if (err instanceof BodyError) {
      if (err.reason === 'too_large' && PAGE_PATH.test(c.req.path)) return tooLargePage(c);
      return c.json(badRequest('body', 'body', 'invalid', BODY_MESSAGES[err.reason]).toBody(), 400);
    }
    // The hardware could not answer; every operation asks it before it consumes anything.
    if (err instanceof SealedModuleUnavailable) {
      logger.warn({ err: err.message, path: c.req.path }, 'the sealed module is unavailable');
      if (PAGE_PATH.test(c.req.path)) return hardwareUnavailablePage(c, 'retry_page');
      return c.json(unavailableBody(), 503, { 'Retry-After': UNAVAILABLE_RETRY_AFTER });
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err: (err as Error).message, path: c.req.path }, 'the database did not answer in time');
      if (PAGE_PATH.test(c.req.path)) return databaseUnavailablePage(c);
      return c.json(databaseUnavailableBody(), 503, { 'Retry-After': UNAVAILABLE_RETRY_AFTER_SECONDS });
    }
    logger.error({ err, path: c.req.path }, 'unhandled error in the key service');
    if (/\/(prompt|oidc\/callback)$/.test(c.req.path)) return failurePage(c);
    return c.json(internalErrorBody(), 500);
  };
}

/**
 * Undeclared query parameters are ignored because the OpenID provider's redirect carries its own. Safe retries keep
 * their answers sealed: an init's answer holds the client secret, a transaction's the one-time prompt URL.
 */
export function createKeysService(
  deps: KeysAppDeps,
  logger: KeysLogger,
  events: KeysEvents = noKeysEvents,
): Service<KeysEnv> {
  const access = createAccessCheck(deps.authenticate, deps.rateLimit, 'x-api-key');
  return {
    app: new OpenAPIHono<KeysEnv>(),
    strictQuery: false,
    authenticate: (c) =>
      andThen(access(c), (outcome) => {
        if (isRefusal(outcome)) {
          if (outcome.reason === 'missing')
            throw badRequest('X-Api-Key', 'header', 'missing', 'The X-Api-Key header is required.');
          if (outcome.reason === 'unknown')
            throw badRequest('X-Api-Key', 'header', 'invalid', 'The API key is unknown or revoked.');
          throw new TooManyRequests(outcome.message, outcome.headers);
        }
      }),
    readJsonBody: jsonBodyReader(KEYS_BODY_LIMIT),
    idempotency: createIdempotency({
      records: deps.repos.idempotency,
      clock: deps.clock,
      sealer: {
        seal: (body, context) => deps.sealed.seal(Buffer.from(body, 'utf8'), context),
        unseal: (value, context) =>
          andThen(deps.sealed.unseal(value, context), (plain) => plain?.toString('utf8') ?? null),
      },
      ...idempotencyErrors,
      onStoreError: (err) => logger.error({ err }, 'an idempotency record could not be stored or freed'),
    }),
    refuse(_c, problems) {
      const issues = problems.map(issueFrom);
      throw new KeysError(400, [issues[0]!, ...issues.slice(1)]);
    },
    // The key service's only path parameter is keyId.
    notFound: (c) => c.json(keyNotFound().toBody(), 404),
    answerError: keysErrorAnswer(logger, events),
  };
}
