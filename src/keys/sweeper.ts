import type { Clock } from '../shared/clock.js';
import type { IdempotencyRepository } from '../shared/idempotency/repository.js';
import type { DevProviderRepository, TransactionRepository } from './repository.js';

export interface Sweeper {
  sweep(): Promise<number>;
  stop(): void;
}

/** On a timer, so that secrets go soon after expiry without requests; short batches let requests in between. */
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
