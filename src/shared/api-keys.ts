import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import { newId } from './ids.js';
import { andThen, type MaybePromise } from './maybe.js';

export interface Principal {
  accountId: string;
  apiKeyId: string;
}

const hashKey = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** An API key as the operator sees it (never the key itself). */
export interface ApiKeyInfo {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

/** A key just created: the raw key is returned this once and stored only as its SHA-256 hash. */
export interface CreatedApiKey {
  id: string;
  accountId: string;
  name: string;
  key: string;
}

/** The error of `create` with an account that does not exist. */
export class UnknownAccountError extends Error {
  constructor(accountId: string) {
    super(`No account ${accountId}.`);
  }
}

/** A new key's id, raw value and stored columns (one place for both engines). */
export function newApiKey(now: Date) {
  const raw = `svc_${randomBytes(32).toString('base64url')}`;
  return { id: newId('key', now), raw, prefix: raw.slice(0, 12), keyHash: hashKey(raw), createdAt: now.toISOString() };
}

/**
 * The data access of API keys (api-keys.sqlite.ts, api-keys.pg.ts): the request path's lookup, and
 * the operator's functions (the CLI, the development key of a first start).
 */
export interface ApiKeyRepository {
  /** The account and id of the active (not revoked) key with this SHA-256 hash. */
  principalByHash(hash: string): MaybePromise<Principal | undefined>;
  /** Creates a key (and, unless one is named, a new account for it). Throws UnknownAccountError. */
  create(now: Date, input: { name: string; accountId?: string }): MaybePromise<CreatedApiKey>;
  list(): MaybePromise<ApiKeyInfo[]>;
  /** Revokes a key; true when a key that was active is now revoked. */
  revoke(now: Date, id: string): MaybePromise<boolean>;
  count(): MaybePromise<number>;
}

/**
 * Resolves raw API keys to their account. A key that was found is remembered for `ttlMs`
 * (default one second), so that a busy client costs neither a hash nor a query per request while
 * a revocation, even one made by the CLI in another process, takes effect within that time.
 */
export function createAuthenticator(keys: ApiKeyRepository, clock: Clock, ttlMs = 1000, maxEntries = 10_000) {
  const cache = new Map<string, { principal: Principal; until: number }>();
  return (raw: string | undefined): MaybePromise<Principal | null> => {
    if (!raw || raw.length > 200) return null;
    const now = clock.now().getTime();
    const hit = cache.get(raw);
    if (hit && hit.until > now) return hit.principal;
    return andThen(keys.principalByHash(hashKey(raw)), (found) => {
      if (found) {
        if (cache.size >= maxEntries) cache.clear();
        cache.set(raw, { principal: found, until: now + ttlMs });
      } else {
        cache.delete(raw);
      }
      return found ?? null;
    });
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
