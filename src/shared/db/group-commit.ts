import type Database from 'better-sqlite3';

/**
 * `oneStatement`: the unit writes with one statement at most (reads before it are fine), which SQLite makes atomic on
 * its own, so it runs without a savepoint of its own.
 */
export interface UnitOptions {
  oneStatement?: boolean;
}

/** Settles once the unit's commit is on disk (or failed). */
export type GroupCommit = <T>(work: () => T, options?: UnitOptions) => Promise<T>;

interface Pending {
  work: () => unknown;
  oneStatement: boolean;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Units arriving in one event-loop turn share a transaction, each in its own savepoint, so a commit's fixed cost
 * (locks, the same dirty WAL pages) is paid once per batch. A unit of one statement needs no savepoint: SQLite rolls
 * back a statement that fails, alone, while a savepoint's journal cost every create its writes, and past 64 KB a
 * temporary file per batch (BENCHMARKS.md, "Ninth look"). No unit resolves before the COMMIT is on disk, and
 * `committed` (which ends the turn's reads) runs after each COMMIT before any unit resolves.
 */
export function createGroupCommit(sqlite: Database.Database, committed: () => void = () => {}): GroupCommit {
  let queue: Pending[] = [];
  // Nested inside the batch's transaction, better-sqlite3 makes this a SAVEPOINT.
  const transaction = sqlite.transaction((fn: () => unknown) => fn());

  const flush = () => {
    const batch = queue;
    queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      // IMMEDIATE takes the write lock before any read, so no unit reads a snapshot a write cannot follow.
      transaction.immediate(() => {
        for (const unit of batch) {
          try {
            outcomes.push({ ok: true, value: unit.oneStatement ? unit.work() : transaction(unit.work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
          // SQLITE_FULL, SQLITE_IOERR and the like roll back the whole transaction, earlier units included.
          if (!sqlite.inTransaction) throw new Error('SQLite rolled back the group commit transaction.');
        }
      });
    } catch (error) {
      for (const unit of batch) unit.reject(error);
      return;
    }
    committed();
    batch.forEach((unit, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  };

  return <T>(work: () => T, options?: UnitOptions) =>
    new Promise<T>((resolve, reject) => {
      queue.push({
        work,
        oneStatement: options?.oneStatement === true,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (queue.length === 1) setImmediate(flush);
    });
}
