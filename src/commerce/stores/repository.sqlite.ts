import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { isUniqueViolation, WRITE, type Db } from '../../shared/db/client.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import { stores } from '../schema.js';
import { newStoreRow, storePatchColumns } from './render.js';
import type { StoreRepository } from './repository.js';

export function sqliteStores(db: Db): StoreRepository {
  // Every store-scoped request looks its store up: prepared once, not built per call.
  const byId = db
    .select()
    .from(stores)
    .where(and(eq(stores.id, sql.placeholder('id')), eq(stores.accountId, sql.placeholder('accountId'))))
    .prepare();
  const find = (accountId: string, id: string) => byId.get({ id, accountId });
  /** A unique violation of the account's source_id index: another store has it. */
  const sourceIdChecked = <T>(write: () => T) => {
    try {
      return write();
    } catch (err) {
      if (isUniqueViolation(err, 'stores.account_id, stores.source_id')) return SOURCE_ID_CONFLICT;
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
      return row ?? SOURCE_ID_CONFLICT;
    },
    update: (accountId, id, patch, now) =>
      db.transaction((tx) => {
        // The statement prepared on `db` runs on the same connection, so inside this transaction too.
        const current = find(accountId, id);
        if (!current) return undefined;
        if (Object.keys(patch).length === 0) return current;
        return sourceIdChecked(
          () =>
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
