import type pg from 'pg';
import { selectColumns } from '../../shared/db/columns.js';
import { locations } from '../schema.pg.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import { newLocationRow } from './render.js';
import type { LocationRepository, LocationRow } from './repository.js';

const COLUMNS = selectColumns(locations);

/** A location's fields that an order or a fulfillment copies (StoredLocation), by store and id. */
export const storedLocationQuery = (storeId: string, id: string) => ({
  name: 'locations-stored',
  text: 'SELECT address, opening_hours AS "openingHours" FROM locations WHERE store_id = $1 AND id = $2',
  values: [storeId, id],
});

export function postgresLocations(pool: pg.Pool): LocationRepository {
  return {
    find: async (storeId, id) =>
      (
        await pool.query<LocationRow>({
          name: 'locations-find',
          text: `SELECT ${COLUMNS} FROM locations WHERE id = $1 AND store_id = $2`,
          values: [id, storeId],
        })
      ).rows[0],
    async insert(input) {
      const row = newLocationRow(input);
      const inserted = await pool.query<LocationRow>({
        name: 'locations-insert',
        text: `INSERT INTO locations (id, store_id, source_id, name, address, opening_hours, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
               ON CONFLICT (store_id, source_id) DO NOTHING RETURNING ${COLUMNS}`,
        values: [
          row.id,
          row.storeId,
          row.sourceId,
          row.name,
          row.address,
          row.openingHours,
          row.createdAt,
          row.updatedAt,
        ],
      });
      return inserted.rows[0] ?? SOURCE_ID_CONFLICT;
    },
    list: async (storeId, offset, fetch) =>
      (
        await pool.query<LocationRow>({
          name: 'locations-list',
          text: `SELECT ${COLUMNS} FROM locations WHERE store_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`,
          values: [storeId, fetch, offset],
        })
      ).rows,
  };
}
