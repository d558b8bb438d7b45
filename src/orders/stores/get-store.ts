import { createRoute } from '@hono/zod-openapi';
import { zGetStorePath, zGetStoreResponse } from '../../../generated/orders/zod.js';
import { ApiError } from '../errors.js';
import { ok } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { findStore, toStore } from './repository.js';

export const route = createRoute({
  operationId: 'getStore',
  method: 'get',
  path: '/stores/{id}',
  security: apiKeySecurity,
  request: { params: zGetStorePath },
  responses: {
    200: json(zGetStoreResponse, 'The store.'),
    ...errorResponses(401, 404, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const row = findStore(db, c.get('principal').accountId, c.req.valid('param').id);
    if (!row) throw new ApiError(40400, 'The store could not be found.');
    return ok(c, toStore(row));
  });
}
