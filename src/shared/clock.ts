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
