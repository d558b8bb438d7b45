import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createOrdersApp, ORDERS_BASE_PATH } from './commerce/app.js';
import type { Storage } from './storage.js';
import { createAuthenticator } from './shared/api-keys.js';
import { createSignatureVerifier, type SignatureVerifier } from './shared/request-signing.js';
import type { Clock } from './shared/clock.js';
import { errorResponse } from './commerce/envelope.js';
import { databaseUnavailable } from './commerce/service.js';
import { isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './shared/db/unavailable.js';
import { startingBody } from './keys/errors.js';
import { ApiError } from './commerce/errors.js';
import { gzippedAsset, listAssets, readAsset } from './shared/assets.js';
import { API_HEADERS, observeRequests, requestIdOf } from './shared/http.js';
import { createDocsApp } from './docs/index.js';
import { createKeysApp } from './keys/app.js';
import type { KeysConfig } from './keys/config.js';
import type { SealedModule } from './keys/sealed/sealed-module.js';
import { instrumentSealedModule } from './keys/sealed/instrumented.js';
import { keysEvents, type AuditTrail } from './keys/audit.js';
import type { Metrics, ServiceLabel } from './shared/metrics.js';
import type { VersionInfo } from './shared/version.js';
import type { Tracing } from './shared/tracing-hooks.js';

export interface AppDeps {
  storage: Storage;
  clock: Clock;
  config: Config;
  logger: Logger;
  /** Without it the key service is not mounted. */
  keys?: { config: KeysConfig; sealed: SealedModule };
  /** The origin the served specs name (PUBLIC_URL, else http://HOST:PORT). */
  publicUrl?: string;
  metrics?: Metrics;
  version?: VersionInfo;
  audit?: AuditTrail;
  tracing?: Tracing;
}

export function createApp(deps: AppDeps) {
  const { storage, clock, config, logger, tracing } = deps;
  const repos = tracing ? tracing.repositories(storage.repos, storage.engine) : storage.repos;
  const authenticate = createAuthenticator(repos.apiKeys, clock);
  const rateLimit = storage.rateLimiter(
    { perSecond: config.RATE_LIMIT_PER_SECOND, burst: config.RATE_LIMIT_BURST },
    clock,
  );

  const app = new Hono();
  const keysBase = deps.keys ? `${deps.keys.config.basePath}/` : undefined;
  const serviceOf = (path: string): ServiceLabel =>
    path.startsWith(ORDERS_BASE_PATH) ? 'orders' : keysBase && path.startsWith(keysBase) ? 'keys' : 'other';

  const health = { status: 'ok', ...deps.version };
  app.get('/healthz', (c) => c.json(health, 200, API_HEADERS));
  app.get('/readyz', async (c) => {
    try {
      await storage.probeWrite();
      return c.json({ status: 'ready' }, 200, API_HEADERS);
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'not ready: the database cannot commit a write');
      return c.json({ status: 'unavailable' }, 503, API_HEADERS);
    }
  });

  // The bundle's files come gzipped, and are served so, read out of its text when asked for; from src/ they are
  // read as written.
  const site = new Map(
    listAssets('site').map((f) => {
      const gzipped = gzippedAsset(f);
      return [f.slice('site/'.length), gzipped ? { gzipped } : readAsset(f)!];
    }),
  );
  app.route('/', createDocsApp({ files: site, publicUrl: deps.publicUrl ?? deps.keys?.config.publicUrl }));

  let verifySignature: SignatureVerifier | undefined;
  if (deps.keys) {
    const { config: keysConfig } = deps.keys;
    const counted = deps.metrics ? instrumentSealedModule(deps.keys.sealed, deps.metrics) : deps.keys.sealed;
    const sealed = tracing ? tracing.sealed(counted) : counted;
    // The order service's request signing derives its secrets in the key service's sealed module.
    verifySignature = createSignatureVerifier(sealed, () => clock.now().getTime());
    const events = keysEvents({ metrics: deps.metrics, audit: deps.audit });
    app.route(
      keysConfig.basePath,
      createKeysApp({ repos, sealed, clock, config: keysConfig, authenticate, rateLimit, logger, events }),
    );
  }

  app.route(
    ORDERS_BASE_PATH,
    createOrdersApp({ repos, clock, config, logger, authenticate, rateLimit, verifySignature }),
  );

  app.notFound((c) =>
    deps.keys && c.req.path.startsWith(`${deps.keys.config.basePath}/`)
      ? c.json({ error: { code: 'not_found', message: 'No such route.' } }, 404, API_HEADERS)
      : errorResponse(c, new ApiError(40400, 'No such route.')),
  );
  app.onError((err, c) => {
    if (isDatabaseUnavailable(err)) {
      logger.warn({ err: err.message, requestId: requestIdOf(c) }, 'the database did not answer in time');
      return errorResponse(c, databaseUnavailable());
    }
    logger.error({ err, requestId: requestIdOf(c) }, 'unhandled error');
    return errorResponse(c, new ApiError(50000));
  });

  // Every request, whatever answers it, through one step: its id, access line and metrics (src/shared/http.ts).
  app.fetch = observeRequests(app.fetch, logger, {
    metrics: deps.metrics,
    serviceOf,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    trace: tracing?.request,
  });
  return app;
}

/** Answers 503 while the process starts, so the port can be bound before the app is built. */

export function createStartingApp(logger: Logger, keysBasePath: string) {
  const app = new Hono();
  app.fetch = observeRequests(app.fetch, logger);
  app.all('*', (c) => {
    const headers = { ...API_HEADERS, 'retry-after': UNAVAILABLE_RETRY_AFTER_SECONDS };
    if (c.req.path === keysBasePath || c.req.path.startsWith(`${keysBasePath}/`))
      return c.json(startingBody(), 503, headers);
    return errorResponse(
      c,
      new ApiError(50300, 'The service is starting; retry the request in a moment.', undefined, headers),
    );
  });
  return app;
}
