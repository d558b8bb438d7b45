import {
  newApiKey,
  signingOf,
  UnknownAccountError,
  type ApiKeyInfo,
  type ApiKeyRepository,
  type CreatedApiKey,
  type Principal,
} from './api-keys.js';
import type { Clock } from './clock.js';
import { inTransaction, sqliteOf, type Db } from './db/client.js';
import { newId } from './ids.js';

export function createApiKey(db: Db, clock: Clock, input: { name: string; accountId?: string }): CreatedApiKey {
  return sqliteApiKeys(db).create(clock.now(), input) as CreatedApiKey;
}

interface KeyRow {
  accountId: string;
  apiKeyId: string;
  signingRoot: string | null;
  signingSalt: string | null;
}

export function sqliteApiKeys(db: Db): ApiKeyRepository {
  const sqlite = sqliteOf(db);
  const lookup = sqlite.prepare<[string], KeyRow>(
    `SELECT account_id AS accountId, id AS apiKeyId, signing_root AS signingRoot, signing_salt AS signingSalt
     FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL`,
  );
  const accountExists = sqlite.prepare('SELECT 1 FROM accounts WHERE id = ?').pluck();
  const insertAccount = sqlite.prepare('INSERT INTO accounts (id, name, created_at) VALUES (?, ?, ?)');
  const insertKey = sqlite.prepare(
    'INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const list = sqlite.prepare<[], Omit<ApiKeyInfo, 'signed'> & { signed: number }>(
    `SELECT id, account_id AS accountId, name, prefix, created_at AS createdAt, revoked_at AS revokedAt,
            signing_salt IS NOT NULL AS signed
     FROM api_keys ORDER BY created_at, id`,
  );
  const revoke = sqlite.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  const requireSigning = sqlite.prepare(
    'UPDATE api_keys SET signing_root = ?, signing_salt = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const count = sqlite.prepare('SELECT count(*) FROM api_keys').pluck();
  return {
    principalByHash: (hash): Principal | undefined => {
      const row = lookup.get(hash);
      if (!row) return undefined;
      const signing = signingOf(row.signingRoot, row.signingSalt);
      return signing
        ? { accountId: row.accountId, apiKeyId: row.apiKeyId, signing }
        : { accountId: row.accountId, apiKeyId: row.apiKeyId };
    },
    create: (now, input) => {
      const key = newApiKey(now);
      return inTransaction(db, () => {
        let accountId = input.accountId;
        if (accountId) {
          if (accountExists.get(accountId) === undefined) throw new UnknownAccountError(accountId);
        } else {
          accountId = newId('acc', now);
          insertAccount.run(accountId, input.name, key.createdAt);
        }
        insertKey.run(key.id, accountId, input.name, key.prefix, key.keyHash, key.createdAt);
        return { id: key.id, accountId, name: input.name, key: key.raw };
      });
    },
    list: () => list.all().map((row) => ({ ...row, signed: row.signed === 1 })),
    revoke: (now, id) => revoke.run(now.toISOString(), id).changes === 1,
    requireSigning: (id, signing) => requireSigning.run(signing.root, signing.salt, id).changes === 1,
    count: () => count.get() as number,
  };
}
