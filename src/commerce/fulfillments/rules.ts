import type { ErrorDetail } from '../errors.js';
import {
  SHIP_LOCATION_FIELDS,
  type Fulfillment,
  type FulfillmentCreate,
  type FulfillmentState,
  type LineItemProblem,
} from './repository.js';

/** The statuses of each delivery method, in the order they may be reached (update-fulfillment-status page). */
const STATUS_ORDER: Record<Fulfillment['delivery_method'], readonly FulfillmentState[]> = {
  shipping: ['pending', 'processing', 'shipped', 'canceled'],
  pickup: ['pending', 'processing', 'ready_for_pickup', 'picked_up', 'canceled'],
};

/** Why `from` cannot move to `to` (at `status`), or undefined when it is a move forward. */
export function moveProblem(
  method: Fulfillment['delivery_method'],
  from: FulfillmentState,
  to: FulfillmentState,
): ErrorDetail | undefined {
  const order = STATUS_ORDER[method];
  if (!order.includes(to))
    return { path: 'status', info: `A ${method} fulfillment's status is one of: ${order.join(', ')}.` };
  if (order.indexOf(to) <= order.indexOf(from)) {
    return { path: 'status', info: `Statuses move only forward (${order.join(' → ')}); this fulfillment is ${from}.` };
  }
  return undefined;
}

/** The rules of a new fulfillment that its body alone decides (createFulfillment's description). */
export function createProblems(body: FulfillmentCreate): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const order = STATUS_ORDER[body.delivery_method];
  if (!order.includes(body.status))
    problems.push({
      path: 'status',
      info: `A ${body.delivery_method} fulfillment's status is one of: ${order.join(', ')}.`,
    });
  if (body.delivery_method === 'pickup') {
    if (!body.pickup_location)
      problems.push({ path: 'pickup_location', info: 'Required when delivery_method is pickup.' });
    if (body.trackings !== undefined)
      problems.push({ path: 'trackings', info: 'Only allowed when delivery_method is shipping.' });
  } else {
    for (const field of ['pickup_location', 'pickup_info'] as const) {
      if (body[field] !== undefined)
        problems.push({ path: field, info: 'Only allowed when delivery_method is pickup.' });
    }
  }
  for (const field of SHIP_LOCATION_FIELDS) {
    const place = body[field];
    if (place && (place.location_id === undefined) === (place.address === undefined))
      problems.push({ path: field, info: 'Exactly one of location_id and address.' });
  }
  const seen = new Set<string>();
  body.line_items.forEach((li, i) => {
    if (seen.has(li.source_id))
      problems.push({ path: `line_items[${i}].source_id`, info: 'Names the same item as an earlier line item.' });
    seen.add(li.source_id);
  });
  return problems;
}

/**
 * The line items an order cannot take: `items` are the order's, `held` the fulfillments of the
 * order that still hold their units (not canceled). An item without a source_id cannot be named.
 */
export function lineItemProblems(
  items: ReadonlyArray<{ source_id?: string; quantity: number }>,
  held: readonly Fulfillment[],
  lineItems: FulfillmentCreate['line_items'],
): LineItemProblem[] {
  const ordered = new Map<string, number>();
  for (const item of items)
    if (item.source_id !== undefined) ordered.set(item.source_id, (ordered.get(item.source_id) ?? 0) + item.quantity);
  const taken = new Map<string, number>();
  for (const f of held)
    for (const li of f.line_items) taken.set(li.source_id, (taken.get(li.source_id) ?? 0) + li.quantity);
  return lineItems.flatMap((li, index): LineItemProblem[] => {
    const quantity = ordered.get(li.source_id);
    if (quantity === undefined) return [{ index, unknown: true }];
    const left = quantity - (taken.get(li.source_id) ?? 0);
    return li.quantity > left ? [{ index, left: Math.max(left, 0) }] : [];
  });
}
