import type pg from 'pg';
import { selectColumns } from '../shared/db/columns.js';
import { inserter } from '../shared/db/pg-rows.js';
import { inPostgresTransaction, SWEEP_LOCK, tryTransactionLock } from '../shared/db/postgres.js';
import { columnArrays, turnBatched } from '../shared/db/pg-turn.js';
import { isDatabaseUnavailable } from '../shared/db/unavailable.js';
import {
  later,
  REMEMBER_MS,
  ROOTS_IN_USE,
  type RootUse,
  type DevOidcRecordRow,
  type DevProviderRepository,
  type KeyRow,
  type KeysRepositories,
  type TransactionRow,
} from './repository.js';
import { keygenDevOidcRecords, keygenKeys, keygenTransactions } from './schema.pg.js';

const KEY = selectColumns(keygenKeys);
const TRANSACTION = selectColumns(keygenTransactions);
const insertKey = inserter(keygenKeys);
const insertTransaction = inserter(keygenTransactions);
const DEV_RECORD = selectColumns(keygenDevOidcRecords);

function postgresDevProvider(pool: pg.Pool): DevProviderRepository {
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[], name: string) =>
    (await pool.query<T>({ text, values, name })).rows[0];
  const run = async (text: string, values: unknown[], name: string) => {
    await pool.query({ text, values, name });
  };
  return {
    upsert: (row) =>
      run(
        `INSERT INTO keygen_dev_oidc_records (id, model, payload, uid, grant_id, consumed_at, expires_at) 
         VALUES ($1, $2, $3, $4, $5, NULL, $6)
         ON CONFLICT (id) DO UPDATE SET model = EXCLUDED.model, payload = EXCLUDED.payload, uid = EXCLUDED.uid,
         grant_id = EXCLUDED.grant_id,
           consumed_at = NULL, expires_at = EXCLUDED.expires_at`,
        [row.id, row.model, row.payload, row.uid ?? null, row.grantId ?? null, row.expiresAt],
        'dev-oidc-upsert',
      ),
    find: (id, now) =>
      one<DevOidcRecordRow>(
        `SELECT ${DEV_RECORD} FROM keygen_dev_oidc_records WHERE id = $1 AND expires_at > $2`,
        [id, now.toISOString()],
        'dev-oidc-find',
      ),
    findByUid: (model, uid, now) =>
      one<DevOidcRecordRow>(
        `SELECT ${DEV_RECORD} FROM keygen_dev_oidc_records WHERE uid = $1 AND model = $2 AND expires_at > $3 LIMIT 1`,
        [uid, model, now.toISOString()],
        'dev-oidc-find-uid',
      ),
    consume: (id, now) =>
      run(
        'UPDATE keygen_dev_oidc_records SET consumed_at = $2 WHERE id = $1 AND consumed_at IS NULL',
        [id, now.toISOString()],
        'dev-oidc-consume',
      ),
    destroy: (id) => run('DELETE FROM keygen_dev_oidc_records WHERE id = $1', [id], 'dev-oidc-destroy'),
    revokeByGrantId: (grantId) =>
      run('DELETE FROM keygen_dev_oidc_records WHERE grant_id = $1', [grantId], 'dev-oidc-revoke-grant'),
    loginFailures: async (nameHash, now) =>
      (
        await one<{ failures: number }>(
          'SELECT failures FROM keygen_dev_login_failures WHERE name_hash = $1 AND window_ends_at > $2',
          [nameHash, now.toISOString()],
          'dev-login-failures',
        )
      )?.failures ?? 0,
    // One statement, so that instances counting at once lose no failure.
    addLoginFailure: (nameHash, now, windowEndsAt) =>
      run(
        `INSERT INTO keygen_dev_login_failures (name_hash, failures, window_ends_at) VALUES ($1, 1, $3)
         ON CONFLICT (name_hash) DO UPDATE SET
           failures = CASE WHEN keygen_dev_login_failures.window_ends_at <= $2 THEN 1 ELSE
           keygen_dev_login_failures.failures + 1 END,
           window_ends_at = CASE WHEN keygen_dev_login_failures.window_ends_at <= $2 THEN EXCLUDED.window_ends_at
           ELSE keygen_dev_login_failures.window_ends_at END`,
        [nameHash, now.toISOString(), windowEndsAt.toISOString()],
        'dev-login-failure-add',
      ),
    clearLoginFailures: (nameHash) =>
      run('DELETE FROM keygen_dev_login_failures WHERE name_hash = $1', [nameHash], 'dev-login-failures-clear'),
    purgeExpiredBatch: (now, limit) =>
      inPostgresTransaction(pool, async (client) => {
        if (!(await tryTransactionLock(client, SWEEP_LOCK))) return 0;
        const iso = now.toISOString();
        // SKIP LOCKED: rows a request holds are left for the next sweep.
        const a = await client.query(
          'DELETE FROM keygen_dev_oidc_records WHERE id IN (SELECT id FROM keygen_dev_oidc_records WHERE' +
            ' expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)',
          [iso, limit],
        );
        const b = await client.query(
          'DELETE FROM keygen_dev_login_failures WHERE name_hash IN (SELECT name_hash FROM' +
            ' keygen_dev_login_failures WHERE window_ends_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)',
          [iso, limit],
        );
        return Math.max(a.rowCount ?? 0, b.rowCount ?? 0);
      }),
  };
}

/** Exchanges per statement: a turn under heavy load takes a few dozen; more go in further statements. */
const EXCHANGES_PER_STATEMENT = 500;

interface Exchange {
  accountId: string;
  keyId: string;
  hash: string;
  at: string;
  forgetAt: string;
}

/**
 * A turn's key-token exchanges as one statement (turnBatched): the transactions that the tokens name for their keys
 * and accounts, unexpired, deleted by a join with the arrays of what was asked, and their two tokens recorded as
 * spent, in one transaction, one round trip and one commit for the turn. Each transaction is deleted once, so a
 * token asked for twice in a turn is given to one of its callers, as two statements racing would give it.
 */
function consumeKeyTokens(pool: pg.Pool): (exchange: Exchange) => Promise<TransactionRow | undefined> {
  const statement = {
    name: 'keys-consume-key-tokens',
    text: `WITH asked AS (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
             WITH ORDINALITY AS a(token_hash, for_key, for_account, asked_at, forget, n)),
           taken AS (DELETE FROM keygen_transactions t USING asked a
             WHERE t.key_token_hash = a.token_hash AND t.key_id = a.for_key AND t.account_id = a.for_account
             AND t.expires_at > a.asked_at
             RETURNING a.n::int AS "askedAs", a.asked_at AS "spentAt", a.forget AS "forgetAt", ${TRANSACTION}),
           spent AS (INSERT INTO keygen_spent_tokens (token_hash, kind, spent_at, forget_at)
             SELECT "keyTokenHash", 'key', "spentAt", "forgetAt" FROM taken UNION ALL
             SELECT "promptTokenHash", 'prompt', "spentAt", "forgetAt" FROM taken ON CONFLICT DO NOTHING)
           SELECT * FROM taken`,
  };
  return turnBatched<Exchange, TransactionRow | undefined>(
    { max: EXCHANGES_PER_STATEMENT, eachAlone: (err) => !isDatabaseUnavailable(err) },
    async (asked) => {
      const { rows } = await pool.query<TransactionRow & { askedAs: number; spentAt: string; forgetAt: string }>({
        ...statement,
        values: columnArrays(asked, ['hash', 'keyId', 'accountId', 'at', 'forgetAt']),
      });
      const taken: Array<TransactionRow | undefined> = new Array(asked.length);
      for (const { askedAs, spentAt: _spentAt, forgetAt: _forgetAt, ...row } of rows) taken[askedAs - 1] = row;
      return taken;
    },
  );
}

export function postgresKeysRepositories(pool: pg.Pool): KeysRepositories {
  const consumeInTurn = consumeKeyTokens(pool);
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[], name?: string) =>
    (await pool.query<T>({ text, values, ...(name && { name }) })).rows[0];
  return {
    keys: {
      insert: async (row) => {
        await pool.query(insertKey(row));
      },
      find: (accountId, keyId) =>
        one<KeyRow>(
          `SELECT ${KEY} FROM keygen_keys WHERE id = $1 AND account_id = $2`,
          [keyId, accountId],
          'keys-find',
        ),
      findById: (keyId) => one<KeyRow>(`SELECT ${KEY} FROM keygen_keys WHERE id = $1`, [keyId], 'keys-find-id'),
      bindUser: async (keyId, binding, now) =>
        (
          await pool.query(
            'UPDATE keygen_keys SET user_binding = $1, bound_at = $2 WHERE id = $3 AND user_binding IS NULL',
            [binding, now.toISOString(), keyId],
          )
        ).rowCount === 1,
      // count(*) is a bigint, which pg returns as a string.
      rootsInUse: async () =>
        (await pool.query<{ backend: string; version: number; keys: string }>(ROOTS_IN_USE)).rows.map((r): RootUse => ({
          ...r,
          keys: Number(r.keys),
        })),
    },
    transactions: {
      insert: (row) =>
        inPostgresTransaction(pool, async (client) => {
          await client.query(insertTransaction(row));
          await client.query('UPDATE keygen_keys SET return_url = $1 WHERE id = $2', [row.clientReturnUrl, row.keyId]);
        }),
      findByPromptToken: (hash) =>
        one<TransactionRow>(
          `SELECT ${TRANSACTION} FROM keygen_transactions WHERE prompt_token_hash = $1`,
          [hash],
          'txn-by-prompt',
        ),
      findByKeyToken: (hash) =>
        one<TransactionRow>(
          `SELECT ${TRANSACTION} FROM keygen_transactions WHERE key_token_hash = $1`,
          [hash],
          'txn-by-key-token',
        ),
      isSpent: async (hash) =>
        (await one('SELECT 1 AS spent FROM keygen_spent_tokens WHERE token_hash = $1', [hash], 'spent')) !== undefined,
      consumePromptToken: (hash, now, stateHash, sealedOidc) =>
        one<TransactionRow>(
          `UPDATE keygen_transactions SET prompt_used_at = $2, oidc_state_hash = $3, sealed_oidc = $4
           WHERE prompt_token_hash = $1 AND prompt_used_at IS NULL AND expires_at > $2 RETURNING ${TRANSACTION}`,
          [hash, now.toISOString(), stateHash, sealedOidc],
        ),
      // The subquery reads the row as it was, under its lock, while the UPDATE clears the state.
      takeSignIn: (stateHash) =>
        one<TransactionRow>(
          `UPDATE keygen_transactions t SET oidc_state_hash = NULL, sealed_oidc = NULL
           FROM (SELECT ${TRANSACTION} FROM keygen_transactions WHERE oidc_state_hash = $1 AND completed_at IS NULL
           FOR UPDATE) old
           WHERE t.id = old."id" RETURNING old.*`,
          [stateHash],
        ),
      reopenSignIn: async (id, now) =>
        (
          await pool.query(
            'UPDATE keygen_transactions SET prompt_used_at = NULL, oidc_state_hash = NULL, sealed_oidc = NULL' +
              ' WHERE id = $1 AND completed_at IS NULL AND expires_at > $2',
            [id, now.toISOString()],
          )
        ).rowCount === 1,
      finish: async (id, now, keyTokenHash) => {
        await pool.query(
          'UPDATE keygen_transactions SET completed_at = $2, key_token_hash = $3, sealed_client_secret = NULL,' +
            ' sealed_oidc = NULL, oidc_state_hash = NULL WHERE id = $1',
          [id, now.toISOString(), keyTokenHash],
        );
      },
      consumeKeyToken: (accountId, keyId, hash, now) =>
        // PostgreSQL's text cannot hold U+0000, which would fail the turn's statement for every exchange in it.
        keyId.includes('\0')
          ? Promise.resolve(undefined)
          : consumeInTurn({ accountId, keyId, hash, at: now.toISOString(), forgetAt: later(now, REMEMBER_MS) }),
      purgeExpiredBatch: (now, limit) =>
        inPostgresTransaction(pool, async (client) => {
          if (!(await tryTransactionLock(client, SWEEP_LOCK))) return 0;
          const iso = now.toISOString();
          // SKIP LOCKED: rows a request holds are left for the next sweep.
          const a = await client.query(
            `UPDATE keygen_transactions SET sealed_client_secret = NULL, sealed_oidc = NULL WHERE id IN
             (SELECT id FROM keygen_transactions WHERE expires_at <= $1 AND (sealed_client_secret IS NOT NULL OR
             sealed_oidc IS NOT NULL) LIMIT $2 FOR UPDATE SKIP LOCKED)`,
            [iso, limit],
          );
          const b = await client.query(
            'DELETE FROM keygen_transactions WHERE id IN' +
              ' (SELECT id FROM keygen_transactions WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)',
            [new Date(now.getTime() - REMEMBER_MS).toISOString(), limit],
          );
          const c = await client.query(
            'DELETE FROM keygen_spent_tokens WHERE token_hash IN (SELECT token_hash FROM keygen_spent_tokens' +
              ' WHERE forget_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)',
            [iso, limit],
          );
          return Math.max(a.rowCount ?? 0, b.rowCount ?? 0, c.rowCount ?? 0);
        }),
    },
    devProvider: postgresDevProvider(pool),
  };
}
