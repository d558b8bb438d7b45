import { and, eq, gt, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../shared/db/client.js';
import { keygenKeys, keygenSpentTokens, keygenTransactions } from './schema.js';

export type KeyRow = typeof keygenKeys.$inferSelect;
export type TransactionRow = typeof keygenTransactions.$inferSelect;

/** Spent-token hashes and finished transactions are kept this long, so that a reuse reads "already used". */
const REMEMBER_MS = 7 * 24 * 60 * 60 * 1000;
const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export function insertKey(db: Db, row: typeof keygenKeys.$inferInsert): void {
  db.insert(keygenKeys).values(row).run();
}

/** The key, when it belongs to the account: another account's key does not exist for a caller. */
export function findKey(db: Db, accountId: string, keyId: string): KeyRow | undefined {
  return db
    .select()
    .from(keygenKeys)
    .where(and(eq(keygenKeys.id, keyId), eq(keygenKeys.accountId, accountId)))
    .get();
}

export function findKeyById(db: Db, keyId: string): KeyRow | undefined {
  return db.select().from(keygenKeys).where(eq(keygenKeys.id, keyId)).get();
}

export function insertTransaction(db: Db, row: typeof keygenTransactions.$inferInsert): void {
  db.transaction((tx) => {
    tx.insert(keygenTransactions).values(row).run();
    tx.update(keygenKeys).set({ returnUrl: row.clientReturnUrl }).where(eq(keygenKeys.id, row.keyId)).run();
  });
}

/**
 * Drops the sealed secrets of expired transactions at once, the transactions themselves and the
 * spent-token hashes a week later.
 */
export function purgeExpired(db: Db, now: Date): void {
  const iso = now.toISOString();
  db.transaction((tx) => {
    tx.update(keygenTransactions)
      .set({ sealedClientSecret: null, sealedOidc: null })
      .where(and(lte(keygenTransactions.expiresAt, iso), isNotNull(keygenTransactions.sealedClientSecret)))
      .run();
    tx.delete(keygenTransactions).where(lte(keygenTransactions.expiresAt, new Date(now.getTime() - REMEMBER_MS).toISOString())).run();
    tx.delete(keygenSpentTokens).where(lte(keygenSpentTokens.forgetAt, iso)).run();
  });
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
  return db.transaction((tx) => {
    const row = tx
      .delete(keygenTransactions)
      .where(
        and(
          eq(keygenTransactions.keyTokenHash, hash),
          eq(keygenTransactions.keyId, keyId),
          gt(keygenTransactions.expiresAt, now.toISOString()),
        ),
      )
      .returning()
      .get();
    if (!row) return undefined;
    const forgetAt = later(now, REMEMBER_MS);
    tx.insert(keygenSpentTokens)
      .values([
        { tokenHash: hash, kind: 'key', spentAt: now.toISOString(), forgetAt },
        { tokenHash: row.promptTokenHash, kind: 'prompt', spentAt: now.toISOString(), forgetAt },
      ])
      .onConflictDoNothing()
      .run();
    return row;
  });
}
