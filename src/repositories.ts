import type pg from 'pg';
import { postgresKeysRepositories } from './keys/repository.pg.js';
import type { KeysRepositories } from './keys/repository.js';
import { sqliteKeysRepositories } from './keys/repository.sqlite.js';
import {
  postgresOrdersRepositories,
  sqliteOrdersRepositories,
  type OrdersRepositories,
} from './commerce/repositories.js';
import type { ApiKeyRepository } from './shared/api-keys.js';
import { postgresApiKeys } from './shared/api-keys.pg.js';
import { sqliteApiKeys } from './shared/api-keys.sqlite.js';
import type { Db } from './shared/db/client.js';
import { postgresIdempotency } from './shared/idempotency/repository.pg.js';
import type { IdempotencyRepositories } from './shared/idempotency/repository.js';
import { sqliteIdempotency } from './shared/idempotency/repository.sqlite.js';

/** Methods give a value or a promise, because SQLite answers synchronously; storage.ts picks the engine. */

export interface Repositories extends OrdersRepositories, KeysRepositories, IdempotencyRepositories {
  apiKeys: ApiKeyRepository;
}

export function sqliteRepositories(db: Db): Repositories {
  return {
    apiKeys: sqliteApiKeys(db),
    idempotency: sqliteIdempotency(db),
    ...sqliteOrdersRepositories(db),
    ...sqliteKeysRepositories(db),
  };
}

export function postgresRepositories(pool: pg.Pool): Repositories {
  return {
    apiKeys: postgresApiKeys(pool),
    idempotency: postgresIdempotency(pool),
    ...postgresOrdersRepositories(pool),
    ...postgresKeysRepositories(pool),
  };
}
