import type pg from 'pg';
import type { Clock } from './clock.js';
import { resetOf, type RateLimitConfig, type RateLimiter } from './rate-limit.js';

/**
 * One statement per request refills and takes under the row's lock, so every instance draws on one bucket.
 * A fill never goes back in time, so an instance whose clock is behind adds nothing.
 */
export function postgresRateLimiter(pool: pg.Pool, config: RateLimitConfig, clock: Clock): RateLimiter {
  const burst = config.burst * 1000;
  // In thousandths of a token: ms elapsed × per second.

  const filled = 'LEAST($2::bigint, r.tokens + GREATEST(0, $3::bigint - r.at) * $4::bigint)';
  const text =
    'INSERT INTO rate_limits AS r (api_key_id, tokens, at, allowed) VALUES ($1, $2::bigint - 1000, $3::bigint, 1) ' +
    `ON CONFLICT (api_key_id) DO UPDATE SET tokens = ${filled} - CASE WHEN ${filled} >= 1000 THEN 1000 ELSE 0 END, ` +
    `at = GREATEST(r.at, $3::bigint), allowed = CASE WHEN ${filled} >= 1000 THEN 1 ELSE 0 END ` +
    'RETURNING tokens, allowed';
  return (key) => {
    if (config.perSecond <= 0) return null;
    const now = clock.now().getTime();
    const values = [key, burst, now, config.perSecond];
    return pool
      .query<{ tokens: string; allowed: number }>({ name: 'rate-limit-take', text, values })
      .then(({ rows: [row] }) => {
        const tokens = Number(row!.tokens) / 1000;
        return {
          allowed: row!.allowed === 1,
          limit: config.perSecond,
          remaining: Math.floor(tokens),
          ...resetOf(tokens, config.perSecond, now),
        };
      });
  };
}
