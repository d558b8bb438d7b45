import type { JsonText } from '../envelope.js';
import type { StoredLocation } from '../locations/repository.js';
import { NO_TIME } from '../schema.js';
import type { Order, OrderCreate, OrderList, OrderUpdate } from './repository.js';

/** The client's fields of an order: everything but what the service owns or expands. */
// Items as stored: those of orders created before item source_id was required may lack one.
type OrderFields = Omit<OrderCreate, 'pickup_location' | 'items'> & { items: Order['items'] };

export const instant = (iso: string | undefined) => (iso === undefined ? NO_TIME : Date.parse(iso));

/**
 * The one place an order becomes the contract's Order, as the JSON text `orders.doc` stores, so a
 * read sends the document as it is. Nothing it holds beside the client's fields can go stale: ids
 * and created_at never change, updated_at is written with it, and no operation changes a location.
 * `tags` is always there (empty when none were sent).
 */
export function orderJson(o: {
  id: string;
  storeId: string;
  fields: Partial<OrderFields>;
  pickupLocation?: Order['pickup_location'];
  createdAt: string;
  updatedAt: string;
}): JsonText<Order> {
  return JSON.stringify({
    id: o.id,
    store: { id: o.storeId },
    ...o.fields,
    tags: o.fields.tags ?? [],
    ...(o.pickupLocation && { pickup_location: o.pickupLocation }),
    created_at: o.createdAt,
    updated_at: o.updatedAt,
  }) as JsonText<Order>;
}

/** A page of orders as the contract's OrderList: the rendered orders, then `tail` (`],"pagination":…}`). */
export function orderListJson(orders: readonly JsonText<Order>[], tail: string): JsonText<OrderList> {
  return `{"orders":[${orders.join(',')}${tail}` as JsonText<OrderList>;
}

/** orderListJson's UTF-8 length, from its orders' stored lengths; undefined unless the engine gave each one. */
export function orderListBytes(orders: ReadonlyArray<{ bytes?: number }>, tail: string): number | undefined {
  let bytes = '{"orders":['.length + Math.max(0, orders.length - 1) + Buffer.byteLength(tail);
  for (const { bytes: doc } of orders) {
    if (doc === undefined) return undefined;
    bytes += doc;
  }
  return bytes;
}

/** A new order rendered (orderJson), its pickup location copied from `location` (found in the store). */
export function newOrderJson(
  id: string,
  storeId: string,
  body: OrderCreate,
  location: StoredLocation | undefined,
  now: string,
): JsonText<Order> {
  const { pickup_location, ...fields } = body;
  return orderJson({
    id,
    storeId,
    fields,
    pickupLocation: pickup_location && {
      location_id: pickup_location.location_id,
      address: JSON.parse(location!.address) as NonNullable<Order['pickup_location']>['address'],
      opening_hours: JSON.parse(location!.openingHours) as NonNullable<Order['pickup_location']>['opening_hours'],
    },
    createdAt: now,
    updatedAt: now,
  });
}

/** A stored order with `patch` applied, rendered again (orderJson), and its new sort key. */
export function patchedOrderJson(
  doc: JsonText<Order>,
  patch: OrderUpdate,
  now: string,
): { json: JsonText<Order>; sourceUpdatedMs: number } {
  const { id, store, pickup_location, created_at, updated_at: _updated, ...fields } = JSON.parse(doc) as Order;
  const merged = { ...fields, ...patch };
  const json = orderJson({
    id,
    storeId: store.id,
    fields: merged,
    pickupLocation: pickup_location,
    createdAt: created_at,
    updatedAt: now,
  });
  return { json, sourceUpdatedMs: instant(merged.source_updated_at) };
}
