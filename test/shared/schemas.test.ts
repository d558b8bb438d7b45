import { is } from 'drizzle-orm';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keysPg from '../../src/keys/schema.pg.js';
import * as keysSqlite from '../../src/keys/schema.js';
import * as ordersPg from '../../src/commerce/schema.pg.js';
import * as ordersSqlite from '../../src/commerce/schema.js';
import { loadMigrationFiles, POSTGRES_MIGRATIONS } from '../../src/shared/db/migration-files.js';
import { migratePostgres, openPostgresPool } from '../../src/shared/db/postgres.js';
import * as sharedPg from '../../src/shared/db/schema.pg.js';
import * as sharedSqlite from '../../src/shared/db/schema.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';

/** Each table of a schema as the engine-neutral facts both engines must agree on. */
interface TableShape {
  columns: Record<string, { type: 'text' | 'integer'; notNull: boolean; primary: boolean; unique: boolean }>;
  indexes: Record<string, { columns: string[]; unique: boolean }>;
  foreignKeys: string[];
}

function sqliteShapes(): Record<string, TableShape> {
  const out: Record<string, TableShape> = {};
  for (const t of [...Object.values(sharedSqlite), ...Object.values(ordersSqlite), ...Object.values(keysSqlite)]) {
    if (!is(t, SQLiteTable)) continue;
    const c = sqliteConfig(t);
    out[c.name] = {
      columns: Object.fromEntries(
        c.columns.map((col) => [
          col.name,
          {
            type: col.getSQLType() === 'integer' ? 'integer' : 'text',
            notNull: col.notNull,
            primary: col.primary,
            unique: col.isUnique,
          },
        ]),
      ),
      indexes: Object.fromEntries(
        c.indexes.map((i) => [
          i.config.name,
          { columns: i.config.columns.map((x) => (x as { name: string }).name), unique: i.config.unique },
        ]),
      ),
      foreignKeys: c.foreignKeys.map((fk) => {
        const r = fk.reference();
        return `${r.columns.map((x) => x.name).join(',')} -> ${sqliteConfig(r.foreignTable).name}(${r.foreignColumns.map((x) => x.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
      }),
    };
  }
  return out;
}

function pgShapes(): Record<string, TableShape> {
  const out: Record<string, TableShape> = {};
  for (const t of [...Object.values(sharedPg), ...Object.values(ordersPg), ...Object.values(keysPg)]) {
    if (!is(t, PgTable)) continue;
    const c = pgConfig(t);
    out[c.name] = {
      columns: Object.fromEntries(
        c.columns.map((col) => {
          const sqlType = col.getSQLType();
          // Text compares byte by byte on both engines (COLLATE "C"); SQLite's integer is 64-bit.
          if (!['text COLLATE "C"', 'integer', 'bigint'].includes(sqlType))
            throw new Error(`${c.name}.${col.name}: unexpected type ${sqlType}`);
          return [
            col.name,
            {
              type: sqlType.startsWith('text') ? 'text' : 'integer',
              notNull: col.notNull,
              primary: col.primary,
              unique: col.isUnique,
            },
          ];
        }),
      ),
      indexes: Object.fromEntries(
        c.indexes.map((i) => [
          i.config.name,
          { columns: i.config.columns.map((x) => (x as { name: string }).name), unique: i.config.unique },
        ]),
      ),
      foreignKeys: c.foreignKeys.map((fk) => {
        const r = fk.reference();
        return `${r.columns.map((x) => x.name).join(',')} -> ${pgConfig(r.foreignTable).name}(${r.foreignColumns.map((x) => x.name).join(',')}) on delete ${fk.onDelete ?? 'no action'}`;
      }),
    };
  }
  return out;
}

/**
 * What only PostgreSQL deployments keep in the database, because there several instances share it:
 * the rate limiter's buckets (in memory on SQLite's one process) and the sealed root (a file beside
 * the SQLite database).
 */
const POSTGRES_ONLY = ['rate_limits', 'keygen_sealed_root'];

/**
 * SQLite keeps a table in the B-tree of its rowid, so its orders have a rowid made from the id (`key`) and the id
 * unique beside it (schema.ts, orders); PostgreSQL's tables are heaps, where an id as primary key is the same one
 * index. Both keep the id unique and not null.
 */
function withoutSqliteOrderKey(shapes: Record<string, TableShape>): Record<string, TableShape> {
  const orders = shapes.orders!;
  expect(orders.columns.key).toEqual({ type: 'integer', notNull: true, primary: true, unique: false });
  expect(orders.columns.id).toEqual({ type: 'text', notNull: true, primary: false, unique: true });
  const { key: _, ...columns } = orders.columns;
  return {
    ...shapes,
    orders: { ...orders, columns: { ...columns, id: { ...columns.id!, primary: true, unique: false } } },
  };
}

describe('the SQLite and PostgreSQL schemas', () => {
  it('have the same tables, columns, constraints, indexes and foreign keys', () => {
    const sqlite = withoutSqliteOrderKey(sqliteShapes());
    expect(Object.keys(sqlite).length).toBeGreaterThanOrEqual(8);
    const pgTables = pgShapes();
    for (const name of POSTGRES_ONLY) {
      expect(sqlite).not.toHaveProperty(name);
      expect(pgTables).toHaveProperty(name);
      delete pgTables[name];
    }
    expect(pgTables).toEqual(sqlite);
  });
});

describe.skipIf(!postgresUrl)(onPostgres('PostgreSQL migrations'), () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const pools: pg.Pool[] = [];
  const pool = () => {
    const p = openPostgresPool(db.url, { poolSize: 2, statementTimeoutMs: 10_000 });
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await db?.drop();
  });

  it('apply once when several instances start together, under a lock, and again as a no-op', async () => {
    const instances = [pool(), pool(), pool()];
    await Promise.all(instances.map((p) => migratePostgres(p)));
    const applied = await instances[0]!.query('SELECT count(*)::int AS n FROM drizzle."__drizzle_migrations"');
    expect(applied.rows[0].n).toBe(loadMigrationFiles(POSTGRES_MIGRATIONS).length);
    await migratePostgres(instances[1]!);
    expect((await instances[0]!.query('SELECT count(*)::int AS n FROM drizzle."__drizzle_migrations"')).rows[0].n).toBe(
      applied.rows[0].n,
    );
  });

  it('give the database exactly the tables and columns of the PostgreSQL schema', async () => {
    const { rows } = await pool().query<{
      table_name: string;
      column_name: string;
      is_nullable: string;
      data_type: string;
      collation_name: string | null;
    }>(
      "SELECT table_name, column_name, is_nullable, data_type, collation_name FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name",
    );
    const inDb: Record<string, Record<string, string>> = {};
    for (const r of rows)
      (inDb[r.table_name] ??= {})[r.column_name] =
        `${r.data_type}${r.collation_name ? ` ${r.collation_name}` : ''}${r.is_nullable === 'NO' ? ' not null' : ''}`;
    const declared: Record<string, Record<string, string>> = {};
    for (const [table, shape] of Object.entries(pgShapes())) {
      const cfg = pgConfig(
        [...Object.values(sharedPg), ...Object.values(ordersPg), ...Object.values(keysPg)].find(
          (t) => is(t, PgTable) && pgConfig(t as PgTable).name === table,
        ) as PgTable,
      );
      declared[table] = Object.fromEntries(
        cfg.columns.map((col) => [
          col.name,
          `${col.getSQLType().startsWith('text') ? 'text C' : col.getSQLType()}${shape.columns[col.name]!.notNull ? ' not null' : ''}`,
        ]),
      );
    }
    expect(inDb).toEqual(declared);
  });

  it("open every session with PostgreSQL's JIT off and the pool's statement timeout", async () => {
    // JIT compiled a turn's pages of ten, whose LIMIT from a column inflates the estimated cost: 6 to 60 ms a statement.
    const p = pool();
    const [jit, timeout] = await Promise.all([p.query('SHOW jit'), p.query('SHOW statement_timeout')]);
    expect(jit.rows[0].jit).toBe('off');
    expect(timeout.rows[0].statement_timeout).toBe('10s');
  });

  it("keep the URL's own startup options beside JIT off, and let a URL that sets jit decide", async () => {
    const withOptions = (options: string) => {
      const url = new URL(db.url);
      url.searchParams.set('options', options);
      const p = openPostgresPool(url.href, { poolSize: 1, statementTimeoutMs: 10_000 });
      pools.push(p);
      return p;
    };
    const own = withOptions('-c search_path=pg_catalog,public -c application_name=from-url');
    const [jit, path, name] = await Promise.all(
      ['jit', 'search_path', 'application_name'].map((s) => own.query(`SHOW ${s}`).then((r) => r.rows[0][s])),
    );
    expect([jit, path, name]).toEqual(['off', 'pg_catalog,public', 'from-url']);
    expect((await withOptions('-c jit=on').query('SHOW jit')).rows[0].jit).toBe('on');
  });

  it('keep a pool working when the server closes its idle connections', async () => {
    const heard: Error[] = [];
    const p = openPostgresPool(db.url, { poolSize: 2, statementTimeoutMs: 10_000 }, (err) => heard.push(err));
    pools.push(p);
    await p.query('SELECT 1');
    const admin = pool();
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'",
    );
    for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(heard.length).toBeGreaterThan(0);
    expect((await p.query('SELECT 1 AS n')).rows[0].n).toBe(1);
  });

  it('sort text byte by byte, as SQLite does', async () => {
    const p = pool();
    const values = ['b', 'B', 'a', '_', 'Z', 'é', 'e', '0'];
    await p.query(
      "INSERT INTO accounts (id, name, created_at) SELECT v, 'n', '2026-01-01T00:00:00.000Z' FROM unnest($1::text[]) AS v",
      [values],
    );
    const { rows } = await p.query<{ id: string }>('SELECT id FROM accounts WHERE id = ANY($1) ORDER BY id', [values]);
    expect(rows.map((r) => r.id)).toEqual([...values].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))));
  });
});
