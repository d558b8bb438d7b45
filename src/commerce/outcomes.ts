/** What the data layer returns instead of a row when it refuses a write; operations map it to errors.ts. */

export interface SourceIdConflict {
  readonly conflict: 'source_id';
}

export interface MissingReference {
  readonly missing: 'pickup_location.location_id';
}

export const SOURCE_ID_CONFLICT: SourceIdConflict = Object.freeze({ conflict: 'source_id' });
export const UNKNOWN_PICKUP_LOCATION: MissingReference = Object.freeze({ missing: 'pickup_location.location_id' });

export const isConflict = (value: unknown): value is SourceIdConflict =>
  typeof value === 'object' && value !== null && 'conflict' in value;

export const isMissingReference = (value: unknown): value is MissingReference =>
  typeof value === 'object' && value !== null && 'missing' in value;
