import { createHash } from 'node:crypto';
import pg from 'pg';
import { loadMigrationFiles, POSTGRES_MIGRATIONS } from './migration-files.js';
import { isDatabaseUnavailable } from './unavailable.js';

/** TLS comes from the URL's `sslmode`. */
interface PostgresSettings {
  poolSize: number;
  statementTimeoutMs: number;
  connectTimeoutMs?: number;
  /** Client-side bound, because a stopped or unreachable server cannot cancel anything itself. */
  queryTimeoutMs?: number;
  keepAliveIdleMs?: number;
}

/**
 * Sent at connection start: the service's statements are all short, and PostgreSQL's JIT compiles any statement whose
 * estimated cost is over `jit_above_cost`, which a LIMIT taken from a parameter or a column inflates (the planner
 * assumes a tenth of the rows): a turn's pages of ten took 6 to 60 ms compiled rather than 0.1 ms (BENCHMARKS.md,
 * "Twenty-sixth look"). Options the `DATABASE_URL` sets are kept beside it (sessionOptions).
 */
const SESSION_OPTIONS = '-c jit=off';

/**
 * The pool's connection string and startup options. node-postgres lets a URL's `options` replace the pool's, so
 * those of a URL that has them are taken out of it and sent after the service's own: PostgreSQL applies them in
 * order, and a URL that sets `jit` itself has the last word. A URL that does not parse is left to node-postgres.
 */
export function sessionOptions(url: string): { connectionString: string; options: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { connectionString: url, options: SESSION_OPTIONS };
  }
  const own = parsed.searchParams.get('options');
  if (own === null) return { connectionString: url, options: SESSION_OPTIONS };
  parsed.searchParams.delete('options');
  return { connectionString: parsed.href, options: own.trim() === '' ? SESSION_OPTIONS : `${SESSION_OPTIONS} ${own}` };
}

/**
 * An idle connection closed by the server (restart, failover, `pg_terminate_backend`) is an 'error' event on the
 * pool, which would end the process if nobody listened; the pool opens a new connection for the next query.
 */
export function openPostgresPool(
  url: string,
  settings: PostgresSettings,
  onIdleError: (err: Error) => void = () => {},
): pg.Pool {
  const pool = new pg.Pool({
    ...sessionOptions(url),
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

/** Advisory lock so that instances starting together apply migrations one after the other. */
const MIGRATION_LOCK = 7_135_404_032_117_309_953n;

/** Taken per sweep batch with pg_try_advisory_xact_lock, so one instance sweeps and the others skip the round. */
export const SWEEP_LOCK = 7_135_404_032_117_309_954n;

/** A hardware token has no lock of its own, so instances starting on an empty token would each create a root. */
export const ROOT_LOCK = 7_135_404_032_117_309_955n;

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
 * Closes a connection that failed at the connection level instead of pooling it: a timed-out query may still be
 * running on it, and the next query should not wait behind it.
 */
function releaseClient(client: pg.PoolClient, failure: unknown): void {
  client.release(failure !== undefined && isDatabaseUnavailable(failure) ? (failure as Error) : undefined);
}

export async function tryTransactionLock(client: pg.PoolClient, lock: bigint): Promise<boolean> {
  return (await client.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [lock.toString()])).rows[0]!
    .ok;
}

/** Uses drizzle-kit's bookkeeping table, so `drizzle-kit migrate` and this agree on what has run. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    try {
      await client.query('CREATE SCHEMA IF NOT EXISTS drizzle');
      await client.query(
        'CREATE TABLE IF NOT EXISTS drizzle."__drizzle_migrations" ' +
          '(id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
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

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}
