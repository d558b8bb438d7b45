import type { Location, LocationRow, NewLocation } from './repository.js';

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

export function newLocationRow(input: NewLocation): LocationRow {
  return {
    id: input.id,
    storeId: input.storeId,
    sourceId: input.source_id ?? null,
    name: input.name,
    address: JSON.stringify(input.address),
    openingHours: JSON.stringify(input.opening_hours),
    createdAt: input.now,
    updatedAt: input.now,
  };
}
