import type { components, operations } from '../../../generated/orders/types.js';
import type { MaybePromise } from '../../shared/maybe.js';
import type { JsonText } from '../envelope.js';
import type { MissingReference, SourceIdConflict } from '../outcomes.js';

export type Order = components['schemas']['Order'];
export type OrderList = components['schemas']['OrderListEnvelope']['data'];
export type OrderCreate = components['schemas']['OrderCreate'];
export type OrderUpdate = components['schemas']['OrderUpdate'];
export type Sort = NonNullable<NonNullable<operations['listOrders']['parameters']['query']>['sort']>;

const SORT_COLUMNS = { source_created_at: 'source_created_ms', source_updated_at: 'source_updated_ms' } as const;

/** A page's sort as both engines' statements write it: the sort key's column, and the direction (then by id). */
export const sortOrder = (sort: Sort) => ({
  column: SORT_COLUMNS[sort.slice(1) as keyof typeof SORT_COLUMNS],
  dir: sort.startsWith('-') ? ('DESC' as const) : ('ASC' as const),
});

/** From this offset on, a page's ids come from the index alone first, which costs more on shallow pages. */
export const DIRECT_OFFSET_LIMIT = 500;

/** Larger documents are read one by one while the page streams, so a page of large orders never sits in memory. */
export const SMALL_DOC_BYTES = 16 * 1024;

export interface PageRow {
  id: string;
  doc?: JsonText<Order>;
  /** The document's UTF-8 length, where the engine reads it with the row. */
  bytes?: number;
}

export interface OrderPageQuery {
  storeId: string;
  sort: Sort;
  sourceIds?: string[];
  offset: number;
  fetch: number;
}

/** The orders' data access; orders come and go as JSON text (orderJson). */
export interface OrderRepository {
  find(storeId: string, id: string): MaybePromise<JsonText<Order> | undefined>;
  insert(
    storeId: string,
    id: string,
    body: OrderCreate,
    now: string,
  ): Promise<JsonText<Order> | SourceIdConflict | MissingReference>;
  update(storeId: string, id: string, patch: OrderUpdate, now: string): MaybePromise<JsonText<Order> | undefined>;
  /** Documents over SMALL_DOC_BYTES come back as ids only, for `find` when their turn comes. */
  listPage(q: OrderPageQuery): MaybePromise<PageRow[]>;
}
