import type { components } from '../../../generated/orders/types.js';
import type { MaybePromise } from '../../shared/maybe.js';
import type { JsonText } from '../envelope.js';
import type { ErrorDetail } from '../errors.js';
import type { SourceIdConflict } from '../outcomes.js';

export type Fulfillment = components['schemas']['Fulfillment'];
export type FulfillmentCreate = components['schemas']['FulfillmentCreate'];
export type FulfillmentUpdate = components['schemas']['FulfillmentUpdate'];
export type FulfillmentList = components['schemas']['FulfillmentListEnvelope']['data'];
export type Tracking = components['schemas']['Tracking'];
export type FulfillmentState = components['schemas']['FulfillmentState'];

/** A line item the order cannot take: no item with its source_id, or more units than are left. */
export type LineItemProblem = { index: number; unknown: true } | { index: number; left: number };

/** What a create comes to: the fulfillment stored, or why the data refused it. */
export type CreateOutcome =
  | { fulfillment: JsonText<Fulfillment> }
  | SourceIdConflict
  | { missing: Array<'order' | LocationField> }
  | { lineItems: LineItemProblem[] };

/** The fields of a new fulfillment that may name a location of the store by id alone (pickup_location is read whole). */
export const SHIP_LOCATION_FIELDS = ['ship_from_location', 'ship_to_location'] as const;
export type ShipLocationField = (typeof SHIP_LOCATION_FIELDS)[number];
type LocationField = 'pickup_location' | ShipLocationField;

/** The location ids the ship fields of a new fulfillment name (each must be a location of the store). */
export const shipLocations = (body: FulfillmentCreate): Array<[ShipLocationField, string]> =>
  SHIP_LOCATION_FIELDS.flatMap((field) => {
    const id = body[field]?.location_id;
    return id === undefined ? [] : [[field, id] as [ShipLocationField, string]];
  });

/** A change of a fulfillment, decided under its lock: what it becomes, or the problems that refuse it. */
export type Change = (current: Fulfillment) => { next: Fulfillment } | { refused: ErrorDetail[] };
/** undefined when the fulfillment is not in the store. */
export type ChangeOutcome = undefined | { fulfillment: JsonText<Fulfillment> } | { refused: ErrorDetail[] };

export interface FulfillmentPageQuery {
  storeId: string;
  orderId?: string;
  sourceOrderId?: string;
  sourceId?: string;
  ids?: string[];
  offset: number;
  fetch: number;
}

/** The fulfillments' data access (repository.sqlite.ts, repository.pg.ts), as JSON text (fulfillmentJson). */
export interface FulfillmentRepository {
  find(storeId: string, id: string): MaybePromise<JsonText<Fulfillment> | undefined>;
  /**
   * Stores a fulfillment of an order of the store, in one transaction that holds the order (so
   * that the units left of each item are read and taken by one writer at a time).
   */
  insert(storeId: string, id: string, body: FulfillmentCreate, now: string): MaybePromise<CreateOutcome>;
  /** Applies `change` to the fulfillment as it is under its lock. */
  change(storeId: string, id: string, change: Change, now: string): MaybePromise<ChangeOutcome>;
  /** A page of the store's fulfillments, oldest first, filtered by every filter given. */
  list(q: FulfillmentPageQuery): MaybePromise<JsonText<Fulfillment>[]>;
}
