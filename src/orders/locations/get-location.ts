import { createRoute } from '@hono/zod-openapi';
import { zGetLocationHeaders, zGetLocationPath, zGetLocationResponse } from '../../../generated/orders/zod.js';
import { ApiError } from '../errors.js';
import { ok } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { findLocation, toLocation } from './repository.js';

export const route = createRoute({
  operationId: 'getLocation',
  method: 'get',
  path: '/locations/{id}',
  security: apiKeySecurity,
  request: { headers: zGetLocationHeaders, params: zGetLocationPath },
  responses: {
    200: json(zGetLocationResponse, 'The location.'),
    ...errorResponses(401, 404, 412, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const row = findLocation(db, c.get('store').id, c.req.valid('param').id);
    if (!row) throw new ApiError(40400, 'The location could not be found.');
    return ok(c, toLocation(row));
  }, app.inStore);
}
