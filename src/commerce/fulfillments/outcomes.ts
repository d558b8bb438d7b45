import { type ErrorDetail, invalidRequest, notFound, sourceIdTaken, unknownReferenceDetail } from '../errors.js';
import { isConflict } from '../outcomes.js';
import type { ChangeOutcome, CreateOutcome, Fulfillment } from './repository.js';
import type { JsonText } from '../envelope.js';

const MISSING = {
  order: unknownReferenceDetail('order_id', 'order'),
  pickup_location: unknownReferenceDetail('pickup_location.location_id', 'location'),
  ship_from_location: unknownReferenceDetail('ship_from_location.location_id', 'location'),
  ship_to_location: unknownReferenceDetail('ship_to_location.location_id', 'location'),
} as const;

/** A create's outcome in the error table: the fulfillment, or the 409/422 that names why not. */
export function createdOrRefused(out: CreateOutcome): JsonText<Fulfillment> {
  if ('fulfillment' in out) return out.fulfillment;
  if (isConflict(out)) throw sourceIdTaken('fulfillment', 'store');
  if ('missing' in out) throw invalidRequest(out.missing.map((m) => MISSING[m]));
  const details: ErrorDetail[] = out.lineItems.map((p) =>
    'unknown' in p
      ? { path: `line_items[${p.index}].source_id`, info: 'No item of the order has this source_id.' }
      : { path: `line_items[${p.index}].quantity`, info: `Exceeds the units of the item left to fulfill (${p.left}).` },
  );
  throw invalidRequest(details);
}

/** A change's outcome in the error table: the fulfillment, 404/40400, or 422/42200 with its problems. */
export function changedOrRefused(out: ChangeOutcome): JsonText<Fulfillment> {
  if (out === undefined) throw notFound('fulfillment');
  if ('refused' in out) throw invalidRequest(out.refused);
  return out.fulfillment;
}
