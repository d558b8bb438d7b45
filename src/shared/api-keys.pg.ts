import type pg from 'pg';
import {
  newApiKey,
  signingOf,
  UnknownAccountError,
  type ApiKeyInfo,
  type ApiKeyRepository,
  type Principal,
} from './api-keys.js';
import { inPostgresTransaction } from './db/postgres.js';
import { newId } from './ids.js';

export function postgresApiKeys(pool: pg.Pool): ApiKeyRepository {
  return {
    principalByHash: async (hash): Promise<Principal | undefined> => {
      const row = (
        await pool.query<{
          accountId: string;
          apiKeyId: string;
          signingRoot: string | null;
          signingSalt: string | null;
        }>({
          name: 'api-keys-principal',
          text:
            'SELECT account_id AS "accountId", id AS "apiKeyId", ' +
            'signing_root AS "signingRoot", signing_salt AS "signingSalt"' +
            ' FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',

          values: [hash],
        })
      ).rows[0];
      if (!row) return undefined;
      const signing = signingOf(row.signingRoot, row.signingSalt);
      return signing
        ? { accountId: row.accountId, apiKeyId: row.apiKeyId, signing }
        : { accountId: row.accountId, apiKeyId: row.apiKeyId };
    },
    create: (now, input) =>
      inPostgresTransaction(pool, async (client) => {
        const key = newApiKey(now);
        let accountId = input.accountId;
        if (accountId) {
          // FOR SHARE keeps the account from going away before the key that names it commits.
          const found = await client.query('SELECT id FROM accounts WHERE id = $1 FOR SHARE', [accountId]);
          if (found.rowCount !== 1) throw new UnknownAccountError(accountId);
        } else {
          accountId = newId('acc', now);
          await client.query('INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, $3)', [
            accountId,
            input.name,
            key.createdAt,
          ]);
        }
        await client.query(
          'INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
          [key.id, accountId, input.name, key.prefix, key.keyHash, key.createdAt],
        );
        return { id: key.id, accountId, name: input.name, key: key.raw };
      }),
    list: async () =>
      (
        await pool.query<ApiKeyInfo>(
          'SELECT id, account_id AS "accountId", name, prefix, created_at AS "createdAt", revoked_at AS "revokedAt",' +
            ' signing_salt IS NOT NULL AS signed FROM api_keys ORDER BY created_at, id',
        )
      ).rows,
    revoke: async (now, id) =>
      (
        await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [
          now.toISOString(),
          id,
        ])
      ).rowCount === 1,
    requireSigning: async (id, signing) =>
      (
        await pool.query(
          'UPDATE api_keys SET signing_root = $1, signing_salt = $2 WHERE id = $3 AND revoked_at IS NULL',
          [signing.root, signing.salt, id],
        )
      ).rowCount === 1,
    count: async () => Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM api_keys')).rows[0]!.n),
  };
}
