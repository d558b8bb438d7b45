/**
 * Fixtures of the key-exchange benchmark: one key of the bench account and N completed generation
 * transactions, each with its one-time key token, written directly into the database with the
 * service's own sealing (src/keys/secrets.ts) under the sealed root the server will open. What
 * completeUserSignIn does after a sign-in, without the OpenID round trip: derive the recovery key
 * from the client secret and the user's share, seal it as the key token, keep only its hash.
 */
import { keysConfigFromEnv } from '../../src/keys/config.js';
import { TRANSACTION_TTL_MS } from '../../src/keys/context.js';
import type pg from 'pg';
import type { KeyRepository } from '../../src/keys/repository.js';
import { sqliteKeysRepositories } from '../../src/keys/repository.sqlite.js';
import { postgresKeysRepositories } from '../../src/keys/repository.pg.js';
import { openConfiguredSealedModule } from '../../src/keys/sealed/from-config.js';
import type { SealedModule } from '../../src/keys/sealed/sealed-module.js';
import { postgresSealedRoot } from '../../src/keys/sealed/store.pg.js';
import {
  clientSecretVerifier,
  deriveRecoveryKey,
  newClientSecret,
  newKeyId,
  newPromptToken,
  newTransactionId,
  sealKeyToken,
  tokenHash,
  userBinding,
  userShare,
} from '../../src/keys/secrets.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { insertRowsPostgres } from './seed.js';

/**
 * One-time key tokens for `seconds` of exchanges, so that no run spends them all (sealing one costs 50–100 µs): 8,000
 * a second on SQLite and 14,000 on PostgreSQL, about twice what a server of two cores answers on each (PostgreSQL
 * takes a turn's exchanges in one statement).
 */
export const keyTokensFor = (seconds: number, engine: 'sqlite' | 'pg' = 'sqlite'): number =>
  Math.ceil(seconds * (engine === 'pg' ? 14_000 : 8_000));

export interface SeededKeyTokens {
  keyId: string;
  /** Unused key tokens, each good for one exchange. */
  tokens: string[];
}

const TRANSACTION_COLUMNS = [
  'id',
  'key_id',
  'account_id',
  'kind',
  'client_return_url',
  'prompt_token_hash',
  'prompt_used_at',
  'key_token_hash',
  'completed_at',
  'created_at',
  'expires_at',
];

/**
 * The key and `count` completed transactions: the key is inserted through `keys`, and the
 * transactions' rows (TRANSACTION_COLUMNS) are handed back with their key tokens.
 */
async function keyTokenRows(sealed: SealedModule, keys: KeyRepository, accountId: string, count: number) {
  const now = new Date();
  const root = sealed.current;
  const keyId = newKeyId();
  const clientSecret = newClientSecret();
  const issuer = 'https://bench.invalid';
  const sub = 'bench-user';
  await keys.insert({
    id: keyId,
    accountId,
    provider: 'dev',
    hardwareBackend: root.backend,
    hardwareVersion: root.version,
    clientSecretVerifier: (await clientSecretVerifier(sealed, root, keyId, clientSecret)).toString('hex'),
    userBinding: (await userBinding(sealed, root, keyId, issuer, sub)).toString('hex'),
    returnUrl: 'http://127.0.0.1/return',
    createdAt: now.toISOString(),
    boundAt: now.toISOString(),
  });
  const share = await userShare(sealed, root, issuer, sub);
  const recoveryKey = await deriveRecoveryKey(sealed, root, keyId, clientSecret, share);
  const iso = now.toISOString();
  const expires = new Date(now.getTime() + TRANSACTION_TTL_MS).toISOString();
  const tokens: string[] = [];
  const rows: unknown[][] = [];
  // In batches: a token seals on its sessions in parallel (the file backend answers at once anyway).
  for (let i = 0; i < count; i += 64) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(64, count - i) }, async () => {
        const id = newTransactionId();
        return { id, keyToken: await sealKeyToken(sealed, keyId, id, recoveryKey) };
      }),
    );
    for (const { id, keyToken } of batch) {
      rows.push([
        id,
        keyId,
        accountId,
        'generate',
        'http://127.0.0.1/return',
        tokenHash(newPromptToken()),
        iso,
        tokenHash(keyToken),
        iso,
        iso,
        expires,
      ]);
      tokens.push(keyToken);
    }
  }
  recoveryKey.fill(0);
  return { keyId, tokens, rows };
}

/**
 * `env` is the server's environment (DATABASE_URL is not read here: `file` is), so that the
 * sealed root file and its passphrase or (development) key file, or the PKCS#11 token, are the
 * ones the server opens; a missing development root is created here as the server would create it.
 */
export async function seedKeyTokens(
  file: string,
  env: Record<string, string | undefined>,
  accountId: string,
  count: number,
): Promise<SeededKeyTokens> {
  const config = keysConfigFromEnv(env);
  const sealed = await openConfiguredSealedModule(config.sealedRoot, { warn: () => {} });
  const database = openDatabase(`file:${file}`);
  try {
    const { keyId, tokens, rows } = await keyTokenRows(
      sealed,
      sqliteKeysRepositories(database.db).keys,
      accountId,
      count,
    );
    const insert = database.sqlite.prepare(
      `INSERT INTO keygen_transactions (${TRANSACTION_COLUMNS.join(', ')}) VALUES (${TRANSACTION_COLUMNS.map(() => '?').join(', ')})`,
    );
    database.sqlite.transaction(() => {
      for (const row of rows) insert.run(...row);
    })();
    database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    return { keyId, tokens };
  } finally {
    database.close();
    await sealed.close();
  }
}

/** seedKeyTokens on PostgreSQL: the sealed root is the database's (created here if missing, as the server would). */
export async function seedKeyTokensPostgres(
  pool: pg.Pool,
  env: Record<string, string | undefined>,
  accountId: string,
  count: number,
): Promise<SeededKeyTokens> {
  const config = keysConfigFromEnv(env);
  const sealed = await openConfiguredSealedModule(config.sealedRoot, {
    warn: () => {},
    store: postgresSealedRoot(pool),
  });
  const { keyId, tokens, rows } = await keyTokenRows(sealed, postgresKeysRepositories(pool).keys, accountId, count);
  await sealed.close();
  await insertRowsPostgres(pool, 'keygen_transactions', TRANSACTION_COLUMNS, rows);
  await pool.query('VACUUM ANALYZE keygen_transactions');
  return { keyId, tokens };
}
