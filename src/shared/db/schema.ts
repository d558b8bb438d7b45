import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** An account owns API keys and everything created with them (stores, keys of the key service). */
export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
});

/** Operator-issued API keys, stored only as a SHA-256 hash (they are 256-bit random, so a fast hash is enough). */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: text('created_at').notNull(),
    revokedAt: text('revoked_at'),
    /**
     * Set when the key requires signed requests (src/shared/request-signing.ts): the sealed root
     * (`file:1`, `pkcs11:2`) and the random salt its signing secret is derived with. The secret
     * itself is stored nowhere.
     */
    signingRoot: text('signing_root'),
    signingSalt: text('signing_salt'),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

/**
 * Safe retries (src/shared/idempotency.ts): one row per Idempotency-Key of an API key, holding the
 * request's fingerprint and, once answered, the answer to replay. Times are ms since the epoch.
 */
export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    /** SHA-256 of the API key's id and the Idempotency-Key: another API key's same key is another row. */
    id: text('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    /** The request that holds the key while it runs; null once its answer is stored. */
    holder: text('holder'),
    status: integer('status'),
    /** JSON object of the answer's headers that are replayed (content type, location). */
    headers: text('headers'),
    /** The answer's body, sealed when the service keeps secrets in it (the key service). */
    body: text('body'),
    /** While the request runs: when its hold lapses (its instance stopped), so a retry may take the key. */
    leaseUntil: integer('lease_until').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('idempotency_records_expires').on(t.expiresAt)],
);
