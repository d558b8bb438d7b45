import type pg from 'pg';
import { databaseEngine, type Config } from './config.js';
import { postgresSealedRoot } from './keys/sealed/store.pg.js';
import type { SealedRootStore } from './keys/sealed/from-config.js';
import type { RootLock } from './keys/sealed/pkcs11.js';
import { postgresRepositories, sqliteRepositories, type Repositories } from './repositories.js';
import { anchoredClock, type Clock } from './shared/clock.js';
import { openDatabase, sqliteOf, writeProbe, type DatabaseHandle, type Db } from './shared/db/client.js';
import { migratePostgres, openPostgresPool, ROOT_LOCK, withSessionLock } from './shared/db/postgres.js';
import { createRateLimiter, type RateLimitConfig, type RateLimiter } from './shared/rate-limit.js';
import { postgresRateLimiter } from './shared/rate-limit.pg.js';

/** Nothing above this file knows the database engine. */
export interface Storage {
  readonly engine: 'sqlite' | 'postgres';
  repos: Repositories;
  /** Rejects when the database cannot take a write. */
  probeWrite(): Promise<void>;
  /** PostgreSQL only. */
  serverTime?: () => Promise<Date>;
  rateLimiter(config: RateLimitConfig, clock: Clock): RateLimiter;
  /** Set on PostgreSQL; SQLite keeps the root in a file. */
  sealedRoot?: SealedRootStore;
  /** For creating a root in a hardware token, which has no lock of its own; at start and in the CLI only. */
  rootLock: RootLock;
  close(): Promise<void>;
}

/**
 * BEGIN IMMEDIATE makes every other process's writer wait until COMMIT. It is held only while the token makes
 * its keys, at start or in the CLI, when the connection serves nothing else.
 */
function sqliteRootLock(db: Db): RootLock {
  return async (fn) => {
    const sqlite = sqliteOf(db);
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      return await fn();
    } finally {
      sqlite.exec('COMMIT');
    }
  };
}

/** `file` is where readiness looks for free space. */
export function sqliteStorage(db: Db, close: () => void = () => {}, file = ':memory:'): Storage {
  return {
    engine: 'sqlite',
    repos: sqliteRepositories(db),
    probeWrite: writeProbe(db, file),
    rateLimiter: (config, clock) => createRateLimiter(config, clock),
    rootLock: sqliteRootLock(db),
    close: async () => close(),
  };
}

// A no-op UPDATE that must commit.
const PROBE =
  'UPDATE drizzle."__drizzle_migrations" SET created_at = created_at ' +
  'WHERE id = (SELECT max(id) FROM drizzle."__drizzle_migrations")';

/** `pool` must already be migrated. */
export function postgresStorage(pool: pg.Pool): Storage {
  return {
    engine: 'postgres',
    repos: postgresRepositories(pool),
    probeWrite: async () => {
      const res = await pool.query(PROBE);
      if (res.rowCount !== 1) throw new Error('The readiness write changed no row.');
    },
    serverTime: async () => (await pool.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now,
    rateLimiter: (config, clock) => postgresRateLimiter(pool, config, clock),
    sealedRoot: postgresSealedRoot(pool),
    rootLock: (fn) => withSessionLock(pool, ROOT_LOCK, fn),
    close: () => pool.end(),
  };
}

/** On PostgreSQL the database server's clock, so that instances agree on expiry, sweeps and refills. */
export async function sharedClock(
  storage: Storage,
  base: Clock,
  warn: (fields: object, message: string) => void,
): Promise<Clock & { stop(): void }> {
  if (!storage.serverTime) return { now: () => base.now(), stop: () => {} };
  return anchoredClock(base, storage.serverTime, (offsetMs) =>
    warn(
      { clockOffsetMs: Math.round(offsetMs) },
      `this machine's clock is ${Math.abs(offsetMs / 1000).toFixed(1)} s ` +
        `${offsetMs > 0 ? 'behind' : 'ahead of'} the database server's; ` +
        'the service keeps to the database clock, but fix the time here (NTP)',
    ),
  );
}

type OpenedStorage = Storage & { sqlite?: DatabaseHandle; pool?: pg.Pool };

export async function openStorage(
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_POOL_SIZE' | 'DATABASE_STATEMENT_TIMEOUT_MS'> &
    Partial<Pick<Config, 'DATABASE_CONNECT_TIMEOUT_MS' | 'DATABASE_QUERY_TIMEOUT_MS' | 'DATABASE_KEEPALIVE_IDLE_MS'>>,
  onIdleError: (err: Error) => void = () => {},
): Promise<OpenedStorage> {
  if (databaseEngine(config.DATABASE_URL) === 'postgres') {
    const settings = {
      poolSize: config.DATABASE_POOL_SIZE,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      queryTimeoutMs: config.DATABASE_QUERY_TIMEOUT_MS,
      keepAliveIdleMs: config.DATABASE_KEEPALIVE_IDLE_MS,
    };
    const pool = openPostgresPool(config.DATABASE_URL, settings, onIdleError);
    try {
      await migratePostgres(pool);
    } catch (err) {
      await pool.end().catch(() => {});
      throw new Error(`Cannot open the PostgreSQL database: ${(err as Error).message}`, { cause: err });
    }
    return { ...postgresStorage(pool), pool };
  }
  const handle = openDatabase(config.DATABASE_URL);
  return { ...sqliteStorage(handle.db, handle.close, handle.file), sqlite: handle };
}
