import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { createAccessCheck, isRefusal } from '../shared/access.js';
import { BodyError, jsonBodyReader } from '../shared/body.js';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../shared/db/unavailable.js';
import { andThen } from '../shared/maybe.js';
import type { Service } from '../shared/operation.js';
import type { KeysAppDeps, KeysEnv, KeysLogger } from './context.js';
import { badRequest, databaseUnavailableBody, internalErrorBody, issueFrom, keyNotFound, KeysError, TooManyRequests, UNAVAILABLE_RETRY_AFTER, unavailableBody } from './errors.js';
import { databaseUnavailablePage, failurePage, hardwareUnavailablePage, tooLargePage } from './prompt/pages.js';
import { SealedModuleUnavailable } from './sealed/sealed-module.js';

/** A key service request body is small: a provider name, a client secret, a return URL. */
export const KEYS_BODY_LIMIT = 64 * 1024;

const BODY_MESSAGES = {
  media_type: 'The request body must be application/json.',
  too_large: 'The request body is larger than 64 KiB.',
  not_json: 'The request body is not valid JSON.',
} as const;

/** The end user's pages: the prompt, the provider's callback, the development provider's pages. */
const PAGE_PATH = /\/(prompt|oidc\/callback)$|\/oidc-dev\//;

/** The key service's answer to anything thrown while it answers a request. */
export function keysErrorAnswer(logger: KeysLogger) {
  return (c: Context<KeysEnv>, err: unknown): Response => {
    if (err instanceof KeysError) return c.json(err.toBody(), err.status);
    if (err instanceof TooManyRequests) return c.json(err.toBody(), 429, err.headers);
    if (err instanceof BodyError) {
      // The end user's pages (their forms) answer with a page; the API with its documented 400.
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
    // The end user's pages answer with a page, the API with its JSON error.
    if (/\/(prompt|oidc\/callback)$/.test(c.req.path)) return failurePage(c);
    return c.json(internalErrorBody(), 500);
  };
}

/**
 * The key service on the operation layer (shared/operation.ts): `X-Api-Key` (a 400 naming the
 * header when missing or unknown) and the rate limit (429), a JSON body of at most 64 KiB (400
 * naming the body), every problem of the request in one 400 (`error.issues`), and its JSON error
 * body for every error. Query parameters a route does not declare are ignored: the OpenID
 * provider's redirect carries some of its own.
 */
export function createKeysService(deps: KeysAppDeps, logger: KeysLogger): Service<KeysEnv> {
  const access = createAccessCheck(deps.authenticate, deps.rateLimit, 'x-api-key');
  return {
    app: new OpenAPIHono<KeysEnv>(),
    strictQuery: false,
    authenticate: (c) =>
      andThen(access(c), (outcome) => {
        if (isRefusal(outcome)) {
          if (outcome.reason === 'missing') throw badRequest('X-Api-Key', 'header', 'missing', 'The X-Api-Key header is required.');
          if (outcome.reason === 'unknown') throw badRequest('X-Api-Key', 'header', 'invalid', 'The API key is unknown or revoked.');
          throw new TooManyRequests(outcome.message, outcome.headers);
        }
      }),
    readJsonBody: jsonBodyReader(KEYS_BODY_LIMIT),
    refuse(_c, problems) {
      const issues = problems.map(issueFrom);
      throw new KeysError(400, [issues[0]!, ...issues.slice(1)]);
    },
    // The key service's only path parameter is keyId.
    notFound: (c) => c.json(keyNotFound().toBody(), 404),
    answerError: keysErrorAnswer(logger),
  };
}
