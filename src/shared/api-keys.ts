import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Clock } from './clock.js';
import { WRITE, type Db } from './db/client.js';
import { accounts, apiKeys } from './db/schema.js';
import { newId } from './ids.js';
import { andThen, type MaybePromise } from './maybe.js';

export interface Principal {
  accountId: string;
  apiKeyId: string;
}

const hashKey = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** Creates an API key (and, unless one is named, a new account for it). The raw key is returned once. */
export function createApiKey(db: Db, clock: Clock, input: { name: string; accountId?: string }) {
  const now = clock.now();
  const raw = `svc_${randomBytes(32).toString('base64url')}`;
  const id = newId('key', now);
  return db.transaction((tx) => {
    let accountId = input.accountId;
    if (accountId) {
      const found = tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get();
      if (!found) throw new Error(`No account ${accountId}.`);
    } else {
      accountId = newId('acc', now);
      tx.insert(accounts).values({ id: accountId, name: input.name, createdAt: now.toISOString() }).run();
    }
    tx.insert(apiKeys)
      .values({ id, accountId, name: input.name, prefix: raw.slice(0, 12), keyHash: hashKey(raw), createdAt: now.toISOString() })
      .run();
    return { id, accountId, name: input.name, key: raw };
  }, WRITE);
}

export function listApiKeys(db: Db) {
  return db
    .select({
      id: apiKeys.id,
      accountId: apiKeys.accountId,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      revokedAt: apiKeys.revokedAt,
    })
    .from(apiKeys)
    .orderBy(apiKeys.createdAt, apiKeys.id)
    .all();
}

/** Revokes a key; true when a key that was active is now revoked. */
export function revokeApiKey(db: Db, clock: Clock, id: string): boolean {
  const res = db
    .update(apiKeys)
    .set({ revokedAt: clock.now().toISOString() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .run();
  return res.changes === 1;
}

export function countApiKeys(db: Db): number {
  return db.select({ n: sql<number>`count(*)` }).from(apiKeys).get()?.n ?? 0;
}

/** The data access the request path needs of API keys; the operator functions above are SQLite's. */
export interface ApiKeyRepository {
  /** The account and id of the active (not revoked) key with this SHA-256 hash. */
  principalByHash(hash: string): MaybePromise<Principal | undefined>;
}

export function sqliteApiKeys(db: Db): ApiKeyRepository {
  const lookup = db
    .select({ accountId: apiKeys.accountId, apiKeyId: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .prepare();
  return { principalByHash: (hash) => lookup.get({ hash }) as Principal | undefined };
}

/** The API keys on PostgreSQL (the request path's lookup). */
export function postgresApiKeys(pool: pg.Pool): ApiKeyRepository {
  return {
    principalByHash: async (hash) =>
      (
        await pool.query<Principal>({
          name: 'api-keys-principal',
          text: 'SELECT account_id AS "accountId", id AS "apiKeyId" FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
          values: [hash],
        })
      ).rows[0],
  };
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
