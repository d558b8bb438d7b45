import { bigint, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { text } from './pg-columns.js';

// Twin of schema.ts; test/shared/schemas.test.ts keeps the two in step.

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
    signingRoot: text('signing_root'),
    signingSalt: text('signing_salt'),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

/**
 * PostgreSQL only, because instances share the buckets; on SQLite the one process keeps them in memory. `tokens`
 * is in thousandths of a token; `at` is ms since the epoch.
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
