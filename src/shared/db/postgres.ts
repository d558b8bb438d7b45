import { createHash } from 'node:crypto';
import pg from 'pg';
import { loadMigrationFiles, POSTGRES_MIGRATIONS } from './migration-files.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** How the service connects to PostgreSQL (TLS from the URL's `sslmode`). */
export interface PostgresSettings {
  poolSize: number;
  /** The server cancels a statement that runs longer. */
  statementTimeoutMs: number;
  /** The longest a query waits for a connection of the pool, a new one included; 5000 when unset. */
  connectTimeoutMs?: number;
  /**
   * The longest this process waits for a query's answer, also when the server does not answer at
   * all (a stopped or unreachable server cannot cancel anything); the statement timeout + 1 s when unset.
   */
  queryTimeoutMs?: number;
  /** Idle time before TCP keepalive probes start on a connection; 10000 when unset. */
  keepAliveIdleMs?: number;
}

/**
 * A node-postgres pool. An idle connection that the server closes (a restart, a failover,
 * `pg_terminate_backend`) is an 'error' event on the pool, which would end the process when
 * nobody listens: `onIdleError` hears it, and the pool opens a new connection for the next query.
 * Every wait on the server is bounded (connect, query), and TCP keepalive notices a peer that is gone.
 */
export function openPostgresPool(
  url: string,
  settings: PostgresSettings,
  onIdleError: (err: Error) => void = () => {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.poolSize,
    statement_timeout: settings.statementTimeoutMs,
    query_timeout: settings.queryTimeoutMs ?? settings.statementTimeoutMs + 1_000,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: settings.keepAliveIdleMs ?? 10_000,
  });
  pool.on('error', onIdleError);
  return pool;
}

/**
 * A key of PostgreSQL's advisory locks that only this service's migrations take: instances that
 * start together apply the migrations one after the other, and the later ones find them applied.
 */
export const MIGRATION_LOCK = 7_135_404_032_117_309_953n;

/**
 * The advisory lock of the sweeps of expired rows: each sweep batch takes it for its transaction
 * (pg_try_advisory_xact_lock), so one instance sweeps at a time and the others skip that round.
 */
export const SWEEP_LOCK = 7_135_404_032_117_309_954n;

/**
 * The advisory lock under which the key service's root is created or rotated in a hardware token
 * (the token itself has no lock): instances starting together on an empty token make one root.
 */
export const ROOT_LOCK = 7_135_404_032_117_309_955n;

/** Runs `fn` holding the session-level advisory `lock` on a connection of its own. */
export async function withSessionLock<T>(pool: pg.Pool, lock: bigint, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lock.toString()]);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [lock.toString()]);
    }
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    releaseClient(client, failure);
  }
}

/**
 * Gives a connection back to the pool, or closes it when it failed at the connection level (a
 * query that timed out may still be running on it, the server may be gone): the next query then
 * gets a fresh connection instead of waiting behind it.
 */
export function releaseClient(client: pg.PoolClient, failure: unknown): void {
  client.release(failure !== undefined && isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
}

/** Whether this transaction got `lock` (held until it ends); false when another holds it. */
export async function tryTransactionLock(client: pg.PoolClient, lock: bigint): Promise<boolean> {
  return (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [lock.toString()])).rows[0]!
    .ok;
}

/**
 * Applies the committed PostgreSQL migrations not yet recorded, each in its own transaction,
 * under MIGRATION_LOCK. The bookkeeping is drizzle-kit's (`drizzle.__drizzle_migrations`), so
 * `drizzle-kit migrate` and this agree on what has run.
 */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
      await client.query(
        'CREATE TABLE IF NOT EXISTS drizzle."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
      );
      const last = await client.query<{ created_at: string }>(
        'SELECT created_at FROM drizzle."__drizzle_migrations" ORDER BY created_at DESC LIMIT 1',
      );
      const lastWhen = last.rows[0] ? Number(last.rows[0].created_at) : undefined;
      for (const m of loadMigrationFiles(POSTGRES_MIGRATIONS)) {
        if (lastWhen !== undefined && lastWhen >= m.when) continue;
        await client.query('BEGIN');
        try {
          for (const statement of m.sql.split('--> statement-breakpoint'))
            if (statement.trim()) await client.query(statement);
          await client.query('INSERT INTO drizzle."__drizzle_migrations" (hash, created_at) VALUES ($1, $2)', [
            createHash('sha256').update(m.sql).digest('hex'),
            m.when,
          ]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw err;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]);
    }
  } finally {
    client.release();
  }
}

/**
 * Runs `fn` in a transaction on one connection of the pool: COMMIT when it resolves, ROLLBACK
 * when it throws (the error goes on).
 */
export async function inPostgresTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let failure: unknown;
  try {
    await client.query('BEGIN');
    try {
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      // A connection that cannot answer cannot roll back either; closing it ends the transaction.
      if (!isDatabaseUnavailable(err)) await client.query('ROLLBACK');
      throw err;
    }
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    releaseClient(client, failure);
  }
}

/** Whether `err` is PostgreSQL's unique violation (23505), of `constraint` when one is named. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
