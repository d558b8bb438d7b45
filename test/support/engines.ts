import { createHash } from 'node:crypto';
import type { KeysRepositories } from '../../src/keys/repository.js';
import type { OrdersRepositories } from '../../src/commerce/repositories.js';
import type { ApiKeyRepository } from '../../src/shared/api-keys.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { openPostgresPool } from '../../src/shared/db/postgres.js';
import { TEST_CONNECT_TIMEOUT_MS } from './database.js';
import { postgresStorage, sqliteStorage, type Storage } from '../../src/storage.js';
import { createTestDatabase, onPostgres, postgresUrl } from './postgres.js';

/** The repositories of both services on one engine, for tests that run the same cases on each. */
export interface Engine {
  repos: OrdersRepositories & KeysRepositories;
  apiKeys: ApiKeyRepository;
  /** The same database as the app takes it (createApp's `storage`): these repositories and what else lives beside them. */
  storage: Storage;
  /** A new account with one API key: its id, the key and its hash (the same ids on every engine). */
  account(name: string): Promise<{ accountId: string; apiKeyId: string; key: string; hash: string }>;
  close(): Promise<void>;
}

export const hash = (raw: string) => createHash('sha256').update(raw).digest('hex');

/** Accounts and keys with the same ids on both engines, so that their answers can be compared. */
const ACCOUNT = "INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, '2024-07-01T08:00:00.000Z')";
const API_KEY =
  "INSERT INTO api_keys (id, account_id, name, prefix, key_hash, created_at) VALUES ($1, $2, $3, 'svc_raw', $4, '2024-07-01T08:00:00.000Z')";
const accountIds = (n: number) => ({
  accountId: `acc_${n}`,
  apiKeyId: `key_${n}`,
  key: `svc_raw_${n}`,
  hash: hash(`svc_raw_${n}`),
});

export function sqliteEngine(): Engine {
  const database = openDatabase(':memory:');
  const sqlite = (sql: string) => database.sqlite.prepare(sql.replaceAll(/\$\d/g, '?'));
  const storage = sqliteStorage(database.db);
  let n = 0;
  return {
    repos: storage.repos,
    apiKeys: storage.repos.apiKeys,
    storage,
    account: async (name) => {
      const ids = accountIds(++n);
      sqlite(ACCOUNT).run(ids.accountId, name);
      sqlite(API_KEY).run(ids.apiKeyId, ids.accountId, name, ids.hash);
      return ids;
    },
    close: async () => database.close(),
  };
}

export async function postgresEngine(): Promise<Engine> {
  const db = await createTestDatabase({ migrated: true });
  const pool = openPostgresPool(db.url, {
    poolSize: 10,
    statementTimeoutMs: 10_000,
    connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
  });
  const storage = postgresStorage(pool);
  let n = 0;
  return {
    repos: storage.repos,
    apiKeys: storage.repos.apiKeys,
    storage,
    account: async (name) => {
      const ids = accountIds(++n);
      await pool.query(ACCOUNT, [ids.accountId, name]);
      await pool.query(API_KEY, [ids.apiKeyId, ids.accountId, name, ids.hash]);
      return ids;
    },
    close: async () => {
      await pool.end();
      await db.drop();
    },
  };
}

/** Each engine: its title, how to open it, and whether it is here (PostgreSQL needs a server). */
export const engines: Array<[string, () => Promise<Engine>, boolean]> = [
  ['SQLite', async () => sqliteEngine(), true],
  [onPostgres('PostgreSQL'), postgresEngine, Boolean(postgresUrl)],
];
