import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/shared/db/client.js';
import { openPostgresPool } from '../../src/shared/db/postgres.js';

/**
 * The suites' pools wait longer for a connection than the server's default: every file shares one
 * PostgreSQL server on a loaded machine. The limits themselves are tested by
 * test/process/hung-postgres.test.ts.
 */
export const TEST_CONNECT_TIMEOUT_MS = 30_000;
import { postgresStorage, sqliteStorage, type Storage } from '../../src/storage.js';
import { createTestDatabase } from './postgres.js';

/**
 * The engine of this vitest project (vitest.config.ts): `sqlite`, or `postgres` where the project
 * sets TEST_ENGINE=postgres. The HTTP suites build their app on it (test/support/app.ts,
 * test/keys/support.ts), so the same files run once per engine.
 */
export type TestEngine = 'sqlite' | 'postgres';
export const testEngine: TestEngine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A database that outlives the apps opened on it (restart tests, a look at what is stored): a
 * SQLite file in a temp folder, or a PostgreSQL database copied from the migrated template.
 * `drop` removes it.
 */
export interface KeptDatabase {
  readonly engine: TestEngine;
  /** The SQLite file (SQLite only). */
  readonly file?: string;
  /** The PostgreSQL database's URL (PostgreSQL only). */
  readonly url?: string;
  drop(): Promise<void>;
}

export async function keptTestDatabase(): Promise<KeptDatabase> {
  if (testEngine === 'postgres') {
    const db = await createTestDatabase({ migrated: true });
    return { engine: 'postgres', url: db.url, drop: db.drop };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'test-db-'));
  return {
    engine: 'sqlite',
    file: path.join(dir, 'test.db'),
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** One app's connection to its test database, on the run's engine. */
export interface TestDatabase {
  readonly engine: TestEngine;
  storage: Storage;
  /**
   * One SQL statement with `$1`, `$2`… parameters on either engine; its rows as objects. Counts
   * come back as numbers on SQLite and as strings on PostgreSQL (bigint): wrap them in Number().
   */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** `SELECT count(*) FROM ${fromWhere}` as a number: `count('orders')`, `count('orders WHERE store_id = $1', [id])`. */
  count(fromWhere: string, params?: unknown[]): Promise<number>;
  /** SQLite's connection, for what only SQLite has (its file, its transactions). */
  sqlite?: DatabaseHandle;
  /** PostgreSQL's pool, for what only PostgreSQL has. */
  pool?: pg.Pool;
  /** Closes the connection; a database that was not `kept` is dropped too. */
  close(): Promise<void>;
}

/**
 * What a test app or harness hands its tests of its database: the engine, the storage and its
 * repositories, `query`/`count`, and each engine's own handle (`sqlite` or `pool`).
 */
export function dataAccess(database: TestDatabase) {
  return {
    engine: database.engine,
    storage: database.storage,
    repos: database.storage.repos,
    query: database.query,
    count: database.count,
    /** SQLite's connection (SQLite runs only); PostgreSQL's pool (PostgreSQL runs only). */
    sqlite: database.sqlite?.sqlite,
    pool: database.pool,
  };
}

/**
 * Opens a test database on the run's engine: a new one (SQLite in memory, or a PostgreSQL
 * database copied from the migrated template), or the `kept` one, which `close` leaves in place.
 */
export async function openTestDatabase(opts: { kept?: KeptDatabase } = {}): Promise<TestDatabase> {
  const database = await open(opts.kept);
  return {
    ...database,
    count: async (fromWhere, params) =>
      Number((await database.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${fromWhere}`, params))[0]!.n),
  };
}

async function open(kept: KeptDatabase | undefined): Promise<Omit<TestDatabase, 'count'>> {
  if (kept && kept.engine !== testEngine) throw new Error(`A ${kept.engine} database on a ${testEngine} run.`);
  if (testEngine === 'postgres') {
    const created = kept ? undefined : await createTestDatabase({ migrated: true });
    const pool = openPostgresPool(kept?.url ?? created!.url, {
      poolSize: 5,
      statementTimeoutMs: 10_000,
      connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
    });
    const storage = postgresStorage(pool);
    let closed = false;
    return {
      engine: 'postgres',
      storage,
      pool,
      query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
      close: async () => {
        if (closed) return;
        closed = true;
        await storage.close();
        await created?.drop();
      },
    };
  }
  const handle = openDatabase(kept ? `file:${kept.file}` : ':memory:');
  return {
    engine: 'sqlite',
    storage: sqliteStorage(handle.db, handle.close),
    sqlite: handle,
    query: async <T>(sql: string, params: unknown[] = []) => {
      // Each `$n` becomes a positional `?` bound to params[n - 1] (`$1` would be SQLite's parameter named "1").
      const order: number[] = [];
      const text = sql.replaceAll(/\$(\d+)/g, (_, n: string) => (order.push(Number(n) - 1), '?'));
      const values = order.map((i) => params[i]);
      const statement = handle.sqlite.prepare<unknown[]>(text);
      return (statement.reader ? statement.all(...values) : (statement.run(...values), [])) as T[];
    },
    close: async () => {
      if (handle.sqlite.open) handle.close();
    },
  };
}
