import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../shared/db/client.js';
import { SOURCE_ID_CONFLICT } from '../outcomes.js';
import { locations } from '../schema.js';
import { newLocationRow } from './render.js';
import type { LocationRepository } from './repository.js';

export function sqliteLocations(db: Db): LocationRepository {
  return {
    find: (storeId, id) =>
      db
        .select()
        .from(locations)
        .where(and(eq(locations.id, id), eq(locations.storeId, storeId)))
        .get(),
    // The unique index decides in one statement; locations without a source_id never conflict (NULLs are distinct).
    insert: (input) =>
      db
        .insert(locations)
        .values(newLocationRow(input))
        .onConflictDoNothing({ target: [locations.storeId, locations.sourceId] })
        .returning()
        .all()[0] ?? SOURCE_ID_CONFLICT,
    list: (storeId, offset, fetch) =>
      db
        .select()
        .from(locations)
        .where(eq(locations.storeId, storeId))
        .orderBy(asc(locations.createdAt), asc(locations.id))
        .limit(fetch)
        .offset(offset)
        .all(),
  };
}
