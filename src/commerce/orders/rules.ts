import { decimalEquals, decimalSum } from '../decimal.js';
import type { ErrorDetail } from '../errors.js';
import type { OrderCreate } from './repository.js';

/** The rules the YAML describes on createOrder that its schema cannot express. */
export function orderRuleProblems(body: OrderCreate): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (body.discount_total !== undefined) {
    const sum = decimalSum(body.items.map((i) => i.discount ?? '0'));
    if (!decimalEquals(body.discount_total, sum)) {
      problems.push({ path: 'discount_total', info: `Must equal the sum of the items' discount (${sum}).` });
    }
  }
  if (body.delivery_method === 'shipping') {
    for (const field of ['pickup_location', 'pickup_info'] as const) {
      if (body[field] !== undefined)
        problems.push({ path: field, info: 'Only allowed when delivery_method is pickup.' });
    }
  }
  return problems;
}
