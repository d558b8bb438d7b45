import { hash, randomBytes } from 'node:crypto';
import type { Clock } from './clock.js';
import { newId } from './ids.js';
import { andThen, type MaybePromise } from './maybe.js';

export interface Principal {
  accountId: string;
  apiKeyId: string;
  /** Set when the key requires signed requests. */
  signing?: SigningRef;
}

export interface SigningRef {
  root: string;
  salt: string;
}

export const signingOf = (root: string | null, salt: string | null): SigningRef | undefined =>
  root !== null && salt !== null ? { root, salt } : undefined;

const hashKey = (raw: string) => hash('sha256', raw);

export interface ApiKeyInfo {
  id: string;
  accountId: string;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  signed: boolean;
}

/** The raw key is returned this once and stored only as its SHA-256 hash. */
export interface CreatedApiKey {
  id: string;
  accountId: string;
  name: string;
  key: string;
}

export class UnknownAccountError extends Error {
  constructor(accountId: string) {
    super(`No account ${accountId}.`);
  }
}

export function newApiKey(now: Date) {
  const raw = `svc_${randomBytes(32).toString('base64url')}`;
  return { id: newId('key', now), raw, prefix: raw.slice(0, 12), keyHash: hashKey(raw), createdAt: now.toISOString() };
}

export interface ApiKeyRepository {
  /** Active (not revoked) keys only. */
  principalByHash(hash: string): MaybePromise<Principal | undefined>;
  /** Creates a new account unless one is named; throws UnknownAccountError. */
  create(now: Date, input: { name: string; accountId?: string }): MaybePromise<CreatedApiKey>;
  list(): MaybePromise<ApiKeyInfo[]>;
  /** True when a key that was active is now revoked. */
  revoke(now: Date, id: string): MaybePromise<boolean>;
  /** False when no active key has `id`. */

  requireSigning(id: string, signing: SigningRef): MaybePromise<boolean>;
  count(): MaybePromise<number>;
}

/**
 * Found keys are remembered for `ttlMs`, so a busy client costs no hash or query per request, while a revocation
 * (even from the CLI in another process) takes effect within that time.
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
