import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createApp, createStartingApp } from './app.js';
import { loadConfig } from './config.js';
import { KEYS_BASE_PATH, keysConfigFromEnv } from './keys/config.js';
import { loadKeysRuntime } from './keys/runtime.js';
import { startSweeper, type Sweeper } from './keys/sweeper.js';
import { openStorage, sharedClock } from './storage.js';
import { systemClock } from './shared/clock.js';
import { closingConnections } from './shared/closing-connections.js';
import { startCheckpointer } from './shared/db/checkpointer.js';
import { createLogger } from './shared/logger.js';
import { exitUnlessRuntimeFits } from './shared/runtime-check.js';
import { checkEnvironment, providerWarning } from './config-check.js';
import { openAuditTrail, type AuditTrail } from './keys/audit.js';
import { answeredFlag } from './process-flags.js';
import { createMetrics, startMetricsServer } from './shared/metrics.js';
import { serverNamed } from './shared/server-header.js';
import { serverHeader, versionInfo } from './shared/version.js';
import { loadTracing } from './shared/tracing-hooks.js';

const production = process.env.NODE_ENV === 'production';

/** Added to SHUTDOWN_TIMEOUT_MS for closing the database and the sealed module. */
const CLOSE_TIMEOUT_MS = 5_000;

async function main() {
  if (await answeredFlag(process.argv.slice(2))) return;
  exitUnlessRuntimeFits();
  const version = versionInfo();
  const config = loadConfig();
  const environment = checkEnvironment(process.env);
  if (environment.errors.length > 0) throw new Error(`Invalid configuration:\n  ${environment.errors.join('\n  ')}`);
  // Read again once the port is bound (PUBLIC_URL's default names it); reading here fails fast on a typo.
  keysConfigFromEnv(process.env);
  const logger = createLogger(config.LOG_LEVEL);
  for (const warning of environment.warnings) logger.warn(warning);
  // Start and stop lines are how an operator knows, so they ignore LOG_LEVEL unless it is silent.
  const lifecycle = config.LOG_LEVEL === 'silent' ? logger : logger.child({}, { level: 'info' });
  const storage = await openStorage(config, (err) =>
    logger.warn({ err: err.message }, 'an idle database connection was closed; a new one is opened when needed'),
  );
  const database = storage.sqlite;
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : createMetrics({ engine: storage.engine, pool: storage.pool, sqliteFile: database?.file });
  const checkpointer =
    !database || database.file === ':memory:'
      ? undefined
      : startCheckpointer(database.sqlite, database.file, logger, { onCheckpoint: metrics?.walCheckpoint });
  const clock = await sharedClock(storage, systemClock, (fields, message) => logger.warn(fields, message));
  const metricsServer =
    metrics && (await startMetricsServer(metrics.registry, config.METRICS_HOST, config.METRICS_PORT!));
  let audit: AuditTrail | undefined;
  const tracing = await loadTracing(version);

  // A newcomer gets a key at once; a production start never mints a credential on its own.
  if ((await storage.repos.apiKeys.count()) === 0) {
    if (process.env.NODE_ENV === 'production') {
      logger.warn('No API keys exist yet: create one with the CLI (api-key create --name NAME).');
    } else {
      const key = await storage.repos.apiKeys.create(clock.now(), { name: 'development' });
      process.stdout.write(
        `\nNo API keys existed, so a development key was created (account ${key.accountId}).\n` +
          `It is shown only this once; revoke it with the CLI: api-key revoke ${key.id}\n${key.key}\n\n`,
      );
    }
  }

  // The app is built once the port is bound, so that PUBLIC_URL's default names the real port also with PORT=0.
  const starting = createStartingApp(logger, KEYS_BASE_PATH);
  let app: ReturnType<typeof createApp> | undefined;
  let keys: Awaited<ReturnType<typeof loadKeysRuntime>> | undefined;
  let sweeper: Sweeper | undefined;
  const server = serve({
    fetch: (req, env) => (app ?? starting).fetch(req, env),
    port: config.PORT,
    hostname: config.HOST,
    // Node checks the request deadlines only every connectionsCheckingInterval (30 s by default).
    serverOptions: {
      requestTimeout: config.REQUEST_TIMEOUT_MS,
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      // Node keeps the connection 1 s longer than announced (keepAliveTimeoutBuffer) for a request on its way.
      keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, config.HEADERS_TIMEOUT_MS),
      ...(config.VERSION_HEADER && { ServerResponse: serverNamed(serverHeader(version)) }),
    },
  }) as Server;
  const connections = closingConnections(server);

  // Installed before the listening line, so that a supervisor's SIGTERM right after start-up stops gracefully.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const force = setTimeout(() => {
      logger.warn('shutdown timed out; closing remaining connections');
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // A database or token that does not answer (a stopped PostgreSQL) must not keep the process from ending.
    const deadline = setTimeout(() => {
      logger.error('shutdown did not finish in time (the database or the sealed module did not answer); exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS + CLOSE_TIMEOUT_MS);
    deadline.unref();
    const release = async () => {
      sweeper?.stop();
      audit?.close();
      await tracing?.shutdown();
      metricsServer?.server.close();
      clock.stop();
      await keys?.sealed.close();
      await checkpointer?.stop();
      await storage.close();
    };
    connections.closing();
    server.close(() => {
      release().then(
        () => {
          lifecycle.info('stopped');
          process.exit(0);
        },
        (err: unknown) => {
          logger.error({ err }, 'shutdown could not release every resource');
          process.exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  keys = await loadKeysRuntime({ ...process.env, PORT: String(port) }, (message) => logger.warn(message), storage);
  logger.info(keys.roots, 'key service roots in use');
  const noProvider = providerWarning(process.env, keys.config);
  if (noProvider) logger.warn(noProvider);
  const auditSettings = keys.config.audit;
  if (auditSettings) audit = await openAuditTrail({ ...auditSettings, sealed: keys.sealed, clock, logger });
  app = createApp({
    storage,
    clock,
    config,
    logger,
    keys,
    publicUrl: keys.config.publicUrl,
    metrics,
    version,
    audit,
    tracing,
  });
  const onExpired = metrics && ((n: number) => metrics.keysEvent('transaction_expired', 'ok', n));
  sweeper = startSweeper(
    {
      transactions: storage.repos.transactions,
      devProvider: storage.repos.devProvider,
      idempotency: storage.repos.idempotency,
      clock,
      logger,
      onExpired,
    },
    { intervalMs: keys.config.sweepIntervalMs },
  );
  const listening =
    `Listening on http://${config.HOST}:${port} ` + `(orders: /commerce/2024-07, keys: /keygen, docs: /docs)`;
  lifecycle.info(
    {
      ...version,
      pid: process.pid,
      url: `http://${config.HOST}:${port}`,
      publicUrl: keys.config.publicUrl,
      database: storage.engine,
      metrics: metricsServer?.url,
      audit: auditSettings?.destination,
      tracing: Boolean(tracing),
    },
    listening,
  );
  // In production every line is JSON.

  if (!production) process.stdout.write(`${listening}\n`);
}

main().catch((err: unknown) => {
  const message = `Failed to start: ${err instanceof Error ? err.message : String(err)}`;
  if (production) createLogger('info').fatal(message);
  else process.stderr.write(`${message}\n`);
  process.exit(1);
});
