import { and, asc, eq } from 'drizzle-orm';
import type { components } from '../../../generated/orders/types.js';
import type { Db } from '../../shared/db/client.js';
import type { MaybePromise } from '../../shared/maybe.js';
import { ApiError } from '../errors.js';
import { locations } from '../schema.js';

export type LocationRow = typeof locations.$inferSelect;
export type Location = components['schemas']['Location'];
export type LocationCreate = components['schemas']['LocationCreate'];

/** The one place a location row becomes the contract's Location. */
export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    store: { id: row.storeId },
    ...(row.sourceId !== null && { source_id: row.sourceId }),
    name: row.name,
    address: JSON.parse(row.address) as Location['address'],
    opening_hours: JSON.parse(row.openingHours) as Location['opening_hours'],
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** 409/40900: the store has a location with this source_id. */
export const locationSourceIdTaken = () =>
  new ApiError(40900, 'A location with this source_id already exists in the store.', [{ path: 'source_id', info: 'Already exists.' }]);

/** The locations' data access; `sqliteLocations` is the SQLite one. */
export interface LocationRepository {
  /** The location, when it is in the store. */
  find(storeId: string, id: string): MaybePromise<LocationRow | undefined>;
  /** 409/40900 when the store has a location with this source_id. */
  insert(input: LocationCreate & { id: string; storeId: string; now: string }): MaybePromise<LocationRow>;
  /** A page of the store's locations, oldest first. */
  list(storeId: string, offset: number, fetch: number): MaybePromise<LocationRow[]>;
}

export function sqliteLocations(db: Db): LocationRepository {
  return {
    find: (storeId, id) =>
      db
        .select()
        .from(locations)
        .where(and(eq(locations.id, id), eq(locations.storeId, storeId)))
        .get(),
    // The unique index decides (one statement): ON CONFLICT DO NOTHING gives no row for a taken
    // source_id; locations without one never conflict (NULLs are distinct).
    insert: (input) => {
      const row = db
        .insert(locations)
        .values({
          id: input.id,
          storeId: input.storeId,
          sourceId: input.source_id ?? null,
          name: input.name,
          address: JSON.stringify(input.address),
          openingHours: JSON.stringify(input.opening_hours),
          createdAt: input.now,
          updatedAt: input.now,
        })
        .onConflictDoNothing({ target: [locations.storeId, locations.sourceId] })
        .returning()
        .all()[0];
      if (!row) throw locationSourceIdTaken();
      return row;
    },
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
