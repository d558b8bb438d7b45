import { index, integer, pgTable } from 'drizzle-orm/pg-core';
import { text } from '../shared/db/pg-columns.js';
import { accounts } from '../shared/db/schema.pg.js';

// The PostgreSQL twin of schema.ts (test/shared/schemas.test.ts keeps the two in step).

export const keygenKeys = pgTable(
  'keygen_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    provider: text('provider').notNull(),
    hardwareBackend: text('hardware_backend').$type<'file' | 'pkcs11'>().notNull().default('file'),
    hardwareVersion: integer('hardware_version').notNull(),
    clientSecretVerifier: text('client_secret_verifier').notNull(),
    userBinding: text('user_binding'),
    returnUrl: text('return_url'),
    createdAt: text('created_at').notNull(),
    boundAt: text('bound_at'),
  },
  (t) => [index('keygen_keys_account').on(t.accountId)],
);

export const keygenTransactions = pgTable(
  'keygen_transactions',
  {
    id: text('id').primaryKey(),
    keyId: text('key_id')
      .notNull()
      .references(() => keygenKeys.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    kind: text('kind').$type<'generate' | 'recover'>().notNull(),
    clientReturnUrl: text('client_return_url').notNull(),
    promptTokenHash: text('prompt_token_hash').notNull().unique(),
    sealedClientSecret: text('sealed_client_secret'),
    promptUsedAt: text('prompt_used_at'),
    oidcStateHash: text('oidc_state_hash').unique(),
    sealedOidc: text('sealed_oidc'),
    keyTokenHash: text('key_token_hash').unique(),
    completedAt: text('completed_at'),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [index('keygen_transactions_key').on(t.keyId), index('keygen_transactions_expires').on(t.expiresAt)],
);

export const keygenSpentTokens = pgTable(
  'keygen_spent_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind').$type<'prompt' | 'key'>().notNull(),
    spentAt: text('spent_at').notNull(),
    forgetAt: text('forget_at').notNull(),
  },
  (t) => [index('keygen_spent_tokens_forget').on(t.forgetAt)],
);

/** On SQLite the sealed root is a file instead (KEYGEN_SEALED_ROOT_FILE). */
export const keygenSealedRoot = pgTable('keygen_sealed_root', {
  id: integer('id').primaryKey(),
  document: text('document').notNull(),
  createdAt: text('created_at').notNull(),
});

export const keygenDevOidcRecords = pgTable(
  'keygen_dev_oidc_records',
  {
    id: text('id').primaryKey(),
    model: text('model').notNull(),
    payload: text('payload').notNull(),
    uid: text('uid'),
    grantId: text('grant_id'),
    consumedAt: text('consumed_at'),
    expiresAt: text('expires_at').notNull(),
  },
  (t) => [
    index('keygen_dev_oidc_records_uid').on(t.uid),
    index('keygen_dev_oidc_records_grant').on(t.grantId),
    index('keygen_dev_oidc_records_expires').on(t.expiresAt),
  ],
);

export const keygenDevLoginFailures = pgTable(
  'keygen_dev_login_failures',
  {
    nameHash: text('name_hash').primaryKey(),
    failures: integer('failures').notNull(),
    windowEndsAt: text('window_ends_at').notNull(),
  },
  (t) => [index('keygen_dev_login_failures_window').on(t.windowEndsAt)],
);
