/** Injected so that tests move time instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function manualClock(start = new Date('2024-07-01T00:00:00.000Z')) {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
    set(d: Date) {
      t = d.getTime();
    },
  };
}

interface AnchoredClock extends Clock {
  /** Resolves with the offset in ms (reference − base). */
  sync(): Promise<number>;
  stop(): void;
}

/**
 * `base` shifted to the database server's clock, so that instances whose own clocks disagree decide shared expiry,
 * sweeps and rate-limit refills by one clock. A reference that cannot be read keeps the last offset.
 */

export async function anchoredClock(
  base: Clock,
  reference: () => Promise<Date>,
  warn: (offsetMs: number) => void,
  { syncIntervalMs = 60_000, warnIntervalMs = 5 * 60_000, toleranceMs = 1_000 } = {},
): Promise<AnchoredClock> {
  let offset = 0;
  let lastWarning = -Infinity;
  const sync = async () => {
    const before = base.now().getTime();
    const then = (await reference()).getTime();
    const after = base.now().getTime();
    // The reference was read about halfway through the round trip.
    offset = then - (before + after) / 2;
    if (Math.abs(offset) > toleranceMs && after - lastWarning >= warnIntervalMs) {
      lastWarning = after;
      warn(offset);
    }
    return offset;
  };
  await sync();
  const timer = setInterval(() => void sync().catch(() => {}), syncIntervalMs);
  timer.unref();
  return { now: () => new Date(base.now().getTime() + offset), sync, stop: () => clearInterval(timer) };
}
