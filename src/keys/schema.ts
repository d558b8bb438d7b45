import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { accounts } from '../shared/db/schema.js';

/** Only verifiers are stored: HMACs of the client secret and the user's (issuer, sub) under the key's root. */
export const keygenKeys = sqliteTable(
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

/** Tokens are stored hashed; the client secret, PKCE verifier and nonce sealed, and only until completion or expiry. */
export const keygenTransactions = sqliteTable(
  'keygen_transactions',
  {
    id: text('id').primaryKey(),
    keyId: text('key_id')
      .notNull()
      .references(() => keygenKeys.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    kind: text('kind', { enum: ['generate', 'recover'] }).notNull(),
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

/** Kept after the transaction is gone, so that a reuse is told apart from a forgery. */
export const keygenSpentTokens = sqliteTable(
  'keygen_spent_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['prompt', 'key'] }).notNull(),
    spentAt: text('spent_at').notNull(),
    forgetAt: text('forget_at').notNull(),
  },
  (t) => [index('keygen_spent_tokens_forget').on(t.forgetAt)],
);

/** Ids are hashed and payloads sealed, so that the table holds no usable session id or code. */
export const keygenDevOidcRecords = sqliteTable(
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

export const keygenDevLoginFailures = sqliteTable(
  'keygen_dev_login_failures',
  {
    nameHash: text('name_hash').primaryKey(),
    failures: integer('failures').notNull(),
    windowEndsAt: text('window_ends_at').notNull(),
  },
  (t) => [index('keygen_dev_login_failures_window').on(t.windowEndsAt)],
);
