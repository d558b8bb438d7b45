import { and, eq, gt, isNull } from 'drizzle-orm';
import { inTransaction, sqliteOf, WRITE, type Db } from '../shared/db/client.js';
import type { MaybePromise } from '../shared/maybe.js';
import { keygenDevOidcRecords, keygenKeys, keygenSpentTokens, keygenTransactions } from './schema.js';

export type KeyRow = typeof keygenKeys.$inferSelect;
export type TransactionRow = typeof keygenTransactions.$inferSelect;
export type DevOidcRecordRow = typeof keygenDevOidcRecords.$inferSelect;

/** Spent-token hashes and finished transactions are kept this long, so that a reuse reads "already used". */
export const REMEMBER_MS = 7 * 24 * 60 * 60 * 1000;
export const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

const KEY_COLUMNS =
  'id, account_id AS accountId, provider, hardware_backend AS hardwareBackend, hardware_version AS hardwareVersion, client_secret_verifier AS clientSecretVerifier, ' +
  'user_binding AS userBinding, return_url AS returnUrl, created_at AS createdAt, bound_at AS boundAt';
const TRANSACTION_COLUMNS =
  'id, key_id AS keyId, account_id AS accountId, kind, client_return_url AS clientReturnUrl, prompt_token_hash AS promptTokenHash, ' +
  'sealed_client_secret AS sealedClientSecret, prompt_used_at AS promptUsedAt, oidc_state_hash AS oidcStateHash, sealed_oidc AS sealedOidc, ' +
  'key_token_hash AS keyTokenHash, completed_at AS completedAt, created_at AS createdAt, expires_at AS expiresAt';

/**
 * The statements of the busy operations (key exchange, key init, transaction creation), prepared
 * once per database on the better-sqlite3 client: drizzle's query builder compiled and prepared
 * the SQL on every call, and statements prepared per call hold native memory until a garbage
 * collection finalizes them. Row
 * shapes are drizzle's (camelCase aliases of the schema's columns).
 */
type Statements = ReturnType<typeof prepare>;
function prepare(db: Db) {
  const sqlite = sqliteOf(db);
  return {
    findKey: sqlite.prepare(`SELECT ${KEY_COLUMNS} FROM keygen_keys WHERE id = ? AND account_id = ?`),
    // .all(), not .get(): a RETURNING statement left unfinished would keep its transaction from
    // running the automatic WAL checkpoint.
    consume: sqlite.prepare(
      `DELETE FROM keygen_transactions WHERE key_token_hash = ? AND key_id = ? AND expires_at > ? RETURNING ${TRANSACTION_COLUMNS}`,
    ),
    findByKeyToken: sqlite.prepare(`SELECT ${TRANSACTION_COLUMNS} FROM keygen_transactions WHERE key_token_hash = ?`),
    reopenSignIn: sqlite.prepare(
      'UPDATE keygen_transactions SET prompt_used_at = NULL, oidc_state_hash = NULL, sealed_oidc = NULL WHERE id = ? AND completed_at IS NULL AND expires_at > ?',
    ),
    spend: sqlite.prepare(
      'INSERT INTO keygen_spent_tokens (token_hash, kind, spent_at, forget_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    insertKey: sqlite.prepare(
      `INSERT INTO keygen_keys (id, account_id, provider, hardware_backend, hardware_version, client_secret_verifier, user_binding, return_url, created_at, bound_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    insertTransaction: sqlite.prepare(
      `INSERT INTO keygen_transactions (id, key_id, account_id, kind, client_return_url, prompt_token_hash, sealed_client_secret, prompt_used_at,
         oidc_state_hash, sealed_oidc, key_token_hash, completed_at, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    setReturnUrl: sqlite.prepare('UPDATE keygen_keys SET return_url = ? WHERE id = ?'),
    dropExpiredSecrets: sqlite.prepare(
      'UPDATE keygen_transactions SET sealed_client_secret = NULL, sealed_oidc = NULL WHERE expires_at <= ? AND sealed_client_secret IS NOT NULL',
    ),
    forgetTransactions: sqlite.prepare('DELETE FROM keygen_transactions WHERE expires_at <= ?'),
    forgetSpent: sqlite.prepare('DELETE FROM keygen_spent_tokens WHERE forget_at <= ?'),
    dropExpiredSecretsBatch: sqlite.prepare(
      `UPDATE keygen_transactions SET sealed_client_secret = NULL, sealed_oidc = NULL
       WHERE id IN (SELECT id FROM keygen_transactions WHERE expires_at <= ? AND (sealed_client_secret IS NOT NULL OR sealed_oidc IS NOT NULL) LIMIT CAST(? AS INTEGER))`,
    ),
    forgetTransactionsBatch: sqlite.prepare('DELETE FROM keygen_transactions WHERE id IN (SELECT id FROM keygen_transactions WHERE expires_at <= ? LIMIT CAST(? AS INTEGER))'),
    forgetSpentBatch: sqlite.prepare(
      'DELETE FROM keygen_spent_tokens WHERE token_hash IN (SELECT token_hash FROM keygen_spent_tokens WHERE forget_at <= ? LIMIT CAST(? AS INTEGER))',
    ),
  };
}
function insertKey(db: Db, s: Statements, row: typeof keygenKeys.$inferInsert): void {
  s.insertKey.run(
    row.id,
    row.accountId,
    row.provider,
    row.hardwareBackend ?? 'file',
    row.hardwareVersion,
    row.clientSecretVerifier,
    row.userBinding ?? null,
    row.returnUrl ?? null,
    row.createdAt,
    row.boundAt ?? null,
  );
}

/** The key, when it belongs to the account: another account's key does not exist for a caller. */
function findKey(db: Db, s: Statements, accountId: string, keyId: string): KeyRow | undefined {
  return s.findKey.get(keyId, accountId) as KeyRow | undefined;
}

function findKeyById(db: Db, s: Statements, keyId: string): KeyRow | undefined {
  return db.select().from(keygenKeys).where(eq(keygenKeys.id, keyId)).get();
}

function insertTransaction(db: Db, s: Statements, row: typeof keygenTransactions.$inferInsert): void {
  inTransaction(db, () => {
    s.insertTransaction.run(
      row.id,
      row.keyId,
      row.accountId,
      row.kind,
      row.clientReturnUrl,
      row.promptTokenHash,
      row.sealedClientSecret ?? null,
      row.promptUsedAt ?? null,
      row.oidcStateHash ?? null,
      row.sealedOidc ?? null,
      row.keyTokenHash ?? null,
      row.completedAt ?? null,
      row.createdAt,
      row.expiresAt,
    );
    s.setReturnUrl.run(row.clientReturnUrl, row.keyId);
  });
}

/**
 * Drops the sealed secrets of expired transactions at once, the transactions themselves and the
 * spent-token hashes a week later.
 */
function purgeExpired(db: Db, s: Statements, now: Date): void {
  const iso = now.toISOString();
  inTransaction(db, () => {
    s.dropExpiredSecrets.run(iso);
    s.forgetTransactions.run(new Date(now.getTime() - REMEMBER_MS).toISOString());
    s.forgetSpent.run(iso);
  });
}

/**
 * One batch of the scheduled sweep (see sweeper.ts): at most `limit` rows of each kind, in one
 * short write transaction. Returns how many rows it changed; fewer than `limit` of each means done.
 */
function purgeExpiredBatch(db: Db, s: Statements, now: Date, limit: number): number {
  const iso = now.toISOString();
  return inTransaction(db, () =>
    Math.max(
      s.dropExpiredSecretsBatch.run(iso, limit).changes,
      s.forgetTransactionsBatch.run(new Date(now.getTime() - REMEMBER_MS).toISOString(), limit).changes,
      s.forgetSpentBatch.run(iso, limit).changes,
    ),
  );
}

function findTransactionByPromptToken(db: Db, s: Statements, hash: string): TransactionRow | undefined {
  return db.select().from(keygenTransactions).where(eq(keygenTransactions.promptTokenHash, hash)).get();
}

function findTransactionByKeyToken(db: Db, s: Statements, hash: string): TransactionRow | undefined {
  return s.findByKeyToken.get(hash) as TransactionRow | undefined;
}

function isSpent(db: Db, s: Statements, hash: string): boolean {
  return db.select({ h: keygenSpentTokens.tokenHash }).from(keygenSpentTokens).where(eq(keygenSpentTokens.tokenHash, hash)).get() !== undefined;
}

/**
 * Consumes the prompt token and stores the sign-in's sealed checks in one conditional UPDATE:
 * of two concurrent submissions exactly one gets the row.
 */
function consumePromptToken(db: Db, s: Statements, hash: string, now: Date, stateHash: string, sealedOidc: string): TransactionRow | undefined {
  return db
    .update(keygenTransactions)
    .set({ promptUsedAt: now.toISOString(), oidcStateHash: stateHash, sealedOidc })
    .where(
      and(
        eq(keygenTransactions.promptTokenHash, hash),
        isNull(keygenTransactions.promptUsedAt),
        gt(keygenTransactions.expiresAt, now.toISOString()),
      ),
    )
    .returning()
    .get();
}

/**
 * Takes the open sign-in of a callback: the state is cleared by a conditional UPDATE, so that a
 * replayed callback finds nothing. Returns the row as it was before.
 */
function takeSignIn(db: Db, s: Statements, stateHash: string): TransactionRow | undefined {
  return db.transaction((tx) => {
    const row = tx.select().from(keygenTransactions).where(eq(keygenTransactions.oidcStateHash, stateHash)).get();
    if (!row || row.completedAt) return undefined;
    const taken = tx
      .update(keygenTransactions)
      .set({ oidcStateHash: null, sealedOidc: null })
      .where(and(eq(keygenTransactions.id, row.id), eq(keygenTransactions.oidcStateHash, stateHash), isNull(keygenTransactions.completedAt)))
      .run();
    return taken.changes === 1 ? row : undefined;
  }, WRITE);
}

/** Binds the user to a key that has none yet; false when another sign-in bound it first. */
function bindUser(db: Db, s: Statements, keyId: string, binding: string, now: Date): boolean {
  return (
    db
      .update(keygenKeys)
      .set({ userBinding: binding, boundAt: now.toISOString() })
      .where(and(eq(keygenKeys.id, keyId), isNull(keygenKeys.userBinding)))
      .run().changes === 1
  );
}

/** Ends a sign-in: the sealed client secret goes; a key token hash is kept when a key was issued. */
function finishTransaction(db: Db, s: Statements, id: string, now: Date, keyTokenHash: string | null): void {
  db.update(keygenTransactions)
    .set({ completedAt: now.toISOString(), keyTokenHash, sealedClientSecret: null, sealedOidc: null, oidcStateHash: null })
    .where(eq(keygenTransactions.id, id))
    .run();
}

/**
 * Consumes a key token with one conditional DELETE (of two concurrent exchanges exactly one gets
 * the row) and remembers the transaction's token hashes as spent.
 */
function consumeKeyToken(db: Db, s: Statements, keyId: string, hash: string, now: Date): TransactionRow | undefined {
  return inTransaction(db, () => {
    const row = s.consume.all(hash, keyId, now.toISOString())[0] as TransactionRow | undefined;
    if (!row) return undefined;
    const spentAt = now.toISOString();
    const forgetAt = later(now, REMEMBER_MS);
    s.spend.run(hash, 'key', spentAt, forgetAt, row.promptTokenHash, 'prompt', spentAt, forgetAt);
    return row;
  });
}

/** Key records: who owns a key, its provider, the verifier of its client secret, its user binding. */
export interface KeyRepository {
  insert(row: typeof keygenKeys.$inferInsert): MaybePromise<void>;
  /** The key, when it belongs to the account: another account's key does not exist for a caller. */
  find(accountId: string, keyId: string): MaybePromise<KeyRow | undefined>;
  findById(keyId: string): MaybePromise<KeyRow | undefined>;
  /** Binds the user to a key that has none yet; false when another sign-in bound it first. */
  bindUser(keyId: string, binding: string, now: Date): MaybePromise<boolean>;
  /** How many key records each root (backend, version) made: what must stay recoverable. */
  rootsInUse(): MaybePromise<RootUse[]>;
}

export interface RootUse {
  backend: string;
  version: number;
  keys: number;
}
export const ROOTS_IN_USE =
  'SELECT hardware_backend AS backend, hardware_version AS version, count(*) AS keys FROM keygen_keys GROUP BY hardware_backend, hardware_version ORDER BY 1, 2';

/** Transactions and their one-time tokens (each consumed by one conditional statement), and the sweep. */
export interface TransactionRepository {
  /** Stores a new transaction and remembers its return URL on the key. */
  insert(row: typeof keygenTransactions.$inferInsert): MaybePromise<void>;
  findByPromptToken(hash: string): MaybePromise<TransactionRow | undefined>;
  findByKeyToken(hash: string): MaybePromise<TransactionRow | undefined>;
  /** Whether a token with this hash was used (and is still remembered). */
  isSpent(hash: string): MaybePromise<boolean>;
  consumePromptToken(hash: string, now: Date, stateHash: string, sealedOidc: string): MaybePromise<TransactionRow | undefined>;
  takeSignIn(stateHash: string): MaybePromise<TransactionRow | undefined>;
  /**
   * Gives a sign-in that could not finish (the sealed module could not answer) back to its prompt
   * link: the prompt token works again, the taken sign-in state stays gone. False when the
   * transaction completed or expired meanwhile.
   */
  reopenSignIn(id: string, now: Date): MaybePromise<boolean>;
  finish(id: string, now: Date, keyTokenHash: string | null): MaybePromise<void>;
  consumeKeyToken(keyId: string, hash: string, now: Date): MaybePromise<TransactionRow | undefined>;
  purgeExpired(now: Date): MaybePromise<void>;
  /** One batch of the scheduled sweep: how many rows it changed (fewer than `limit` of each: done). */
  purgeExpiredBatch(now: Date, limit: number): MaybePromise<number>;
}

/**
 * The embedded development provider's state, shared by every instance on the database: oidc-provider's
 * records (sessions, interactions, grants, codes, tokens; see oidc/dev-provider-adapter.ts, which
 * hashes their ids and seals their payloads) and the wrong-password counts of its login form.
 * Expiry is compared with `now`: a record or a window past it is never read, and the sweep deletes it.
 */
export interface DevProviderRepository {
  /** Stores a record, or replaces the one with its id (which is then no longer consumed). */
  upsert(row: Omit<DevOidcRecordRow, 'consumedAt'>): MaybePromise<void>;
  find(id: string, now: Date): MaybePromise<DevOidcRecordRow | undefined>;
  /** The live record of `model` with this uid (oidc-provider looks sessions up by it). */
  findByUid(model: string, uid: string, now: Date): MaybePromise<DevOidcRecordRow | undefined>;
  /** Marks a record consumed (an authorization code exchanged); a second call keeps the first time. */
  consume(id: string, now: Date): MaybePromise<void>;
  destroy(id: string): MaybePromise<void>;
  /** Deletes every record issued under the grant (its codes and tokens). */
  revokeByGrantId(grantId: string): MaybePromise<void>;
  /** Wrong passwords for the name in its current window; 0 when there are none or the window has passed. */
  loginFailures(nameHash: string, now: Date): MaybePromise<number>;
  /** One more wrong password: in the name's current window, else as the first of a new one ending at `windowEndsAt`. */
  addLoginFailure(nameHash: string, now: Date, windowEndsAt: Date): MaybePromise<void>;
  clearLoginFailures(nameHash: string): MaybePromise<void>;
  /** One batch of the scheduled sweep: at most `limit` expired records and as many passed windows. */
  purgeExpiredBatch(now: Date, limit: number): MaybePromise<number>;
}

export interface KeysRepositories {
  keys: KeyRepository;
  transactions: TransactionRepository;
  devProvider: DevProviderRepository;
}

const DEV_RECORD_COLUMNS = 'id, model, payload, uid, grant_id AS grantId, consumed_at AS consumedAt, expires_at AS expiresAt';

/** The development provider's state on SQLite (see DevProviderRepository). */
function sqliteDevProvider(db: Db): DevProviderRepository {
  const sqlite = sqliteOf(db);
  const s = {
    upsert: sqlite.prepare(
      `INSERT INTO keygen_dev_oidc_records (id, model, payload, uid, grant_id, consumed_at, expires_at) VALUES (?, ?, ?, ?, ?, NULL, ?)
       ON CONFLICT (id) DO UPDATE SET model = excluded.model, payload = excluded.payload, uid = excluded.uid, grant_id = excluded.grant_id,
         consumed_at = NULL, expires_at = excluded.expires_at`,
    ),
    find: sqlite.prepare(`SELECT ${DEV_RECORD_COLUMNS} FROM keygen_dev_oidc_records WHERE id = ? AND expires_at > ?`),
    findByUid: sqlite.prepare(`SELECT ${DEV_RECORD_COLUMNS} FROM keygen_dev_oidc_records WHERE uid = ? AND model = ? AND expires_at > ? LIMIT 1`),
    consume: sqlite.prepare('UPDATE keygen_dev_oidc_records SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL'),
    destroy: sqlite.prepare('DELETE FROM keygen_dev_oidc_records WHERE id = ?'),
    revokeByGrantId: sqlite.prepare('DELETE FROM keygen_dev_oidc_records WHERE grant_id = ?'),
    loginFailures: sqlite.prepare('SELECT failures FROM keygen_dev_login_failures WHERE name_hash = ? AND window_ends_at > ?'),
    // One statement, so that instances counting at once lose no failure.
    addLoginFailure: sqlite.prepare(
      `INSERT INTO keygen_dev_login_failures (name_hash, failures, window_ends_at) VALUES (?, 1, ?)
       ON CONFLICT (name_hash) DO UPDATE SET
         failures = CASE WHEN keygen_dev_login_failures.window_ends_at <= ? THEN 1 ELSE keygen_dev_login_failures.failures + 1 END,
         window_ends_at = CASE WHEN keygen_dev_login_failures.window_ends_at <= ? THEN excluded.window_ends_at ELSE keygen_dev_login_failures.window_ends_at END`,
    ),
    clearLoginFailures: sqlite.prepare('DELETE FROM keygen_dev_login_failures WHERE name_hash = ?'),
    purgeRecordsBatch: sqlite.prepare('DELETE FROM keygen_dev_oidc_records WHERE id IN (SELECT id FROM keygen_dev_oidc_records WHERE expires_at <= ? LIMIT CAST(? AS INTEGER))'),
    purgeFailuresBatch: sqlite.prepare(
      'DELETE FROM keygen_dev_login_failures WHERE name_hash IN (SELECT name_hash FROM keygen_dev_login_failures WHERE window_ends_at <= ? LIMIT CAST(? AS INTEGER))',
    ),
  };
  return {
    upsert: (row) => {
      s.upsert.run(row.id, row.model, row.payload, row.uid ?? null, row.grantId ?? null, row.expiresAt);
    },
    find: (id, now) => s.find.get(id, now.toISOString()) as DevOidcRecordRow | undefined,
    findByUid: (model, uid, now) => s.findByUid.get(uid, model, now.toISOString()) as DevOidcRecordRow | undefined,
    consume: (id, now) => {
      s.consume.run(now.toISOString(), id);
    },
    destroy: (id) => {
      s.destroy.run(id);
    },
    revokeByGrantId: (grantId) => {
      s.revokeByGrantId.run(grantId);
    },
    loginFailures: (nameHash, now) => (s.loginFailures.get(nameHash, now.toISOString()) as { failures: number } | undefined)?.failures ?? 0,
    addLoginFailure: (nameHash, now, windowEndsAt) => {
      const iso = now.toISOString();
      s.addLoginFailure.run(nameHash, windowEndsAt.toISOString(), iso, iso);
    },
    clearLoginFailures: (nameHash) => {
      s.clearLoginFailures.run(nameHash);
    },
    purgeExpiredBatch: (now, limit) => {
      const iso = now.toISOString();
      return inTransaction(db, () => Math.max(s.purgeRecordsBatch.run(iso, limit).changes, s.purgeFailuresBatch.run(iso, limit).changes));
    },
  };
}

/** The key service's data access on SQLite: statements prepared once, here. */
export function sqliteKeysRepositories(db: Db): KeysRepositories {
  const s = prepare(db);
  return {
    keys: {
      insert: (row) => insertKey(db, s, row),
      find: (accountId, keyId) => findKey(db, s, accountId, keyId),
      findById: (keyId) => findKeyById(db, s, keyId),
      bindUser: (keyId, binding, now) => bindUser(db, s, keyId, binding, now),
      rootsInUse: () => sqliteOf(db).prepare(ROOTS_IN_USE).all() as RootUse[],
    },
    transactions: {
      insert: (row) => insertTransaction(db, s, row),
      findByPromptToken: (hash) => findTransactionByPromptToken(db, s, hash),
      findByKeyToken: (hash) => findTransactionByKeyToken(db, s, hash),
      isSpent: (hash) => isSpent(db, s, hash),
      consumePromptToken: (hash, now, stateHash, sealedOidc) => consumePromptToken(db, s, hash, now, stateHash, sealedOidc),
      takeSignIn: (stateHash) => takeSignIn(db, s, stateHash),
      reopenSignIn: (id, now) => s.reopenSignIn.run(id, now.toISOString()).changes === 1,
      finish: (id, now, keyTokenHash) => finishTransaction(db, s, id, now, keyTokenHash),
      consumeKeyToken: (keyId, hash, now) => consumeKeyToken(db, s, keyId, hash, now),
      purgeExpired: (now) => purgeExpired(db, s, now),
      purgeExpiredBatch: (now, limit) => purgeExpiredBatch(db, s, now, limit),
    },
    devProvider: sqliteDevProvider(db),
  };
}
