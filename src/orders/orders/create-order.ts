import { createRoute } from '@hono/zod-openapi';
import { zCreateOrderBody, zCreateOrderHeaders, zCreateOrderResponse } from '../../../generated/orders/zod.js';
import { createdJson } from '../envelope.js';
import { newId } from '../../shared/ids.js';
import { defineOperation } from '../../shared/operation.js';
import { rejectWith } from '../service.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { insertOrder } from './repository.js';
import { orderRuleProblems } from './rules.js';

export const route = createRoute({
  operationId: 'createOrder',
  method: 'post',
  path: '/orders',
  security: apiKeySecurity,
  request: {
    headers: zCreateOrderHeaders,
    body: { required: true, content: { 'application/json': { schema: zCreateOrderBody } } },
  },
  responses: {
    201: json(zCreateOrderResponse, 'The order was created.'),
    ...errorResponses(400, 401, 409, 412, 413, 415, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db, clock }: OrdersDeps) {
  defineOperation(app.service, route, async (c) => {
    const body = c.req.valid('json');
    const problems = orderRuleProblems(body);
    if (problems.length > 0) rejectWith(problems, false);
    const now = clock.now();
    return createdJson(c, await insertOrder(db, c.get('store').id, newId('ord', now), body, now.toISOString()));
  }, app.inStore);
}
