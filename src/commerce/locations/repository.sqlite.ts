import { sqliteOf, type Db } from '../../shared/db/client.js';
import { PAGE, TEXT_PARAM, tableStatements } from '../../shared/db/statements.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import { locations } from '../schema.js';
import { newLocationRow } from './render.js';
import type { LocationRepository, LocationRow } from './repository.js';

/** A location's fields that an order or a fulfillment copies (StoredLocation), by store and id. */
export const STORED_LOCATION =
  'SELECT address, opening_hours AS openingHours FROM locations WHERE store_id = ? AND id = ?';

export function sqliteLocations(db: Db): LocationRepository {
  const sqlite = sqliteOf(db);
  const t = tableStatements(sqlite, locations);
  const byId = sqlite.prepare<[string, string], LocationRow>(
    `SELECT ${t.select} FROM locations WHERE id = ? AND store_id = ?`,
  );
  // The unique index decides in one statement; locations without a source_id never conflict (NULLs are distinct).
  const insert = t.insert('store_id, source_id');
  const list = sqlite.prepare<[string, number, number], LocationRow>(
    `SELECT ${t.select} FROM locations WHERE store_id = ${TEXT_PARAM} ORDER BY created_at, id ${PAGE}`,
  );
  return {
    find: (storeId, id) => byId.get(id, storeId),
    insert: (input) => insert.all(t.row(newLocationRow(input)))[0] ?? SOURCE_ID_CONFLICT,
    list: (storeId, offset, fetch) => list.all(storeId, fetch, offset),
  };
}
