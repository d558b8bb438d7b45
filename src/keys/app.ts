import { API_HEADERS } from '../shared/http.js';
import { registerOperations } from '../shared/operation.js';
import type { KeysApp, KeysAppDeps, KeysOperationDeps } from './context.js';
import { createDevProvider } from './oidc/dev-provider.js';
import { createRelyingParty, type ProviderName, type ProviderSettings } from './oidc/relying-party.js';
import { keysOperations } from '../../generated/keys/operations.js';
import { createKeysService, keysErrorAnswer } from './service.js';
import { noKeysEvents } from './audit.js';

const consoleLogger = {
  warn: (obj: object, msg: string) => console.warn(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

/** Paths are relative to `config.basePath`: mount it with `root.route(config.basePath, createKeysApp(deps))`. */
export function createKeysApp(deps: KeysAppDeps): KeysApp {
  const { repos, sealed, clock, config } = deps;
  const logger = deps.logger ?? consoleLogger;
  const base = `${config.publicUrl}${config.basePath}`;
  const urls = { prompt: `${base}/prompt`, callback: `${base}/oidc/callback` };

  const providers: Partial<Record<ProviderName, ProviderSettings>> = { ...config.providers };
  const dev = config.devProvider
    ? createDevProvider({
        issuer: `${base}/oidc-dev`,
        redirectUri: urls.callback,
        users: config.devProvider.users,
        records: repos.devProvider,
        sealed,
        clock,
        warn: (message) => logger.warn({}, message),
      })
    : null;
  if (dev) {
    providers.dev = {
      issuer: dev.issuer,
      clientId: dev.clientId,
      clientSecret: dev.clientSecret,
      idTokenSigningAlg: dev.idTokenSigningAlg,
      displayName: 'the development sign-in',
      prompt: 'login',
      fetch: dev.fetch,
    };
  }
  const events = deps.events ?? noKeysEvents;
  const operationDeps: KeysOperationDeps = {
    repos,
    sealed,
    clock,
    config,
    logger,
    events,
    urls,
    rp: createRelyingParty(providers, urls.callback),
  };

  const service = createKeysService(deps, logger, events);
  const app = service.app;
  // Every answer of the key service, JSON and pages, errors included (the development provider sets its own).
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(API_HEADERS)) c.header(name, value);
  });
  registerOperations(service, keysOperations, operationDeps);
  if (dev) app.route('/', dev.app);
  // The development provider's routes; the operations answer their own errors.
  const answerError = keysErrorAnswer(logger, events);
  app.onError((err, c) => answerError(c, err));
  return app;
}
