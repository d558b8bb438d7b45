import type { Clock } from './clock.js';
import type { MaybePromise } from './maybe.js';

export interface RateLimitConfig {
  /** Tokens added per second; 0 turns the limiter off. */
  perSecond: number;
  burst: number;
}

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until at least one token is available again. */
  resetSeconds: number;
  /** When at least one token is available again, as Unix time in seconds (the `ratelimit-reset` header). */
  resetAt: number;
}

/** The wait for one token and its Unix time, from the tokens left after this request. */
export function resetOf(
  tokens: number,
  perSecond: number,
  nowMs: number,
): Pick<RateDecision, 'resetSeconds' | 'resetAt'> {
  const waitMs = tokens >= 1 ? 0 : ((1 - tokens) / perSecond) * 1000;
  return { resetSeconds: Math.ceil(waitMs / 1000), resetAt: Math.ceil((nowMs + waitMs) / 1000) };
}

/** A token bucket per key (an API key id), refilled continuously, in this process's memory (SQLite's one process). */
export function createRateLimiter(config: RateLimitConfig, clock: Clock, maxKeys = 100_000): RateLimiter {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (key: string): RateDecision | null => {
    if (config.perSecond <= 0) return null;
    const now = clock.now().getTime();
    let b = buckets.get(key);
    if (!b) {
      if (buckets.size >= maxKeys) buckets.clear();
      b = { tokens: config.burst, at: now };
      buckets.set(key, b);
    } else {
      b.tokens = Math.min(config.burst, b.tokens + ((now - b.at) / 1000) * config.perSecond);
      b.at = now;
    }
    const allowed = b.tokens >= 1;
    if (allowed) b.tokens -= 1;
    return {
      allowed,
      limit: config.perSecond,
      remaining: Math.floor(b.tokens),
      ...resetOf(b.tokens, config.perSecond, now),
    };
  };
}

/**
 * Takes a token for a key (an API key id): the decision, or null when there is no limit. In
 * memory on SQLite's one process; in the database, shared by every instance, on PostgreSQL
 * (rate-limit.pg.ts).
 */
export type RateLimiter = (key: string) => MaybePromise<RateDecision | null>;

/**
 * What a decision tells the client: the `ratelimit-*` headers and, when it refuses, also
 * `retry-after` and the message. Each service wraps the message in its own error body.
 */
export function rateLimitAnswer(decision: RateDecision): { headers: Record<string, string>; refusal?: string } {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    // A Unix timestamp, as AfterShip's rate-limit page defines `ratelimit-reset`.
    'ratelimit-reset': String(decision.resetAt),
  };
  if (decision.allowed) return { headers };
  const wait = Math.max(1, decision.resetSeconds);
  headers['retry-after'] = String(wait);
  return { headers, refusal: `Too many requests; retry after ${wait} second${wait === 1 ? '' : 's'}.` };
}
