import { createRoute } from '@hono/zod-openapi';
import { zGetOrderHeaders, zGetOrderPath, zGetOrderResponse } from '../../../generated/orders/zod.js';
import { ApiError } from '../errors.js';
import { okJson } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { findOrder } from './repository.js';

export const route = createRoute({
  operationId: 'getOrder',
  method: 'get',
  path: '/orders/{id}',
  security: apiKeySecurity,
  request: { headers: zGetOrderHeaders, params: zGetOrderPath },
  responses: {
    200: json(zGetOrderResponse, 'The order.'),
    ...errorResponses(401, 404, 412, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const order = findOrder(db, c.get('store').id, c.req.valid('param').id);
    if (!order) throw new ApiError(40400, 'The order could not be found.');
    return okJson(c, order);
  }, app.inStore);
}
