/**
 * What the order service's data layer answers instead of a row when it refuses a write; the
 * operations turn each into the error table's answer (src/orders/errors.ts).
 */

/** Another record of the scope (the store, or for stores the account) has this source_id: the unique index said so. */
export interface SourceIdConflict {
  readonly conflict: 'source_id';
}

/** The request names a record that does not exist in the store (by its JSON path). */
export interface MissingReference {
  readonly missing: 'pickup_location.location_id';
}

export const SOURCE_ID_CONFLICT: SourceIdConflict = Object.freeze({ conflict: 'source_id' });
export const UNKNOWN_PICKUP_LOCATION: MissingReference = Object.freeze({ missing: 'pickup_location.location_id' });

export const isConflict = (value: unknown): value is SourceIdConflict =>
  typeof value === 'object' && value !== null && 'conflict' in value;

export const isMissingReference = (value: unknown): value is MissingReference =>
  typeof value === 'object' && value !== null && 'missing' in value;
