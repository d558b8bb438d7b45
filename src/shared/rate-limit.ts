import type pg from 'pg';
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

/** A token bucket per key (an API key id), refilled continuously. */
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
 * memory on SQLite's one process; in the database, shared by every instance, on PostgreSQL.
 */
export type RateLimiter = (key: string) => MaybePromise<RateDecision | null>;

/**
 * The same token bucket kept in PostgreSQL's `rate_limits`, so that every instance draws on one
 * bucket per key: one statement per request refills the row by the time since its last fill and
 * takes a token when there is one, under the row's lock. Instances' clocks may differ a little:
 * a fill never goes back in time (an instance whose clock is behind adds nothing).
 */
export function postgresRateLimiter(pool: pg.Pool, config: RateLimitConfig, clock: Clock): RateLimiter {
  const burst = config.burst * 1000;
  // filled = min(burst, tokens + elapsed ms × perSecond) in thousandths of a token.
  const filled = 'LEAST($2::bigint, r.tokens + GREATEST(0, $3::bigint - r.at) * $4::bigint)';
  const text =
    'INSERT INTO rate_limits AS r (api_key_id, tokens, at, allowed) VALUES ($1, $2::bigint - 1000, $3::bigint, 1) ' +
    `ON CONFLICT (api_key_id) DO UPDATE SET tokens = ${filled} - CASE WHEN ${filled} >= 1000 THEN 1000 ELSE 0 END, ` +
    `at = GREATEST(r.at, $3::bigint), allowed = CASE WHEN ${filled} >= 1000 THEN 1 ELSE 0 END ` +
    'RETURNING tokens, allowed';
  return (key) => {
    if (config.perSecond <= 0) return null;
    const values = [key, burst, clock.now().getTime(), config.perSecond];
    return pool.query<{ tokens: string; allowed: number }>({ name: 'rate-limit-take', text, values }).then(({ rows: [row] }) => {
      const tokens = Number(row!.tokens) / 1000;
      return {
        allowed: row!.allowed === 1,
        limit: config.perSecond,
        remaining: Math.floor(tokens),
        resetSeconds: tokens >= 1 ? 0 : Math.ceil((1 - tokens) / config.perSecond),
      };
    });
  };
}

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
