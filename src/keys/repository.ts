import { and, eq, gt, isNull } from 'drizzle-orm';
import { inTransaction, sqliteOf, type Db } from '../shared/db/client.js';
import { keygenKeys, keygenSpentTokens, keygenTransactions } from './schema.js';

export type KeyRow = typeof keygenKeys.$inferSelect;
export type TransactionRow = typeof keygenTransactions.$inferSelect;

/** Spent-token hashes and finished transactions are kept this long, so that a reuse reads "already used". */
const REMEMBER_MS = 7 * 24 * 60 * 60 * 1000;
const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

const KEY_COLUMNS =
  'id, account_id AS accountId, provider, hardware_version AS hardwareVersion, client_secret_verifier AS clientSecretVerifier, ' +
  'user_binding AS userBinding, return_url AS returnUrl, created_at AS createdAt, bound_at AS boundAt';
const TRANSACTION_COLUMNS =
  'id, key_id AS keyId, account_id AS accountId, kind, client_return_url AS clientReturnUrl, prompt_token_hash AS promptTokenHash, ' +
  'sealed_client_secret AS sealedClientSecret, prompt_used_at AS promptUsedAt, oidc_state_hash AS oidcStateHash, sealed_oidc AS sealedOidc, ' +
  'key_token_hash AS keyTokenHash, completed_at AS completedAt, created_at AS createdAt, expires_at AS expiresAt';

/**
 * The statements of the busy operations (key exchange, key init, transaction creation), prepared
 * once per database on the better-sqlite3 client: drizzle's query builder compiled and prepared
 * the SQL on every call, and statements prepared per call hold native memory until a garbage
 * collection finalizes them (POST /keygen/keys alone grew the server to 380 MB in 30 s). Row
 * shapes are drizzle's (camelCase aliases of the schema's columns).
 */
function prepare(db: Db) {
  const sqlite = sqliteOf(db);
  return {
    findKey: sqlite.prepare(`SELECT ${KEY_COLUMNS} FROM keygen_keys WHERE id = ? AND account_id = ?`),
    // .all(), not .get(): a RETURNING statement left unfinished would keep its transaction from
    // running the automatic WAL checkpoint.
    consume: sqlite.prepare(
      `DELETE FROM keygen_transactions WHERE key_token_hash = ? AND key_id = ? AND expires_at > ? RETURNING ${TRANSACTION_COLUMNS}`,
    ),
    spend: sqlite.prepare(
      'INSERT INTO keygen_spent_tokens (token_hash, kind, spent_at, forget_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    insertKey: sqlite.prepare(
      `INSERT INTO keygen_keys (id, account_id, provider, hardware_version, client_secret_verifier, user_binding, return_url, created_at, bound_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
function stmts(db: Db) {
  let s = statements.get(db);
  if (!s) statements.set(db, (s = prepare(db)));
  return s;
}

export function insertKey(db: Db, row: typeof keygenKeys.$inferInsert): void {
  stmts(db).insertKey.run(
    row.id,
    row.accountId,
    row.provider,
    row.hardwareVersion,
    row.clientSecretVerifier,
    row.userBinding ?? null,
    row.returnUrl ?? null,
    row.createdAt,
    row.boundAt ?? null,
  );
}

/** The key, when it belongs to the account: another account's key does not exist for a caller. */
export function findKey(db: Db, accountId: string, keyId: string): KeyRow | undefined {
  return stmts(db).findKey.get(keyId, accountId) as KeyRow | undefined;
}

export function findKeyById(db: Db, keyId: string): KeyRow | undefined {
  return db.select().from(keygenKeys).where(eq(keygenKeys.id, keyId)).get();
}

export function insertTransaction(db: Db, row: typeof keygenTransactions.$inferInsert): void {
  const s = stmts(db);
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
export function purgeExpired(db: Db, now: Date): void {
  const iso = now.toISOString();
  const s = stmts(db);
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
export function purgeExpiredBatch(db: Db, now: Date, limit: number): number {
  const iso = now.toISOString();
  const s = stmts(db);
  return inTransaction(db, () =>
    Math.max(
      s.dropExpiredSecretsBatch.run(iso, limit).changes,
      s.forgetTransactionsBatch.run(new Date(now.getTime() - REMEMBER_MS).toISOString(), limit).changes,
      s.forgetSpentBatch.run(iso, limit).changes,
    ),
  );
}

export function findTransactionByPromptToken(db: Db, hash: string): TransactionRow | undefined {
  return db.select().from(keygenTransactions).where(eq(keygenTransactions.promptTokenHash, hash)).get();
}

export function findTransactionByKeyToken(db: Db, hash: string): TransactionRow | undefined {
  return db.select().from(keygenTransactions).where(eq(keygenTransactions.keyTokenHash, hash)).get();
}

export function isSpent(db: Db, hash: string): boolean {
  return db.select({ h: keygenSpentTokens.tokenHash }).from(keygenSpentTokens).where(eq(keygenSpentTokens.tokenHash, hash)).get() !== undefined;
}

/**
 * Consumes the prompt token and stores the sign-in's sealed checks in one conditional UPDATE:
 * of two concurrent submissions exactly one gets the row.
 */
export function consumePromptToken(db: Db, hash: string, now: Date, stateHash: string, sealedOidc: string): TransactionRow | undefined {
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
export function takeSignIn(db: Db, stateHash: string): TransactionRow | undefined {
  return db.transaction((tx) => {
    const row = tx.select().from(keygenTransactions).where(eq(keygenTransactions.oidcStateHash, stateHash)).get();
    if (!row || row.completedAt) return undefined;
    const taken = tx
      .update(keygenTransactions)
      .set({ oidcStateHash: null, sealedOidc: null })
      .where(and(eq(keygenTransactions.id, row.id), eq(keygenTransactions.oidcStateHash, stateHash), isNull(keygenTransactions.completedAt)))
      .run();
    return taken.changes === 1 ? row : undefined;
  });
}

/** Binds the user to a key that has none yet; false when another sign-in bound it first. */
export function bindUser(db: Db, keyId: string, binding: string, now: Date): boolean {
  return (
    db
      .update(keygenKeys)
      .set({ userBinding: binding, boundAt: now.toISOString() })
      .where(and(eq(keygenKeys.id, keyId), isNull(keygenKeys.userBinding)))
      .run().changes === 1
  );
}

/** Ends a sign-in: the sealed client secret goes; a key token hash is kept when a key was issued. */
export function finishTransaction(db: Db, id: string, now: Date, keyTokenHash: string | null): void {
  db.update(keygenTransactions)
    .set({ completedAt: now.toISOString(), keyTokenHash, sealedClientSecret: null, sealedOidc: null, oidcStateHash: null })
    .where(eq(keygenTransactions.id, id))
    .run();
}

/**
 * Consumes a key token with one conditional DELETE (of two concurrent exchanges exactly one gets
 * the row) and remembers the transaction's token hashes as spent.
 */
export function consumeKeyToken(db: Db, keyId: string, hash: string, now: Date): TransactionRow | undefined {
  const s = stmts(db);
  return inTransaction(db, () => {
    const row = s.consume.all(hash, keyId, now.toISOString())[0] as TransactionRow | undefined;
    if (!row) return undefined;
    const spentAt = now.toISOString();
    const forgetAt = later(now, REMEMBER_MS);
    s.spend.run(hash, 'key', spentAt, forgetAt, row.promptTokenHash, 'prompt', spentAt, forgetAt);
    return row;
  });
}
