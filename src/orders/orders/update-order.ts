import { createRoute } from '@hono/zod-openapi';
import { zUpdateOrderBody, zUpdateOrderHeaders, zUpdateOrderPath, zUpdateOrderResponse } from '../../../generated/orders/zod.js';
import { ApiError } from '../errors.js';
import { okJson } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { updateOrder } from './repository.js';

export const route = createRoute({
  operationId: 'updateOrder',
  method: 'patch',
  path: '/orders/{id}',
  security: apiKeySecurity,
  request: {
    headers: zUpdateOrderHeaders,
    params: zUpdateOrderPath,
    body: { required: true, content: { 'application/json': { schema: zUpdateOrderBody } } },
  },
  responses: {
    200: json(zUpdateOrderResponse, 'The order.'),
    ...errorResponses(400, 401, 404, 412, 413, 415, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db, clock }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const order = updateOrder(db, c.get('store').id, c.req.valid('param').id, c.req.valid('json'), clock.now().toISOString());
    if (!order) throw new ApiError(40400, 'The order could not be found.');
    return okJson(c, order);
  }, app.inStore);
}
