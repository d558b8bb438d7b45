import type Database from 'better-sqlite3';

/** Runs a unit of write work in the next group commit; settles once that commit is on disk (or failed). */
export type GroupCommit = <T>(work: () => T) => Promise<T>;

interface Pending {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/**
 * Group commit: units of write work that arrive in the same turn of the event loop run in one
 * SQLite transaction, each in a savepoint of its own, and all of them settle after that one
 * COMMIT. Under concurrent writes a commit's fixed cost (BEGIN, the locks, and writing each dirty
 * page to the WAL, the same right-most index pages for every new order) is paid once per batch
 * instead of once per request.
 *
 * - A unit that throws rolls back its own savepoint only; its promise rejects with the error
 *   and the others are unaffected (a duplicate within the batch is seen by the next unit, which
 *   runs after it in the same transaction).
 * - A unit's promise resolves only after the COMMIT: a client is never told about a write that
 *   is not in the database. If the COMMIT fails, or SQLite rolls the whole transaction back,
 *   every unit of the batch rejects.
 * - A lone request waits one `setImmediate` hop (the check phase right after the poll phase
 *   that read it), and nothing else.
 */
export function createGroupCommit(sqlite: Database.Database): GroupCommit {
  let queue: Pending[] = [];
  // better-sqlite3: BEGIN … COMMIT around the call; called inside one, a SAVEPOINT instead.
  const transaction = sqlite.transaction((fn: () => unknown) => fn());

  const flush = () => {
    const batch = queue;
    queue = [];
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      // BEGIN IMMEDIATE: the write lock is taken (waiting busy_timeout for another process's
      // writer) before anything is read, so no unit reads a snapshot that a write cannot follow.
      transaction.immediate(() => {
        for (const unit of batch) {
          try {
            outcomes.push({ ok: true, value: transaction(unit.work) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
          // Some errors (SQLITE_FULL, SQLITE_IOERR…) make SQLite roll back the whole transaction:
          // what the units before this one wrote is gone, so none of them may succeed.
          if (!sqlite.inTransaction) throw new Error('SQLite rolled back the group commit transaction.');
        }
      });
    } catch (error) {
      for (const unit of batch) unit.reject(error);
      return;
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  };

  return <T>(work: () => T) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1) setImmediate(flush);
    });
}
