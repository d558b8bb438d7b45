import type { JsonText } from '../envelope.js';
import type { StoredLocation } from '../locations/repository.js';
import type { Fulfillment, FulfillmentCreate } from './repository.js';

/**
 * The one place a fulfillment becomes the contract's Fulfillment, as JSON text (what
 * `fulfillments.doc` stores): the service's fields around the client's, `trackings` always there
 * on a shipping fulfillment.
 */
export function fulfillmentJson(f: Omit<Fulfillment, 'store'> & { storeId: string }): JsonText<Fulfillment> {
  const { id, storeId, created_at, updated_at, ...fields } = f;
  return JSON.stringify({
    id,
    store: { id: storeId },
    ...fields,
    ...(fields.delivery_method === 'shipping' && { trackings: fields.trackings ?? [] }),
    created_at,
    updated_at,
  }) as JsonText<Fulfillment>;
}

export function newFulfillmentJson(
  id: string,
  storeId: string,
  body: FulfillmentCreate,
  location: StoredLocation | undefined,
  now: string,
) {
  const { pickup_location, ...fields } = body;
  return fulfillmentJson({
    id,
    storeId,
    ...fields,
    ...(pickup_location &&
      location && {
        pickup_location: {
          location_id: pickup_location.location_id,
          address: JSON.parse(location.address) as NonNullable<Fulfillment['pickup_location']>['address'],
          opening_hours: JSON.parse(location.openingHours) as NonNullable<
            Fulfillment['pickup_location']
          >['opening_hours'],
        },
      }),
    created_at: now,
    updated_at: now,
  });
}

/** A changed fulfillment rendered again, with its new updated_at. */
export function changedFulfillmentJson(next: Fulfillment, now: string): JsonText<Fulfillment> {
  const { store, ...rest } = next;
  return fulfillmentJson({ ...rest, storeId: store.id, updated_at: now });
}
