import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
});

/** Stored only as a SHA-256 hash: the keys are 256-bit random, so a fast hash is enough. */
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
    /** Set when the key requires signed requests; the signing secret is derived from these and never stored. */
    signingRoot: text('signing_root'),
    signingSalt: text('signing_salt'),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

/** One row per Idempotency-Key of an API key. Times are ms since the epoch. */
export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    /** SHA-256 of the API key's id and the Idempotency-Key, so keys of different API keys never collide. */
    id: text('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    /** Null once the answer is stored. */
    holder: text('holder'),
    status: integer('status'),
    headers: text('headers'),
    /** Sealed when the service keeps secrets in it (the key service). */
    body: text('body'),
    /** Lets a retry take the key when the holder's instance stopped mid-request. */
    leaseUntil: integer('lease_until').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('idempotency_records_expires').on(t.expiresAt)],
);
