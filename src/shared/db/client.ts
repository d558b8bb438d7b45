import { createHash } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { nativeBinding } from '../assets.js';
import { createGroupCommit, type GroupCommit, type UnitOptions } from './group-commit.js';
import { loadMigrationFiles } from './migration-files.js';
import { allowTurnReads, closeTurnReads, endTurnReads } from './turn-reads.js';

export type Db = BetterSQLite3Database;

/** The better-sqlite3 connection under drizzle, for raw prepared statements on hot paths. */
export const sqliteOf = (db: Db): Database.Database => (db as Db & { $client: Database.Database }).$client;

const transactions = new WeakMap<Database.Database, Database.Transaction<(fn: () => unknown) => unknown>>();

/**
 * Runs `fn` in a BEGIN IMMEDIATE transaction. IMMEDIATE takes the write lock before the first read: a deferred
 * transaction that reads, then writes while another connection commits fails with SQLITE_BUSY regardless of
 * busy_timeout, where this one waits.
 */
export function inTransaction<T>(db: Db, fn: () => T): T {
  const sqlite = sqliteOf(db);
  let run = transactions.get(sqlite);
  if (!run) transactions.set(sqlite, (run = sqlite.transaction((f: () => unknown) => f())));
  const result = run.immediate(fn) as T;
  if (!sqlite.inTransaction) endTurnReads(sqlite);
  return result;
}

/** `columns` as SQLite names them in its message, e.g. `'stores.account_id, stores.source_id'`. */
export function isUniqueViolation(err: unknown, columns: string): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' && (e.message ?? '').endsWith(`: ${columns}`)) return true;
  }
  return false;
}

const groupCommits = new WeakMap<Database.Database, GroupCommit>();

/** For `inGroupCommit`: a unit that writes with one INSERT, UPDATE or DELETE at most. */
export const ONE_STATEMENT: Readonly<UnitOptions> = Object.freeze({ oneStatement: true });

/**
 * Runs `fn` in the transaction shared by this event-loop turn's writes, in a savepoint of its own unless it writes
 * with one statement at most (`ONE_STATEMENT`); settles after COMMIT.
 */
export function inGroupCommit<T>(db: Db, fn: () => T, options?: UnitOptions): Promise<T> {
  const sqlite = sqliteOf(db);
  let run = groupCommits.get(sqlite);
  if (!run) groupCommits.set(sqlite, (run = createGroupCommit(sqlite, () => endTurnReads(sqlite))));
  return run(fn, options);
}

export interface DatabaseHandle {
  sqlite: Database.Database;
  db: Db;
  /** An absolute path, or `:memory:`. */
  file: string;
  close(): void;
}

/** `file:./data/service.db`, `file:/abs/path.db`, a bare path, or `:memory:`. */
export function sqlitePath(url: string): string {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:';
  return url.startsWith('file:') ? url.slice('file:'.length) : url;
}

/** The page size of a database file the service creates (an existing file keeps its own). */
const NEW_FILE_PAGE_BYTES = 8192;

/**
 * Opens the database and migrates it. In WAL mode synchronous=NORMAL survives a process crash; only an OS crash or
 * power loss can drop the last commits.
 */
export function openDatabase(url: string): DatabaseHandle {
  const relative = sqlitePath(url);
  const file = relative === ':memory:' ? relative : path.resolve(relative);
  if (file !== ':memory:') ownerOnly(file);
  const sqlite = new Database(file, nativeBinding ? { nativeBinding } : {});
  if (file !== ':memory:') {
    // A new file gets 8 KiB pages, SQLite's default being 4: a create then writes about 40 % fewer WAL frames, each
    // two `pwrite` calls on the event loop (BENCHMARKS.md, "Twenty-first look"). Only an empty file takes it, before
    // WAL mode: a file made by an earlier version keeps its 4 KiB pages and works as before.
    sqlite.pragma(`page_size = ${NEW_FILE_PAGE_BYTES}`);
    sqlite.pragma('journal_mode = WAL');
  }
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 4 MiB of page cache rather than better-sqlite3's 16: reads come from the OS's page cache either way, and a
  // random get by id at 1,000,000 orders costs the same, 12 MB smaller (BENCHMARKS.md, "SQLite's page cache").
  sqlite.pragma('cache_size = -4096');
  const db = drizzle(sqlite);
  migrate(sqlite);
  allowTurnReads(sqlite, file);
  return {
    sqlite,
    db,
    file,
    close: () => {
      closeTurnReads(sqlite);
      sqlite.close();
    },
  };
}

/**
 * The database holds order PII, so the file is created 0600 before SQLite opens it (SQLite gives -wal and -shm the
 * same mode) and files readable by others are narrowed.
 */
function ownerOnly(file: string): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  for (const f of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(f) && (statSync(f).mode & 0o077) !== 0) chmodSync(f, 0o600);
  }
}

/** Room for the largest write: a default-limit body with its index entries, WAL frames and checkpoint copy. */
const READY_FREE_BYTES = 4 * 1024 * 1024;

/**
 * Readiness: a no-op UPDATE that must commit (in the group commit, so it never collides with an open batch), plus
 * a free-space check, because the UPDATE alone still fits in WAL space SQLite already has when the disk is full.
 */
export function writeProbe(db: Db, file = ':memory:'): () => Promise<void> {
  const statement = sqliteOf(db).prepare(
    'UPDATE "__drizzle_migrations" SET created_at = created_at WHERE id = (SELECT max(id) FROM "__drizzle_migrations")',
  );
  return async () => {
    await inGroupCommit(db, () => {
      if (statement.run().changes !== 1) throw new Error('The readiness write changed no row.');
    });
    if (file === ':memory:') return;
    const { bavail, bsize } = await statfs(path.dirname(file));
    if (bavail * bsize < READY_FREE_BYTES)
      throw new Error(`The database's disk has less than ${READY_FREE_BYTES} bytes free.`);
  };
}

/** Uses drizzle-kit's bookkeeping table, so `drizzle-kit migrate` and this agree on what has run. */
export function migrate(sqlite: Database.Database): void {
  sqlite.exec(
    'CREATE TABLE IF NOT EXISTS "__drizzle_migrations" ' +
      '(id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)',
  );

  const last = sqlite
    .prepare('SELECT created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1')
    .get() as { created_at: number } | undefined;
  const record = sqlite.prepare('INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)');
  const pending = loadMigrationFiles().filter((m) => !last || Number(last.created_at) < m.when);
  if (pending.length === 0) return;
  // A migration that rebuilds a table (drizzle-kit's __new_ copy, then DROP and RENAME) must run without foreign key
  // enforcement, which SQLite changes only outside a transaction: off for the run, then checked in each migration's
  // transaction before it commits.
  const enforced = sqlite.pragma('foreign_keys', { simple: true }) === 1;
  sqlite.pragma('foreign_keys = OFF');
  try {
    for (const m of pending) {
      const statements = m.breakpoints ? m.sql.split('--> statement-breakpoint') : [m.sql];
      sqlite.transaction(() => {
        for (const s of statements) if (s.trim()) sqlite.exec(s);
        const broken = sqlite.pragma('foreign_key_check') as Array<{ table: string; parent: string }>;
        if (broken.length > 0)
          throw new Error(
            `Migration ${m.tag} would leave ${broken.length} rows whose foreign key names no row ` +
              `(first: ${broken[0]!.table} -> ${broken[0]!.parent}); nothing of it was applied.`,
          );
        record.run(createHash('sha256').update(m.sql).digest('hex'), m.when);
      })();
    }
  } finally {
    if (enforced) sqlite.pragma('foreign_keys = ON');
  }
}
