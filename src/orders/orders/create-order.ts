import * as routes from '../../../generated/orders/routes.js';
import { newId } from '../../shared/ids.js';
import { inStore, ordersOperation } from '../context.js';
import { createdJson } from '../envelope.js';
import { rejectWith } from '../service.js';
import { orderRuleProblems } from './rules.js';

export const createOrder = ordersOperation(
  routes.createOrder,
  ({ repos, clock }) => async (c) => {
    const body = c.req.valid('json');
    const problems = orderRuleProblems(body);
    if (problems.length > 0) rejectWith(problems, false);
    const now = clock.now();
    return createdJson(c, await repos.orders.insert(c.get('store').id, newId('ord', now), body, now.toISOString()));
  },
  inStore,
);
