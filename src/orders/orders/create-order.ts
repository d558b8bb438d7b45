import * as routes from '../../../generated/orders/routes.js';
import { createdJson } from '../envelope.js';
import { newId } from '../../shared/ids.js';
import { defineOperation } from '../../shared/operation.js';
import { rejectWith } from '../service.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { orderRuleProblems } from './rules.js';

export function register(app: OrdersApp, { repos, clock }: OrdersDeps) {
  defineOperation(app.service, routes.createOrder, async (c) => {
    const body = c.req.valid('json');
    const problems = orderRuleProblems(body);
    if (problems.length > 0) rejectWith(problems, false);
    const now = clock.now();
    return createdJson(c, await repos.orders.insert(c.get('store').id, newId('ord', now), body, now.toISOString()));
  }, app.inStore);
}
