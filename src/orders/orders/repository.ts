import type { components, operations } from '../../../generated/orders/types.js';
import type { MaybePromise } from '../../shared/maybe.js';
import type { JsonText } from '../envelope.js';
import type { MissingReference, SourceIdConflict } from '../outcomes.js';

export type Order = components['schemas']['Order'];
export type OrderList = components['schemas']['OrderListEnvelope']['data'];
export type OrderCreate = components['schemas']['OrderCreate'];
export type OrderUpdate = components['schemas']['OrderUpdate'];
export type Sort = NonNullable<NonNullable<operations['listOrders']['parameters']['query']>['sort']>;

/** What both engines' page queries share. */
export const SORT_COLUMNS = { source_created_at: 'source_created_ms', source_updated_at: 'source_updated_ms' } as const;

/**
 * Below this offset a page is read straight from the sort index with its rows; from it on, the
 * page's ids come first from the index alone (see listStatement), which costs more on shallow pages.
 */
export const DIRECT_OFFSET_LIMIT = 500;

/**
 * A list reads documents up to this size with the page's own query (a page of 50 holds at most
 * 800 KB of them); a larger one (up to the 1 MiB body limit) is read alone when the answer is
 * streamed, so that a page of large orders never sits in memory at once.
 */
export const SMALL_DOC_BYTES = 16 * 1024;

/** One order of a page: its document when it is small, else only its id. */
export interface PageRow {
  id: string;
  doc?: JsonText<Order>;
}

/** What GET /orders asks for: a window of the store's orders in a sort order, optionally by source ids. */
export interface OrderPageQuery {
  storeId: string;
  sort: Sort;
  sourceIds?: string[];
  offset: number;
  fetch: number;
}

/** The orders' data access (repository.sqlite.ts, repository.pg.ts). Orders come and go as JSON text (orderJson). */
export interface OrderRepository {
  /** The order, when it is in the store. */
  find(storeId: string, id: string): MaybePromise<JsonText<Order> | undefined>;
  /** The order stored, once committed; refused when its source_id is taken or its pickup location is not in the store. */
  insert(storeId: string, id: string, body: OrderCreate, now: string): Promise<JsonText<Order> | SourceIdConflict | MissingReference>;
  /** The order as updated, undefined when it is not in the store. */
  update(storeId: string, id: string, patch: OrderUpdate, now: string): MaybePromise<JsonText<Order> | undefined>;
  /**
   * A page in the list's order: each order's id, with its document when that is at most
   * SMALL_DOC_BYTES (a larger one is read by `find` when its turn comes, see list-orders.ts).
   */
  listPage(q: OrderPageQuery): MaybePromise<PageRow[]>;
}
