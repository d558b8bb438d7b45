/** Time source, injected so that expiry and timestamps are tested by moving time, not by waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
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

/** A clock that keeps to a reference clock (the database's): see anchoredClock. */
export interface AnchoredClock extends Clock {
  /** Reads the reference again; resolves with the offset in ms (reference − base). */
  sync(): Promise<number>;
  stop(): void;
}

/**
 * `base` moved by its offset from `reference` (the database server's clock), measured at start and
 * every `syncIntervalMs`: instances whose own clocks disagree still agree on the time, so that
 * expiry, sweeps and rate-limit refills that they share and compare are decided by one clock.
 * An offset over `toleranceMs` is reported to `warn` at start and at most every `warnIntervalMs`
 * after, while it lasts. A reference that cannot be read keeps the last offset.
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
