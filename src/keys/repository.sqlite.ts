import { inGroupCommit, inTransaction, ONE_STATEMENT, sqliteOf, type Db } from '../shared/db/client.js';
import { selectColumns } from '../shared/db/columns.js';
import {
  later,
  REMEMBER_MS,
  ROOTS_IN_USE,
  type DevOidcRecordRow,
  type DevProviderRepository,
  type KeyRow,
  type KeysRepositories,
  type RootUse,
  type TransactionRow,
} from './repository.js';
import { keygenDevOidcRecords, keygenKeys, keygenTransactions } from './schema.js';

const KEY_COLUMNS = selectColumns(keygenKeys);
const TRANSACTION_COLUMNS = selectColumns(keygenTransactions);

/** Statements are prepared once: prepared per call (as drizzle's builder does) they hold native memory until GC. */
export function sqliteKeysRepositories(db: Db): KeysRepositories {
  const sqlite = sqliteOf(db);
  const s = {
    findKey: sqlite.prepare(`SELECT ${KEY_COLUMNS} FROM keygen_keys WHERE id = ? AND account_id = ?`),
    findKeyById: sqlite.prepare(`SELECT ${KEY_COLUMNS} FROM keygen_keys WHERE id = ?`),
    insertKey: sqlite.prepare(
      `INSERT INTO keygen_keys (id, account_id, provider, hardware_backend, hardware_version, client_secret_verifier,
         user_binding, return_url, created_at, bound_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    bindUser: sqlite.prepare(
      'UPDATE keygen_keys SET user_binding = ?, bound_at = ? WHERE id = ? AND user_binding IS NULL',
    ),
    rootsInUse: sqlite.prepare(ROOTS_IN_USE),
    setReturnUrl: sqlite.prepare('UPDATE keygen_keys SET return_url = ? WHERE id = ?'),
    insertTransaction: sqlite.prepare(
      `INSERT INTO keygen_transactions (id, key_id, account_id, kind, client_return_url, prompt_token_hash,
         sealed_client_secret, prompt_used_at, oidc_state_hash, sealed_oidc, key_token_hash, completed_at,
         created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    byPromptToken: sqlite.prepare(`SELECT ${TRANSACTION_COLUMNS} FROM keygen_transactions WHERE prompt_token_hash = ?`),
    byKeyToken: sqlite.prepare(`SELECT ${TRANSACTION_COLUMNS} FROM keygen_transactions WHERE key_token_hash = ?`),
    byStateHash: sqlite.prepare(`SELECT ${TRANSACTION_COLUMNS} FROM keygen_transactions WHERE oidc_state_hash = ?`),
    isSpent: sqlite.prepare('SELECT 1 FROM keygen_spent_tokens WHERE token_hash = ?').pluck(),
    // .all(), not .get(), with RETURNING: an unfinished statement would keep its transaction from the WAL checkpoint.
    consumePromptToken: sqlite.prepare(
      `UPDATE keygen_transactions SET prompt_used_at = ?, oidc_state_hash = ?, sealed_oidc = ?
       WHERE prompt_token_hash = ? AND prompt_used_at IS NULL AND expires_at > ? RETURNING ${TRANSACTION_COLUMNS}`,
    ),
    takeSignIn: sqlite.prepare(
      `UPDATE keygen_transactions SET oidc_state_hash = NULL, sealed_oidc = NULL
       WHERE id = ? AND oidc_state_hash = ? AND completed_at IS NULL`,
    ),
    reopenSignIn: sqlite.prepare(
      `UPDATE keygen_transactions SET prompt_used_at = NULL, oidc_state_hash = NULL, sealed_oidc = NULL
       WHERE id = ? AND completed_at IS NULL AND expires_at > ?`,
    ),
    finish: sqlite.prepare(
      `UPDATE keygen_transactions SET completed_at = ?, key_token_hash = ?, sealed_client_secret = NULL,
        sealed_oidc = NULL,
         oidc_state_hash = NULL WHERE id = ?`,
    ),
    consumeKeyToken: sqlite.prepare(
      `DELETE FROM keygen_transactions WHERE key_token_hash = ? AND key_id = ? AND account_id = ? AND expires_at > ?
       RETURNING ${TRANSACTION_COLUMNS}`,
    ),
    spend: sqlite.prepare(
      'INSERT INTO keygen_spent_tokens (token_hash, kind, spent_at, forget_at)' +
        ' VALUES (?, ?, ?, ?), (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    dropExpiredSecrets: sqlite.prepare(
      `UPDATE keygen_transactions SET sealed_client_secret = NULL, sealed_oidc = NULL
       WHERE id IN (SELECT id FROM keygen_transactions
         WHERE expires_at <= ? AND (sealed_client_secret IS NOT NULL OR sealed_oidc IS NOT NULL) 
         LIMIT CAST(? AS INTEGER))`,
    ),
    forgetTransactions: sqlite.prepare(
      'DELETE FROM keygen_transactions WHERE id IN' +
        ' (SELECT id FROM keygen_transactions WHERE expires_at <= ? LIMIT CAST(? AS INTEGER))',
    ),
    forgetSpent: sqlite.prepare(
      `DELETE FROM keygen_spent_tokens
       WHERE token_hash IN (SELECT token_hash FROM keygen_spent_tokens WHERE forget_at <= ? LIMIT CAST(? AS INTEGER))`,
    ),
  };
  const transactionRow = (row: unknown) => row as TransactionRow | undefined;
  return {
    keys: {
      insert: (row) =>
        inGroupCommit(
          db,
          () => {
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
          },
          ONE_STATEMENT,
        ),
      find: (accountId, keyId) => s.findKey.get(keyId, accountId) as KeyRow | undefined,
      findById: (keyId) => s.findKeyById.get(keyId) as KeyRow | undefined,
      bindUser: (keyId, binding, now) => s.bindUser.run(binding, now.toISOString(), keyId).changes === 1,
      rootsInUse: () => s.rootsInUse.all() as RootUse[],
    },
    transactions: {
      insert: (row) =>
        inGroupCommit(db, () => {
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
        }),
      findByPromptToken: (hash) => transactionRow(s.byPromptToken.get(hash)),
      findByKeyToken: (hash) => transactionRow(s.byKeyToken.get(hash)),
      isSpent: (hash) => s.isSpent.get(hash) !== undefined,
      consumePromptToken: (hash, now, stateHash, sealedOidc) => {
        const iso = now.toISOString();
        return transactionRow(s.consumePromptToken.all(iso, stateHash, sealedOidc, hash, iso)[0]);
      },
      // A conditional UPDATE clears the state, so a replayed callback finds nothing.
      takeSignIn: (stateHash) =>
        inTransaction(db, () => {
          const row = transactionRow(s.byStateHash.get(stateHash));
          if (!row || row.completedAt) return undefined;
          return s.takeSignIn.run(row.id, stateHash).changes === 1 ? row : undefined;
        }),
      reopenSignIn: (id, now) => s.reopenSignIn.run(id, now.toISOString()).changes === 1,
      finish: (id, now, keyTokenHash) => {
        s.finish.run(now.toISOString(), keyTokenHash, id);
      },
      consumeKeyToken: (accountId, keyId, hash, now) =>
        inGroupCommit(db, () => {
          const row = transactionRow(s.consumeKeyToken.all(hash, keyId, accountId, now.toISOString())[0]);
          if (!row) return undefined;
          const spentAt = now.toISOString();
          const forgetAt = later(now, REMEMBER_MS);
          s.spend.run(hash, 'key', spentAt, forgetAt, row.promptTokenHash, 'prompt', spentAt, forgetAt);
          return row;
        }),
      purgeExpiredBatch: (now, limit) => {
        const iso = now.toISOString();
        const forgetBefore = new Date(now.getTime() - REMEMBER_MS).toISOString();
        return inTransaction(db, () =>
          Math.max(
            s.dropExpiredSecrets.run(iso, limit).changes,
            s.forgetTransactions.run(forgetBefore, limit).changes,
            s.forgetSpent.run(iso, limit).changes,
          ),
        );
      },
    },
    devProvider: sqliteDevProvider(db),
  };
}

const DEV_RECORD_COLUMNS = selectColumns(keygenDevOidcRecords);

function sqliteDevProvider(db: Db): DevProviderRepository {
  const sqlite = sqliteOf(db);
  const s = {
    upsert: sqlite.prepare(
      `INSERT INTO keygen_dev_oidc_records (id, model, payload, uid, grant_id, consumed_at, expires_at) 
       VALUES (?, ?, ?, ?, ?, NULL, ?)
       ON CONFLICT (id) DO UPDATE SET model = excluded.model, payload = excluded.payload, uid = excluded.uid,
       grant_id = excluded.grant_id,
         consumed_at = NULL, expires_at = excluded.expires_at`,
    ),
    find: sqlite.prepare(`SELECT ${DEV_RECORD_COLUMNS} FROM keygen_dev_oidc_records WHERE id = ? AND expires_at > ?`),
    findByUid: sqlite.prepare(
      `SELECT ${DEV_RECORD_COLUMNS} FROM keygen_dev_oidc_records WHERE uid = ? AND model = ? AND expires_at > ?
       LIMIT 1`,
    ),
    consume: sqlite.prepare('UPDATE keygen_dev_oidc_records SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL'),
    destroy: sqlite.prepare('DELETE FROM keygen_dev_oidc_records WHERE id = ?'),
    revokeByGrantId: sqlite.prepare('DELETE FROM keygen_dev_oidc_records WHERE grant_id = ?'),
    loginFailures: sqlite.prepare(
      'SELECT failures FROM keygen_dev_login_failures WHERE name_hash = ? AND window_ends_at > ?',
    ),
    // One statement, so that instances counting at once lose no failure.
    addLoginFailure: sqlite.prepare(
      `INSERT INTO keygen_dev_login_failures (name_hash, failures, window_ends_at) VALUES (?, 1, ?)
       ON CONFLICT (name_hash) DO UPDATE SET
         failures = CASE WHEN keygen_dev_login_failures.window_ends_at <= ? THEN 1 ELSE
         keygen_dev_login_failures.failures + 1 END,
         window_ends_at = CASE WHEN keygen_dev_login_failures.window_ends_at <= ? THEN excluded.window_ends_at ELSE
         keygen_dev_login_failures.window_ends_at END`,
    ),
    clearLoginFailures: sqlite.prepare('DELETE FROM keygen_dev_login_failures WHERE name_hash = ?'),
    purgeRecordsBatch: sqlite.prepare(
      'DELETE FROM keygen_dev_oidc_records WHERE id IN (SELECT id FROM keygen_dev_oidc_records WHERE' +
        ' expires_at <= ? LIMIT CAST(? AS INTEGER))',
    ),
    purgeFailuresBatch: sqlite.prepare(
      'DELETE FROM keygen_dev_login_failures WHERE name_hash IN (SELECT name_hash FROM' +
        ' keygen_dev_login_failures WHERE window_ends_at <= ? LIMIT CAST(? AS INTEGER))',
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
    loginFailures: (nameHash, now) =>
      (s.loginFailures.get(nameHash, now.toISOString()) as { failures: number } | undefined)?.failures ?? 0,
    addLoginFailure: (nameHash, now, windowEndsAt) => {
      const iso = now.toISOString();
      s.addLoginFailure.run(nameHash, windowEndsAt.toISOString(), iso, iso);
    },
    clearLoginFailures: (nameHash) => {
      s.clearLoginFailures.run(nameHash);
    },
    purgeExpiredBatch: (now, limit) => {
      const iso = now.toISOString();
      return inTransaction(db, () =>
        Math.max(s.purgeRecordsBatch.run(iso, limit).changes, s.purgeFailuresBatch.run(iso, limit).changes),
      );
    },
  };
}
