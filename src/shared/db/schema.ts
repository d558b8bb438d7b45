import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';

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
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);
