import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { components } from '../../../generated/orders/types.js';
import { isUniqueViolation, WRITE, type Db } from '../../shared/db/client.js';
import type { MaybePromise } from '../../shared/maybe.js';
import { ApiError } from '../errors.js';
import { stores } from '../schema.js';

export type StoreRow = typeof stores.$inferSelect;
export type Store = components['schemas']['Store'];
export type StoreCreate = components['schemas']['StoreCreate'];
export type StoreUpdate = components['schemas']['StoreUpdate'];

/** The optional fields of a store: contract name → row column, with how a value is stored. */
const OPTIONAL = {
  support_email: 'supportEmail',
  owner_email: 'email',
  phone: 'phone',
  url: 'websiteUrl',
  timezone_identifier: 'timezone',
  weight_unit: 'weightUnit',
  description: 'description',
  categories: 'categories',
  address: 'address',
  source_created_at: 'sourceCreatedAt',
  source_updated_at: 'sourceUpdatedAt',
} as const satisfies Record<string, keyof StoreRow>;
type OptionalField = keyof typeof OPTIONAL;
const JSON_FIELDS = new Set<OptionalField>(['categories', 'address']);

/** The one place a store row becomes the contract's Store. */
export function toStore(row: StoreRow): Store {
  const store: Record<string, unknown> = { id: row.id, source_id: row.sourceId, name: row.name, currency: row.currency };
  for (const [field, column] of Object.entries(OPTIONAL) as Array<[OptionalField, keyof StoreRow]>) {
    const v = row[column];
    if (v !== null) store[field] = JSON_FIELDS.has(field) ? JSON.parse(v as string) : v;
  }
  store.created_at = row.createdAt;
  store.updated_at = row.updatedAt;
  return store as Store;
}

/** The row columns for the optional fields sent (absent fields are left out). */
export function optionalColumns(input: Partial<Record<OptionalField, unknown>>): Partial<StoreRow> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(OPTIONAL) as Array<[OptionalField, keyof StoreRow]>) {
    const v = input[field];
    if (v !== undefined) out[column] = JSON_FIELDS.has(field) ? JSON.stringify(v) : v;
  }
  return out as Partial<StoreRow>;
}

/** The row of a new store (both engines store the same). */
export function newStoreRow(input: StoreCreate & { id: string; accountId: string; now: string }) {
  return {
    id: input.id,
    accountId: input.accountId,
    sourceId: input.source_id,
    name: input.name,
    currency: input.currency,
    ...optionalColumns(input),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The columns a patch sets (the fields sent, and updatedAt). */
export function storePatchColumns(patch: StoreUpdate, now: string): Partial<StoreRow> {
  return {
    ...(patch.source_id !== undefined && { sourceId: patch.source_id }),
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.currency !== undefined && { currency: patch.currency }),
    ...optionalColumns(patch),
    updatedAt: now,
  };
}

/** The stores' data access; `sqliteStores` is the SQLite one. */
export interface StoreRepository {
  /** The store, when it belongs to the account. */
  find(accountId: string, id: string): MaybePromise<StoreRow | undefined>;
  /** 409/40900 when the account has a store with this source_id. */
  insert(input: StoreCreate & { id: string; accountId: string; now: string }): MaybePromise<StoreRow>;
  /** The store as updated, undefined when it is not the account's; 409/40900 for a source_id taken. */
  update(accountId: string, id: string, patch: StoreUpdate, now: string): MaybePromise<StoreRow | undefined>;
  /** A page of the account's stores, oldest first; only those with one of `sourceIds` when given. */
  list(accountId: string, offset: number, fetch: number, sourceIds?: string[]): MaybePromise<StoreRow[]>;
}

export const sourceIdTaken = () =>
  new ApiError(40900, 'A store with this source_id already exists in the account.', [{ path: 'source_id', info: 'Already exists.' }]);

export function sqliteStores(db: Db): StoreRepository {
  // Every store-scoped request looks its store up: prepared once, not built per call.
  const byId = db
    .select()
    .from(stores)
    .where(and(eq(stores.id, sql.placeholder('id')), eq(stores.accountId, sql.placeholder('accountId'))))
    .prepare();
  const find = (accountId: string, id: string) => byId.get({ id, accountId });
  /** A unique violation of the account's source_id index (another store has it) is the client's 409. */
  const sourceIdChecked = <T>(write: () => T): T => {
    try {
      return write();
    } catch (err) {
      if (isUniqueViolation(err, 'stores.account_id, stores.source_id')) throw sourceIdTaken();
      throw err;
    }
  };
  return {
    find,
    // The unique index decides (one statement): ON CONFLICT DO NOTHING gives no row for a taken source_id.
    insert: (input) => {
      const row = db
        .insert(stores)
        .values(newStoreRow(input))
        .onConflictDoNothing({ target: [stores.accountId, stores.sourceId] })
        .returning()
        .all()[0];
      if (!row) throw sourceIdTaken();
      return row;
    },
    update: (accountId, id, patch, now) =>
      db.transaction((tx) => {
        // The statement prepared on `db` runs on the same connection, so inside this transaction too.
        const current = find(accountId, id);
        if (!current) return undefined;
        if (Object.keys(patch).length === 0) return current;
        return sourceIdChecked(() =>
          tx
            .update(stores)
            .set(storePatchColumns(patch, now))
            .where(and(eq(stores.id, id), eq(stores.accountId, accountId)))
            .returning()
            .all()[0],
        );
      }, WRITE),
    list: (accountId, offset, fetch, sourceIds) =>
      db
        .select()
        .from(stores)
        .where(and(eq(stores.accountId, accountId), sourceIds && inArray(stores.sourceId, sourceIds)))
        .orderBy(asc(stores.createdAt), asc(stores.id))
        .limit(fetch)
        .offset(offset)
        .all(),
  };
}
