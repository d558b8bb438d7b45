import { ApiError, type ErrorDetail } from '../errors.js';
import { rejectWith } from '../service.js';
import type { ChangeOutcome, CreateOutcome, Fulfillment } from './model.js';
import type { JsonText } from '../envelope.js';

const MISSING = {
  order: { path: 'order_id', info: 'No order with this id exists in the store.' },
  pickup_location: { path: 'pickup_location.location_id', info: 'No location with this id exists in the store.' },
} as const;

/** A create's outcome in the error table: the fulfillment, or the 409/422 that names why not. */
export function createdOrRefused(out: CreateOutcome): JsonText<Fulfillment> {
  if ('fulfillment' in out) return out.fulfillment;
  if ('conflict' in out) {
    throw new ApiError(40900, 'A fulfillment with this source_id already exists in the store.', [
      { path: 'source_id', info: 'Already exists.' },
    ]);
  }
  if ('missing' in out)
    rejectWith(
      out.missing.map((m) => MISSING[m]),
      false,
    );
  const details: ErrorDetail[] = out.lineItems.map((p) =>
    'unknown' in p
      ? { path: `line_items[${p.index}].source_id`, info: 'No item of the order has this source_id.' }
      : { path: `line_items[${p.index}].quantity`, info: `Exceeds the units of the item left to fulfill (${p.left}).` },
  );
  rejectWith(details, false);
}

/** A change's outcome in the error table: the fulfillment, 404/40400, or 422/42200 with its problems. */
export function changedOrRefused(out: ChangeOutcome): JsonText<Fulfillment> {
  if (out === undefined) throw new ApiError(40400, 'The fulfillment could not be found.');
  if ('refused' in out) rejectWith(out.refused, false);
  return out.fulfillment;
}
