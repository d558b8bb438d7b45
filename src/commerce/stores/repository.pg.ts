import type pg from 'pg';
import { inPostgresTransaction, isUniqueViolation } from '../../shared/db/postgres.js';
import { columnNames, selectColumns } from '../../shared/db/columns.js';
import { inserter } from '../../shared/db/pg-rows.js';
import { stores } from '../schema.pg.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import { newStoreRow, storePatchColumns } from './render.js';
import type { StoreRepository, StoreRow } from './repository.js';

const COLUMNS = selectColumns(stores);
const NAMES = columnNames(stores);
const insertSql = inserter(stores);

/**
 * The stores on PostgreSQL. A source_id taken is the unique index's answer (one statement, never a
 * check before the insert), and a patch holds the row's lock from its read to its write.
 */
export function postgresStores(pool: pg.Pool): StoreRepository {
  const find = async (accountId: string, id: string, client: pg.Pool | pg.PoolClient = pool, lock = '') =>
    (
      await client.query<StoreRow>({
        name: `stores-find${lock ? '-lock' : ''}`,
        text: `SELECT ${COLUMNS} FROM stores WHERE id = $1 AND account_id = $2${lock}`,
        values: [id, accountId],
      })
    ).rows[0];
  return {
    find: (accountId, id) => find(accountId, id),
    async insert(input) {
      const insert = insertSql(newStoreRow(input));
      const inserted = await pool.query<StoreRow>(
        `${insert.text} ON CONFLICT (account_id, source_id) DO NOTHING RETURNING ${COLUMNS}`,
        insert.values,
      );
      return inserted.rows[0] ?? SOURCE_ID_CONFLICT;
    },
    update: (accountId, id, patch, now) =>
      inPostgresTransaction(pool, async (client) => {
        const current = await find(accountId, id, client, ' FOR UPDATE');
        if (!current) return undefined;
        if (Object.keys(patch).length === 0) return current;
        const set: Record<string, unknown> = storePatchColumns(patch, now);
        const keys = Object.keys(set);
        try {
          const updated = await client.query<StoreRow>(
            `UPDATE stores SET ${keys.map((k, i) => `"${NAMES[k]}" = $${i + 3}`).join(', ')} WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
            [id, accountId, ...keys.map((k) => set[k])],
          );
          return updated.rows[0];
        } catch (err) {
          if (isUniqueViolation(err, 'stores_account_source')) return SOURCE_ID_CONFLICT;
          throw err;
        }
      }),
    list: async (accountId, offset, fetch, sourceIds) =>
      (
        await pool.query<StoreRow>({
          name: `stores-list${sourceIds ? '-filtered' : ''}`,
          text: `SELECT ${COLUMNS} FROM stores WHERE account_id = $1${sourceIds ? ' AND source_id = ANY($4::text[])' : ''} ORDER BY created_at, id LIMIT $2 OFFSET $3`,
          values: sourceIds ? [accountId, fetch, offset, sourceIds] : [accountId, fetch, offset],
        })
      ).rows,
  };
}
