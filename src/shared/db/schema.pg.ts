import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { text } from './pg-columns.js';

// The PostgreSQL twin of schema.ts (test/shared/schemas.test.ts keeps the two in step).

export const accounts = pgTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
});

export const apiKeys = pgTable(
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
 * PostgreSQL only: the per-API-key token buckets, shared by every instance (one row per key that
 * made a request; see rate-limit.ts). On SQLite the one process keeps them in memory.
 * `tokens` is in thousandths of a token; `at` is when it was last filled, in ms since the epoch;
 * `allowed` is 1 when the last request took a token, 0 when it was refused.
 */
export const rateLimits = pgTable('rate_limits', {
  apiKeyId: text('api_key_id').primaryKey(),
  tokens: bigint('tokens', { mode: 'number' }).notNull(),
  at: bigint('at', { mode: 'number' }).notNull(),
  allowed: integer('allowed').notNull(),
});

export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    id: text('id').primaryKey(),
    fingerprint: text('fingerprint').notNull(),
    holder: text('holder'),
    status: integer('status'),
    headers: text('headers'),
    body: text('body'),
    leaseUntil: bigint('lease_until', { mode: 'number' }).notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('idempotency_records_expires').on(t.expiresAt)],
);
