import * as routes from '../../../generated/orders/routes.js';
import { newId } from '../../shared/ids.js';
import { inStore, ordersOperation } from '../context.js';
import { createdJson } from '../envelope.js';
import { invalidRequest, sourceIdTaken, unknownReference } from '../errors.js';
import { isConflict, isMissingReference } from '../outcomes.js';
import { orderRuleProblems } from './rules.js';

export const createOrder = ordersOperation(
  routes.createOrder,
  ({ repos, clock }) =>
    async (c) => {
      const body = c.req.valid('json');
      const problems = orderRuleProblems(body);
      if (problems.length > 0) throw invalidRequest(problems);
      const now = clock.now();
      const order = await repos.orders.insert(c.get('store').id, newId('ord', now), body, now.toISOString());
      if (isConflict(order)) throw sourceIdTaken('order', 'store');
      if (isMissingReference(order)) throw unknownReference(order.missing, 'location');
      return createdJson(c, order);
    },
  inStore,
);
