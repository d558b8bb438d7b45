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

/**
 * The database the process runs on, whichever engine DATABASE_URL names: the repositories of both
 * services and what else lives beside them. Nothing above this file knows the engine.
 */
export interface Storage {
  readonly engine: 'sqlite' | 'postgres';
  repos: Repositories;
  /** Readiness: a write that must commit; rejects when the database cannot take one. */
  probeWrite(): Promise<void>;
  /** The database server's clock, when there is a server (PostgreSQL); SQLite has none. */
  serverTime?: () => Promise<Date>;
  /** The per-API-key token bucket: in memory for SQLite's one process, in the database on PostgreSQL. */
  rateLimiter(config: RateLimitConfig, clock: Clock): RateLimiter;
  /** Where the sealed root lives when it is in the database (PostgreSQL); a file otherwise. */
  sealedRoot?: SealedRootStore;
  /**
   * Runs `fn` while no other process on this database runs it: how a root is created or rotated in
   * a hardware token, which has no lock of its own. For the start and the CLI, not for requests.
   */
  rootLock: RootLock;
  close(): Promise<void>;
}

/**
 * SQLite's write lock as the root lock: BEGIN IMMEDIATE on the connection makes every other
 * process's writer wait (busy_timeout) until COMMIT. The transaction writes nothing; it is held
 * only while the token makes its keys (milliseconds), at start or in the CLI, when the connection
 * serves nothing else.
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

/**
 * SQLite through one connection (its drizzle database); `close` closes that connection. `file`
 * (the database file, or `:memory:`) is where readiness looks for free space.
 */
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

/** The readiness write on PostgreSQL: a no-op UPDATE of the migrations table, which must commit. */
const PROBE =
  'UPDATE drizzle."__drizzle_migrations" SET created_at = created_at WHERE id = (SELECT max(id) FROM drizzle."__drizzle_migrations")';

/** PostgreSQL through a pool (already migrated); `close` ends the pool. */
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

/**
 * The clock of everything instances share and compare (transaction expiry, sweeps, rate-limit
 * refills, creation stamps): on PostgreSQL the database server's, as `base` moved by its offset
 * from it, with a warning when they differ by more than a second (at start, and every few minutes
 * while they do); on SQLite, whose database is one process's, `base` itself.
 */
export async function sharedClock(
  storage: Storage,
  base: Clock,
  warn: (fields: object, message: string) => void,
): Promise<Clock & { stop(): void }> {
  if (!storage.serverTime) return { now: () => base.now(), stop: () => {} };
  return anchoredClock(base, storage.serverTime, (offsetMs) =>
    warn(
      { clockOffsetMs: Math.round(offsetMs) },
      `this machine's clock is ${Math.abs(offsetMs / 1000).toFixed(1)} s ${offsetMs > 0 ? 'behind' : 'ahead of'} the database server's; ` +
        'the service keeps to the database clock, but fix the time here (NTP)',
    ),
  );
}

/** What `openStorage` opened: the storage, and SQLite's connection when the engine is SQLite (WAL checkpoints). */
export type OpenedStorage = Storage & { sqlite?: DatabaseHandle; pool?: pg.Pool };

/**
 * Opens the database DATABASE_URL names and brings its schema up to date: a SQLite file (or
 * `:memory:`) with its migrations, or a PostgreSQL pool with the PostgreSQL migrations applied
 * under an advisory lock (instances starting together apply them one after the other).
 */
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
