import { inTransaction, isUniqueViolation, sqliteOf, type Db } from '../../shared/db/client.js';
import { PAGE, TEXT_PARAM, tableStatements } from '../../shared/db/statements.js';
import { turnReads } from '../../shared/db/turn-reads.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import { stores } from '../schema.js';
import { newStoreRow, storePatchColumns } from './render.js';
import type { StoreRepository, StoreRow } from './repository.js';

export function sqliteStores(db: Db): StoreRepository {
  const sqlite = sqliteOf(db);
  const t = tableStatements(sqlite, stores);
  const reads = turnReads(sqlite);
  const BY_ID = `SELECT ${t.select} FROM stores WHERE id = ? AND account_id = ?`;
  // The update reads in its transaction, on the writer; a get of the store and the orders' store check read in
  // the turn's read transaction, as the gets of orders do (each read on the writer was a transaction of its own).
  const byId = sqlite.prepare<[string, string], StoreRow>(BY_ID);
  const read = reads.sqlite.prepare<[string, string], StoreRow>(BY_ID);
  // The unique index decides (one statement): DO NOTHING gives no row for a taken source_id.
  const insert = t.insert('account_id, source_id');
  const update = t.updateRow('id = @where_id AND account_id = @where_account');
  const page = `ORDER BY created_at, id ${PAGE}`;
  const list = sqlite.prepare<[string, number, number], StoreRow>(
    `SELECT ${t.select} FROM stores WHERE account_id = ${TEXT_PARAM} ${page}`,
  );
  const listBySourceIds = sqlite.prepare<[string, string, number, number], StoreRow>(
    `SELECT ${t.select} FROM stores WHERE account_id = ${TEXT_PARAM} AND source_id IN (SELECT value FROM json_each(?)) ${page}`,
  );
  const find = (accountId: string, id: string) => byId.get(id, accountId);
  return {
    find: (accountId, id) => reads.read(() => read.get(id, accountId)),
    // Its own transaction, so it ends the turn's reads as a commit: what follows it in this process sees the store.
    insert: (input) => inTransaction(db, () => insert.all(t.row(newStoreRow(input)))[0] ?? SOURCE_ID_CONFLICT),
    update: (accountId, id, patch, now) =>
      inTransaction(db, () => {
        const current = find(accountId, id);
        if (!current) return undefined;
        if (Object.keys(patch).length === 0) return current;
        const row = { ...current, ...storePatchColumns(patch, now), where_id: id, where_account: accountId };
        try {
          return update.all(row)[0];
        } catch (err) {
          // Another store of the account has the new source_id.
          if (isUniqueViolation(err, 'stores.account_id, stores.source_id')) return SOURCE_ID_CONFLICT;
          throw err;
        }
      }),
    list: (accountId, offset, fetch, sourceIds) =>
      sourceIds
        ? listBySourceIds.all(accountId, JSON.stringify(sourceIds), fetch, offset)
        : list.all(accountId, fetch, offset),
  };
}
