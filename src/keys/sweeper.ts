import type { Clock } from '../shared/clock.js';
import type { IdempotencyRepository } from '../shared/idempotency/repository.js';
import type { DevProviderRepository, TransactionRepository } from './repository.js';

export interface Sweeper {
  /** Sweeps now, batch after batch, until nothing expired is left; resolves with the rows touched. */
  sweep(): Promise<number>;
  stop(): void;
}

/**
 * Sweeps expired transactions every `intervalMs` of real time, comparing expiry with the injected
 * clock: their sealed client secret and sign-in data go at the first sweep after expiry, whether
 * or not another transaction is created. The development provider's expired records and passed
 * wrong-password windows go at the same sweep, and so do expired Idempotency-Key records of both
 * services (`idempotency`). Each batch is its own short write transaction, with a
 * turn of the event loop between batches, so requests keep being answered during a long sweep.
 */
export function startSweeper(
  {
    transactions,
    devProvider,
    idempotency,
    clock,
    logger,
    onExpired,
  }: {
    transactions: TransactionRepository;
    devProvider: DevProviderRepository;
    idempotency?: IdempotencyRepository;
    clock: Clock;
    logger?: { error(obj: object, msg: string): void };
    /** How many expired transactions a batch swept (the metrics count them). */
    onExpired?: (transactions: number) => void;
  },
  { intervalMs = 60_000, batchSize = 500 } = {},
): Sweeper {
  let running: Promise<number> | null = null;
  const batches = async () => {
    let total = 0;
    for (;;) {
      const now = clock.now();
      const swept = await transactions.purgeExpiredBatch(now, batchSize);
      if (swept > 0) onExpired?.(swept);
      const n = Math.max(
        swept,
        await devProvider.purgeExpiredBatch(now, batchSize),
        (await idempotency?.purgeExpiredBatch(now, batchSize)) ?? 0,
      );
      total += n;
      if (n < batchSize) return total;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  // One sweep at a time: a call during a sweep joins it.
  const sweep = () => (running ??= batches().finally(() => (running = null)));
  const timer = setInterval(() => {
    sweep().catch((err: unknown) => logger?.error({ err }, 'sweeping expired transactions failed'));
  }, intervalMs);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
