import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { components } from '../../../generated/orders/types.js';
import type { Db } from '../../shared/db/client.js';
import { ApiError } from '../../shared/errors.js';
import { stores } from '../schema.js';

export type StoreRow = typeof stores.$inferSelect;
export type Store = components['schemas']['Store'];
type StoreCreate = components['schemas']['StoreCreate'];
type StoreUpdate = components['schemas']['StoreUpdate'];

/** The one place a store row becomes the contract's Store. */
export function toStore(row: StoreRow): Store {
  return {
    id: row.id,
    source_id: row.sourceId,
    name: row.name,
    currency: row.currency,
    ...(row.email !== null && { email: row.email }),
    ...(row.phone !== null && { phone: row.phone }),
    ...(row.websiteUrl !== null && { website_url: row.websiteUrl }),
    ...(row.timezone !== null && { timezone: row.timezone }),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

// Every store-scoped request looks its store up: prepared once per database, not built per call.
const byIdStatements = new WeakMap<Db, ReturnType<typeof prepareById>>();
const prepareById = (db: Db) =>
  db
    .select()
    .from(stores)
    .where(and(eq(stores.id, sql.placeholder('id')), eq(stores.accountId, sql.placeholder('accountId'))))
    .prepare();

export function findStore(db: Db, accountId: string, id: string): StoreRow | undefined {
  let byId = byIdStatements.get(db);
  if (!byId) byIdStatements.set(db, (byId = prepareById(db)));
  return byId.get({ id, accountId });
}

function assertSourceIdFree(db: Db, accountId: string, sourceId: string, exceptId?: string) {
  const clash = db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.accountId, accountId), eq(stores.sourceId, sourceId), exceptId ? ne(stores.id, exceptId) : undefined))
    .get();
  if (clash) {
    throw new ApiError(40900, 'A store with this source_id already exists in the account.', [{ path: 'source_id', info: 'Already exists.' }]);
  }
}

export function insertStore(db: Db, input: StoreCreate & { id: string; accountId: string; now: string }): StoreRow {
  return db.transaction((tx) => {
    assertSourceIdFree(tx, input.accountId, input.source_id);
    return tx
      .insert(stores)
      .values({
        id: input.id,
        accountId: input.accountId,
        sourceId: input.source_id,
        name: input.name,
        currency: input.currency,
        email: input.email ?? null,
        phone: input.phone ?? null,
        websiteUrl: input.website_url ?? null,
        timezone: input.timezone ?? null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning()
      .all()[0];
  });
}

export function updateStore(db: Db, accountId: string, id: string, patch: StoreUpdate, now: string): StoreRow | undefined {
  return db.transaction((tx) => {
    // The statement prepared on `db` runs on the same connection, so inside this transaction too;
    // passing `tx` would prepare a new one per update (they are cached per database object).
    const current = findStore(db, accountId, id);
    if (!current) return undefined;
    if (Object.keys(patch).length === 0) return current;
    if (patch.source_id !== undefined) assertSourceIdFree(tx, accountId, patch.source_id, id);
    return tx
      .update(stores)
      .set({
        ...(patch.source_id !== undefined && { sourceId: patch.source_id }),
        ...(patch.name !== undefined && { name: patch.name }),
        ...(patch.currency !== undefined && { currency: patch.currency }),
        ...(patch.email !== undefined && { email: patch.email }),
        ...(patch.phone !== undefined && { phone: patch.phone }),
        ...(patch.website_url !== undefined && { websiteUrl: patch.website_url }),
        ...(patch.timezone !== undefined && { timezone: patch.timezone }),
        updatedAt: now,
      })
      .where(and(eq(stores.id, id), eq(stores.accountId, accountId)))
      .returning()
      .all()[0];
  });
}

export function listStores(db: Db, accountId: string, offset: number, fetch: number): StoreRow[] {
  return db
    .select()
    .from(stores)
    .where(eq(stores.accountId, accountId))
    .orderBy(asc(stores.createdAt), asc(stores.id))
    .limit(fetch)
    .offset(offset)
    .all();
}
