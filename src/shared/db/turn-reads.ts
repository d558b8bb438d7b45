import Database from 'better-sqlite3';
import { nativeBinding } from '../assets.js';
import type { MaybePromise } from '../maybe.js';

/**
 * The hot reads of one turn of the event loop (a get by id, a page), in one read transaction, on a read-only
 * connection beside the writer's, each run when the event loop has taken in the turn's requests.
 *
 * A read asked for while the event loop handles the requests that arrived (its poll phase) waits for the end of
 * that phase (`setImmediate`); then the turn's reads run one after another, each followed by the rest of its
 * request (its answer written) before the next. Each read on its own would be a transaction that takes and drops
 * SQLite's shared lock and WAL read mark, four `fcntl` calls and the WAL header check (BENCHMARKS.md, "Eighth
 * look"); and a statement run between the other steps of each request as it arrives costs the server several
 * times its own time, while the turn's statements and answers run in a row cost less (BENCHMARKS.md, "Twelfth
 * look": a page of ten 103 → 66 µs of server CPU). Each read's rows are dropped with its answer, before the
 * next read: running all the turn's reads first and their answers after was cheaper still, but kept every row
 * of the turn alive at once, and the server's memory grew with it.
 *
 * What a read sees: the database as of the turn's first read. The writer's commits end the turn's transaction
 * before their callers go on (`endTurnReads`), so an answer that follows a write in this process sees it; a commit
 * by another process on the same file (the CLI) shows from the next turn. Being read-only, the connection cannot
 * let a write into the open transaction, whose commit would then wait for the end of the turn.
 */
export interface TurnReads {
  /** The connection to prepare the reads on: the read-only one, or the writer's for `:memory:`. */
  readonly sqlite: Database.Database;
  /**
   * Runs `read` (statements prepared on `sqlite`) after the turn's poll phase, in its read transaction, and gives
   * its value; what it throws rejects it alone. On an in-memory database, at once.
   */
  readonly read: <T>(read: () => T) => MaybePromise<T>;
}

interface Opened extends TurnReads {
  end(): void;
  close(): void;
}

const FILES = new WeakMap<Database.Database, string>();
const OPENED = new WeakMap<Database.Database, Opened>();

/** Lets `turnReads` open a reader beside `writer` on `file` (`openDatabase` registers what it opens). */
export function allowTurnReads(writer: Database.Database, file: string): void {
  if (file !== ':memory:') FILES.set(writer, file);
}

/**
 * The turn's reads beside `writer`, opened on first use. An in-memory database (each connection its own) or a
 * connection `openDatabase` did not open reads on the writer, each read its own transaction.
 */
export function turnReads(writer: Database.Database): TurnReads {
  let reads = OPENED.get(writer);
  if (reads) return reads;
  const file = FILES.get(writer);
  reads = file === undefined ? unbatched(writer) : openReader(file, writer.pragma('cache_size', { simple: true }));
  OPENED.set(writer, reads);
  return reads;
}

/** Ends the turn's read transaction: the writer committed, and what follows must see it. */
export function endTurnReads(writer: Database.Database): void {
  OPENED.get(writer)?.end();
}

export function closeTurnReads(writer: Database.Database): void {
  OPENED.get(writer)?.close();
  OPENED.delete(writer);
}

function unbatched(writer: Database.Database): Opened {
  return { sqlite: writer, read: (read) => read(), end() {}, close() {} };
}

function openReader(file: string, cacheSize: unknown): Opened {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true, ...(nativeBinding && { nativeBinding }) });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = ${Number(cacheSize)}`);
  const beginStatement = sqlite.prepare('BEGIN');
  // A read transaction keeps nothing, so ending it cannot fail the way a COMMIT of writes can.
  const rollback = sqlite.prepare('ROLLBACK');
  let scheduled = false;
  // Whether this turn's BEGIN ran, so that each read after the first asks no native getter (1.8 % of a get by id's
  // samples did). An error that made SQLite roll the transaction back leaves the turn's later reads each in their
  // own transaction, which `end` finds.
  let begun = false;
  const end = () => {
    begun = false;
    if (sqlite.open && sqlite.inTransaction) rollback.run();
  };
  const endOfTurn = () => {
    scheduled = false;
    end();
  };
  const begin = () => {
    if (begun) return;
    if (!sqlite.inTransaction) beginStatement.run();
    begun = true;
    if (!scheduled) {
      scheduled = true;
      setImmediate(endOfTurn);
    }
  };
  return {
    sqlite,
    read: <T>(read: () => T) =>
      new Promise<T>((resolve, reject) => {
        setImmediate(() => {
          try {
            begin();
            resolve(read());
          } catch (err) {
            reject(err);
          }
        });
      }),
    end,
    close() {
      sqlite.close();
    },
  };
}
