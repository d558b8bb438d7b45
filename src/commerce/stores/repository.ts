import type { components } from '../../../generated/orders/types.js';
import type { MaybePromise } from '../../shared/maybe.js';
import type { SourceIdConflict } from '../outcomes.js';
import type { stores } from '../schema.js';

export type StoreRow = typeof stores.$inferSelect;
export type Store = components['schemas']['Store'];
export type StoreCreate = components['schemas']['StoreCreate'];
export type StoreUpdate = components['schemas']['StoreUpdate'];
export type NewStore = StoreCreate & { id: string; accountId: string; now: string };

/** The stores' data access (repository.sqlite.ts, repository.pg.ts). A store belongs to one account. */
export interface StoreRepository {
  /** The store, when it belongs to the account. */
  find(accountId: string, id: string): MaybePromise<StoreRow | undefined>;
  insert(input: NewStore): MaybePromise<StoreRow | SourceIdConflict>;
  /** The store as updated; undefined when it is not the account's. */
  update(
    accountId: string,
    id: string,
    patch: StoreUpdate,
    now: string,
  ): MaybePromise<StoreRow | SourceIdConflict | undefined>;
  /** A page of the account's stores, oldest first; only those with one of `sourceIds` when given. */
  list(accountId: string, offset: number, fetch: number, sourceIds?: string[]): MaybePromise<StoreRow[]>;
}
