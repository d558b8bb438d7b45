import type { Context } from 'hono';
import type { Authenticator, Principal } from './api-keys.js';
import { addResponseHeaders } from './http.js';
import { andThen, type MaybePromise } from './maybe.js';
import { rateLimitAnswer, type RateLimiter } from './rate-limit.js';

type Refusal =
  | { reason: 'missing' }
  | { reason: 'unknown' }
  | { reason: 'rate_limited'; message: string; headers: Record<string, string> };

/** Authentication and the per-key rate limit of both services; each service words the refusal itself. */
export function createAccessCheck(authenticate: Authenticator, rateLimit: RateLimiter | undefined, header: string) {
  return <E extends { Variables: { principal: Principal } }>(c: Context<E>): MaybePromise<Principal | Refusal> => {
    const raw = c.req.header(header);
    if (raw === undefined || raw === '') return { reason: 'missing' };
    return andThen(authenticate(raw), (principal): MaybePromise<Principal | Refusal> => {
      if (!principal) return { reason: 'unknown' };
      const admit = (): Principal => {
        c.set('principal', principal);
        return principal;
      };
      if (!rateLimit) return admit();
      return andThen(rateLimit(principal.apiKeyId), (decision): Principal | Refusal => {
        if (!decision) return admit();
        const { headers, refusal } = rateLimitAnswer(decision);
        if (refusal) return { reason: 'rate_limited', message: refusal, headers };
        addResponseHeaders(c, headers);
        return admit();
      });
    });
  };
}

export const isRefusal = (outcome: Principal | Refusal): outcome is Refusal => 'reason' in outcome;
