import type { Clock } from './clock.js';
import type { MaybePromise } from './maybe.js';

export interface RateLimitConfig {
  /** Tokens added per second; 0 turns the limiter off. */
  perSecond: number;
  burst: number;
}

interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetSeconds: number;
  /** Unix time in seconds. */
  resetAt: number;
}

export function resetOf(
  tokens: number,
  perSecond: number,
  nowMs: number,
): Pick<RateDecision, 'resetSeconds' | 'resetAt'> {
  const waitMs = tokens >= 1 ? 0 : ((1 - tokens) / perSecond) * 1000;
  return { resetSeconds: Math.ceil(waitMs / 1000), resetAt: Math.ceil((nowMs + waitMs) / 1000) };
}

/** In process memory, which is enough on SQLite's one process; PostgreSQL's instances share rate-limit.pg.ts. */
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

/** Null when there is no limit. */
export type RateLimiter = (key: string) => MaybePromise<RateDecision | null>;

export function rateLimitAnswer(decision: RateDecision): { headers: Record<string, string>; refusal?: string } {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(decision.limit),
    'ratelimit-remaining': String(decision.remaining),
    // A Unix timestamp, as AfterShip's rate-limit page defines it.

    'ratelimit-reset': String(decision.resetAt),
  };
  if (decision.allowed) return { headers };
  const wait = Math.max(1, decision.resetSeconds);
  headers['retry-after'] = String(wait);
  return { headers, refusal: `Too many requests; retry after ${wait} second${wait === 1 ? '' : 's'}.` };
}
