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
    const resetSeconds = b.tokens >= 1 ? 0 : Math.ceil((1 - b.tokens) / config.perSecond);
    return { allowed, limit: config.perSecond, remaining: Math.floor(b.tokens), resetSeconds };
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
    'ratelimit-reset': String(decision.resetSeconds),
  };
  if (decision.allowed) return { headers };
  const wait = Math.max(1, decision.resetSeconds);
  headers['retry-after'] = String(wait);
  return { headers, refusal: `Too many requests; retry after ${wait} second${wait === 1 ? '' : 's'}.` };
}
