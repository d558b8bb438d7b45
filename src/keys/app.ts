import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { createAuthenticator } from '../shared/api-keys.js';
import { requestId } from '../shared/http.js';
import { honoPath } from '../shared/operation.js';
import { rateLimitAnswer } from '../shared/rate-limit.js';
import { failingParts, type RequestSchemas } from '../shared/validation.js';
import type { KeysApp, KeysDeps, KeysEnv, KeysServices } from './context.js';
import { badRequest, internalErrorBody, issuesFrom, KeysError, type Location } from './errors.js';
import { createDevProvider } from './oidc/dev-provider.js';
import { createRelyingParty, type ProviderName, type ProviderSettings } from './oidc/relying-party.js';
import { failurePage } from './prompt/pages.js';
import { completeUserSignIn } from './operations/complete-user-sign-in.js';
import { createGenerateTransaction } from './operations/create-generate-transaction.js';
import { createRecoverTransaction } from './operations/create-recover-transaction.js';
import { exchangeKeyToken } from './operations/exchange-key-token.js';
import { initKey } from './operations/init-key.js';
import { showUserPrompt } from './operations/show-user-prompt.js';
import { startUserSignIn } from './operations/start-user-sign-in.js';

const TARGETS: Record<string, Location> = { json: 'body', form: 'body', param: 'path', query: 'query', header: 'header' };

const consoleLogger = {
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

/**
 * The key-generation service as a Hono app with paths relative to its base path
 * (`config.basePath`, `/keygen`): mount it with `root.route(config.basePath, createKeysApp(deps))`.
 * With `config.devProvider` it also serves the embedded OpenID provider under `/oidc-dev`.
 */
export function createKeysApp(deps: KeysDeps): KeysApp {
  const { db, sealed, clock, config } = deps;
  const logger = deps.logger ?? consoleLogger;
  const authenticate = deps.authenticate ?? createAuthenticator(db, clock);
  const base = `${config.publicUrl}${config.basePath}`;
  const urls = { prompt: `${base}/prompt`, callback: `${base}/oidc/callback` };

  const providers: Partial<Record<ProviderName, ProviderSettings>> = { ...config.providers };
  const dev = config.devProvider
    ? createDevProvider({ issuer: `${base}/oidc-dev`, redirectUri: urls.callback, users: config.devProvider.users, clock })
    : null;
  if (dev) {
    providers.dev = { issuer: dev.issuer, clientId: dev.clientId, clientSecret: dev.clientSecret, displayName: 'the development sign-in', prompt: 'login', fetch: dev.fetch };
  }
  const services: KeysServices = { db, sealed, clock, config, logger, urls, rp: createRelyingParty(providers, urls.callback) };

  // Each operation's request schemas, by method and route path, so that a failing validator can
  // report the problems of every part of the request (`error.issues`), not only of its own part.
  const requests = new Map<string, RequestSchemas | undefined>();
  const app: KeysApp = new OpenAPIHono<KeysEnv>({
    defaultHook: async (result, c) => {
      if (result.success) return;
      const routePath = c.req.routePath.startsWith(config.basePath) ? c.req.routePath.slice(config.basePath.length) : c.req.routePath;
      const parts = await failingParts(requests.get(`${c.req.method} ${routePath}`), c).catch(() => []);
      let issues = parts.flatMap((p) => issuesFrom(p.part, p.input, p.issues));
      if (issues.length === 0) {
        // A part the JSON parts above do not cover (the prompt page's form): its own issues.
        const where = TARGETS[result.target] ?? 'body';
        const input = await Promise.resolve()
          .then(() => (where === 'body' ? c.req.json() : where === 'query' ? c.req.query() : where === 'path' ? c.req.param() : c.req.header()))
          .catch(() => undefined);
        issues = issuesFrom(where, input, result.error.issues);
      }
      throw issues.length > 0 ? new KeysError(400, [issues[0]!, ...issues.slice(1)]) : badRequest('body', 'body', 'invalid', 'The request is invalid.');
    },
  });

  app.use('*', requestId());
  // Every answer of the key service, JSON and pages (the development provider sets its own).
  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
  });

  const requireApiKey: MiddlewareHandler<KeysEnv> = async (c, next) => {
    const raw = c.req.header('x-api-key');
    if (raw === undefined || raw === '') throw badRequest('X-Api-Key', 'header', 'missing', 'The X-Api-Key header is required.');
    const principal = authenticate(raw);
    if (!principal) throw badRequest('X-Api-Key', 'header', 'invalid', 'The API key is unknown or revoked.');
    const decision = deps.rateLimit?.(principal.apiKeyId);
    if (decision) {
      const { headers, refusal } = rateLimitAnswer(decision);
      for (const [k, v] of Object.entries(headers)) c.header(k, v);
      if (refusal) return c.json({ error: { code: 'too_many_requests', message: refusal } }, 429);
    }
    c.set('principal', principal);
    c.header('Cache-Control', 'no-store');
    await next();
  };
  const limitBody = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw badRequest('body', 'body', 'invalid', 'The request body is larger than 64 KiB.');
    },
  });
  // '/keys/*' also matches '/keys' itself: one registration, so each request is counted once.
  app.use('/keys/*', requireApiKey, limitBody);

  for (const register of [initKey, createGenerateTransaction, createRecoverTransaction, exchangeKeyToken, showUserPrompt, startUserSignIn, completeUserSignIn]) {
    register(app, services);
  }
  for (const d of app.openAPIRegistry.definitions) {
    if (d.type === 'route') requests.set(`${d.route.method.toUpperCase()} ${honoPath(d.route.path)}`, d.route.request as RequestSchemas);
  }
  if (dev) app.route('/', dev.app);

  app.onError((err, c) => {
    if (err instanceof KeysError) return c.json(err.toBody(), err.status);
    if (err instanceof HTTPException && err.status === 400) {
      return c.json(badRequest('body', 'body', 'invalid', 'The request body is not valid JSON.').toBody(), 400);
    }
    // @hono/zod-openapi's media-type gate: a body that is not JSON is the client's 400, as keys.yaml documents.
    if (err instanceof HTTPException && err.status === 415) {
      return c.json(badRequest('body', 'body', 'invalid', 'The request body must be application/json.').toBody(), 400);
    }
    logger.error({ err, path: c.req.path }, 'unhandled error in the key service');
    if (/\/(prompt|oidc\/callback)$/.test(c.req.path)) return failurePage(c);
    return c.json(internalErrorBody(), 500);
  });
  app.notFound((c) => c.json({ error: { code: 'not_found', message: 'No such route.' } }, 404));
  return app;
}
