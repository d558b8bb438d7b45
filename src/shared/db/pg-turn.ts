interface Call<A, R> {
  arg: A;
  resolve(value: R): void;
  reject(err: unknown): void;
}

export interface TurnOptions<A> {
  /** What one `run` takes at most, in `weight`s; a turn's further calls go to further runs, a heavier one alone. */
  readonly max: number;
  /** A call's share of `max` (default 1: `max` counts calls). */
  readonly weight?: (arg: A) => number;
  /**
   * Whether a statement that failed with `err` is run again for each call on its own, so that a call whose own
   * value made it fail fails alone (an atomic INSERT of many rows); otherwise every call of it fails with `err`.
   */
  readonly eachAlone?: (err: unknown) => boolean;
}

/**
 * A batch's values for a statement that reads them with `unnest($1::…[], $2::…[], …)`: one array per field named in
 * `fields`, in that order, each holding that field of every call.
 */
export function columnArrays<T, K extends keyof T>(calls: readonly T[], fields: readonly K[]): Array<Array<T[K]>> {
  return fields.map((field) => calls.map((call) => call[field]));
}

/**
 * The calls made in one turn of the event loop, run together by `run` (PostgreSQL: one statement for the turn).
 *
 * A call made while the event loop takes in the turn's requests (its poll phase) waits for the end of that phase
 * (`setImmediate`), as a read or a write on SQLite does (turn-reads.ts, group-commit.ts); then the turn's calls go
 * to `run`, at most `max` of their weights at a time, which gives one value per call, in the calls' order. N calls
 * then cost one pool checkout, one round trip and one statement's work in the database instead of N (BENCHMARKS.md,
 * "Twenty-fifth look"). A failed `run` rejects its calls alone.
 */
export function turnBatched<A, R>(
  options: TurnOptions<A>,
  run: (args: readonly A[]) => Promise<readonly R[]>,
): (arg: A) => Promise<R> {
  let queue: Array<Call<A, R>> = [];

  const runBatch = async (batch: Array<Call<A, R>>) => {
    try {
      const values = await run(batch.map((c) => c.arg));
      batch.forEach((c, i) => c.resolve(values[i]!));
    } catch (err) {
      if (batch.length > 1 && options.eachAlone?.(err)) for (const c of batch) void runBatch([c]);
      else for (const c of batch) c.reject(err);
    }
  };

  const flush = () => {
    const all = queue;
    queue = [];
    const { max, weight } = options;
    let batch: Array<Call<A, R>> = [];
    let load = 0;
    for (const call of all) {
      const w = weight?.(call.arg) ?? 1;
      if (batch.length > 0 && load + w > max) {
        void runBatch(batch);
        batch = [];
        load = 0;
      }
      batch.push(call);
      load += w;
    }
    void runBatch(batch);
  };

  return (arg) =>
    new Promise<R>((resolve, reject) => {
      if (queue.push({ arg, resolve, reject }) === 1) setImmediate(flush);
    });
}
