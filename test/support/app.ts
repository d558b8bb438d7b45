import { pino, type Logger } from 'pino';
import { createOrdersClient } from '../../packages/client/src/index.js';
import { createApp, type AppDeps } from '../../src/app.js';
import { testConfig, type Config } from '../../src/config.js';
import { manualClock } from '../../src/shared/clock.js';
import type { Db } from '../../src/shared/db/client.js';
import { sqliteStorage, type Storage } from '../../src/storage.js';
import { contractFetch, contractFor } from './contract.js';
import { dataAccess, openTestDatabase } from './database.js';

export const ORIGIN = 'http://service.test';

/**
 * The one way tests build the process's app: createApp as the server calls it, with both services
 * (the key service when `deps.keys` is given), a silent logger unless one is named, no rate limit
 * unless the config sets one.
 */
export function appFor(
  deps: Omit<AppDeps, 'logger' | 'config' | 'storage'> &
    ({ storage: Storage } | { db: Db }) & { config?: Partial<Config>; logger?: Logger },
) {
  const storage = 'storage' in deps ? deps.storage : sqliteStorage(deps.db);
  return createApp({
    ...deps,
    storage,
    config: testConfig({ RATE_LIMIT_PER_SECOND: 0, ...deps.config }),
    logger: deps.logger ?? pino({ level: 'silent' }),
  });
}

/**
 * A fresh app on its own database of the run's engine (test/support/database.ts: SQLite in memory,
 * or a PostgreSQL database copied from the migrated template), with a movable clock. `close` ends
 * the connection and drops the database.
 */
export async function buildTestApp(overrides: Partial<Config> = {}) {
  const database = await openTestDatabase();
  const { storage } = database;
  const clock = manualClock(new Date('2024-07-01T08:00:00.000Z'));
  const config = testConfig({ RATE_LIMIT_PER_SECOND: 0, ...overrides });
  const app = appFor({ storage, clock, config });
  const orders = contractFor('orders');
  const fetch = contractFetch(app, orders);

  /** A new account with its own key (made by the API key repository), and a client that sends that key on every request. */
  const account = async (name = 'test') => {
    const key = await storage.repos.apiKeys.create(clock.now(), { name });
    const client = createOrdersClient({ origin: ORIGIN, apiKey: key.key, fetch });
    return { key, client };
  };

  /** Raw requests (bad JSON, wrong media type) still go through the contract check. */
  const raw = (pathAndQuery: string, init: RequestInit = {}) =>
    fetch(`${ORIGIN}${orders.basePath}${pathAndQuery}`, init);

  return {
    app,
    ...dataAccess(database),
    clock,
    config,
    account,
    raw,
    close: database.close,
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
export type OrdersClient = Awaited<ReturnType<TestApp['account']>>['client'];
