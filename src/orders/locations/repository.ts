import { and, asc, eq } from 'drizzle-orm';
import type { components } from '../../../generated/orders/types.js';
import type { Db } from '../../shared/db/client.js';
import { ApiError } from '../errors.js';
import { locations } from '../schema.js';

export type LocationRow = typeof locations.$inferSelect;
export type Location = components['schemas']['Location'];
type LocationCreate = components['schemas']['LocationCreate'];

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

export function findLocation(db: Db, storeId: string, id: string): LocationRow | undefined {
  return db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.storeId, storeId)))
    .get();
}

export function insertLocation(db: Db, input: LocationCreate & { id: string; storeId: string; now: string }): LocationRow {
  return db.transaction((tx) => {
    if (input.source_id !== undefined) {
      const clash = tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.storeId, input.storeId), eq(locations.sourceId, input.source_id)))
        .get();
      if (clash) {
        throw new ApiError(40900, 'A location with this source_id already exists in the store.', [
          { path: 'source_id', info: 'Already exists.' },
        ]);
      }
    }
    return tx
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
      .returning()
      .all()[0];
  });
}

export function listLocations(db: Db, storeId: string, offset: number, fetch: number): LocationRow[] {
  return db
    .select()
    .from(locations)
    .where(eq(locations.storeId, storeId))
    .orderBy(asc(locations.createdAt), asc(locations.id))
    .limit(fetch)
    .offset(offset)
    .all();
}
