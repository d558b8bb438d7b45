import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Clock } from './clock.js';
import { WRITE, type Db } from './db/client.js';
import { inPostgresTransaction } from './db/postgres.js';
import { accounts, apiKeys } from './db/schema.js';
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
function newApiKey(now: Date) {
  const raw = `svc_${randomBytes(32).toString('base64url')}`;
  return { id: newId('key', now), raw, prefix: raw.slice(0, 12), keyHash: hashKey(raw), createdAt: now.toISOString() };
}

/**
 * The data access of API keys: the request path's lookup, and the operator's functions (the CLI,
 * the development key of a first start).
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

/** Creates an API key on SQLite (tests and the SQLite repository). The raw key is returned once. */
export function createApiKey(db: Db, clock: Clock, input: { name: string; accountId?: string }): CreatedApiKey {
  return sqliteApiKeys(db).create(clock.now(), input) as CreatedApiKey;
}

export function sqliteApiKeys(db: Db): ApiKeyRepository {
  const lookup = db
    .select({ accountId: apiKeys.accountId, apiKeyId: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .prepare();
  return {
    principalByHash: (hash) => lookup.get({ hash }) as Principal | undefined,
    create: (now, input) => {
      const key = newApiKey(now);
      return db.transaction((tx) => {
        let accountId = input.accountId;
        if (accountId) {
          const found = tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get();
          if (!found) throw new UnknownAccountError(accountId);
        } else {
          accountId = newId('acc', now);
          tx.insert(accounts).values({ id: accountId, name: input.name, createdAt: key.createdAt }).run();
        }
        tx.insert(apiKeys)
          .values({ id: key.id, accountId, name: input.name, prefix: key.prefix, keyHash: key.keyHash, createdAt: key.createdAt })
          .run();
        return { id: key.id, accountId, name: input.name, key: key.raw };
      }, WRITE);
    },
    list: () =>
      db
        .select({ id: apiKeys.id, accountId: apiKeys.accountId, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, revokedAt: apiKeys.revokedAt })
        .from(apiKeys)
        .orderBy(apiKeys.createdAt, apiKeys.id)
        .all(),
    revoke: (now, id) =>
      db
        .update(apiKeys)
        .set({ revokedAt: now.toISOString() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .run().changes === 1,
    count: () => db.select({ n: sql<number>`count(*)` }).from(apiKeys).get()?.n ?? 0,
  };
}

/** The API keys on PostgreSQL. */
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
    create: (now, input) =>
      inPostgresTransaction(pool, async (client) => {
        const key = newApiKey(now);
        let accountId = input.accountId;
        if (accountId) {
          // FOR SHARE: the account cannot go away before the key that names it commits.
          const found = await client.query('SELECT id FROM accounts WHERE id = $1 FOR SHARE', [accountId]);
          if (found.rowCount !== 1) throw new UnknownAccountError(accountId);
        } else {
          accountId = newId('acc', now);
          await client.query('INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, $3)', [accountId, input.name, key.createdAt]);
        }
        await client.query('INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
          key.id, accountId, input.name, key.prefix, key.keyHash, key.createdAt,
        ]);
        return { id: key.id, accountId, name: input.name, key: key.raw };
      }),
    list: async () =>
      (
        await pool.query<ApiKeyInfo>(
          'SELECT id, account_id AS "accountId", name, prefix, created_at AS "createdAt", revoked_at AS "revokedAt" FROM api_keys ORDER BY created_at, id',
        )
      ).rows,
    revoke: async (now, id) =>
      (await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [now.toISOString(), id])).rowCount === 1,
    count: async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM api_keys')).rows[0]!.n),
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
