import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  newApiKey,
  signingOf,
  UnknownAccountError,
  type ApiKeyRepository,
  type CreatedApiKey,
  type Principal,
} from './api-keys.js';
import type { Clock } from './clock.js';
import { WRITE, type Db } from './db/client.js';
import { accounts, apiKeys } from './db/schema.js';
import { newId } from './ids.js';

export function createApiKey(db: Db, clock: Clock, input: { name: string; accountId?: string }): CreatedApiKey {
  return sqliteApiKeys(db).create(clock.now(), input) as CreatedApiKey;
}

export function sqliteApiKeys(db: Db): ApiKeyRepository {
  const lookup = db
    .select({
      accountId: apiKeys.accountId,
      apiKeyId: apiKeys.id,
      signingRoot: apiKeys.signingRoot,
      signingSalt: apiKeys.signingSalt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, sql.placeholder('hash')), isNull(apiKeys.revokedAt)))
    .prepare();
  return {
    principalByHash: (hash): Principal | undefined => {
      const row = lookup.get({ hash });
      if (!row) return undefined;
      const signing = signingOf(row.signingRoot, row.signingSalt);
      return signing
        ? { accountId: row.accountId, apiKeyId: row.apiKeyId, signing }
        : { accountId: row.accountId, apiKeyId: row.apiKeyId };
    },
    create: (now, input) => {
      const key = newApiKey(now);
      return db.transaction((tx) => {
        let accountId = input.accountId;
        if (accountId) {
          const found = tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).get();
          if (!found) throw new UnknownAccountError(accountId);
        } else {
          accountId = newId('acc', now);
          tx.insert(accounts).values({ id: accountId, name: input.name, createdAt: key.createdAt }).run();
        }
        tx.insert(apiKeys)
          .values({
            id: key.id,
            accountId,
            name: input.name,
            prefix: key.prefix,
            keyHash: key.keyHash,
            createdAt: key.createdAt,
          })
          .run();
        return { id: key.id, accountId, name: input.name, key: key.raw };
      }, WRITE);
    },
    list: () =>
      db
        .select({
          id: apiKeys.id,
          accountId: apiKeys.accountId,
          name: apiKeys.name,
          prefix: apiKeys.prefix,
          createdAt: apiKeys.createdAt,
          revokedAt: apiKeys.revokedAt,
          signed: sql<number>`${apiKeys.signingSalt} IS NOT NULL`,
        })
        .from(apiKeys)
        .orderBy(apiKeys.createdAt, apiKeys.id)
        .all()
        .map((row) => ({ ...row, signed: row.signed === 1 })),
    revoke: (now, id) =>
      db
        .update(apiKeys)
        .set({ revokedAt: now.toISOString() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .run().changes === 1,
    requireSigning: (id, signing) =>
      db
        .update(apiKeys)
        .set({ signingRoot: signing.root, signingSalt: signing.salt })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .run().changes === 1,
    count: () =>
      db
        .select({ n: sql<number>`count(*)` })
        .from(apiKeys)
        .get()?.n ?? 0,
  };
}
