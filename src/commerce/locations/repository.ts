import type { components } from '../../../generated/orders/types.js';
import type { MaybePromise } from '../../shared/maybe.js';
import type { SourceIdConflict } from '../outcomes.js';
import type { locations } from '../schema.js';

export type LocationRow = typeof locations.$inferSelect;
export type Location = components['schemas']['Location'];
export type LocationCreate = components['schemas']['LocationCreate'];
export type NewLocation = LocationCreate & { id: string; storeId: string; now: string };

/** A location's stored fields that an order's or a fulfillment's pickup_location copies. */
export interface StoredLocation {
  address: string;
  openingHours: string;
}

export interface LocationRepository {
  find(storeId: string, id: string): MaybePromise<LocationRow | undefined>;
  insert(input: NewLocation): MaybePromise<LocationRow | SourceIdConflict>;
  /** Oldest first. */
  list(storeId: string, offset: number, fetch: number): MaybePromise<LocationRow[]>;
}
