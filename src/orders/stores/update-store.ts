import { createRoute } from '@hono/zod-openapi';
import { zUpdateStoreBody, zUpdateStorePath, zUpdateStoreResponse } from '../../../generated/orders/zod.js';
import { ApiError } from '../errors.js';
import { ok } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { toStore, updateStore } from './repository.js';

export const route = createRoute({
  operationId: 'updateStore',
  method: 'patch',
  path: '/stores/{id}',
  security: apiKeySecurity,
  request: {
    params: zUpdateStorePath,
    body: { required: true, content: { 'application/json': { schema: zUpdateStoreBody } } },
  },
  responses: {
    200: json(zUpdateStoreResponse, 'The store.'),
    ...errorResponses(400, 401, 404, 409, 413, 415, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db, clock }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const row = updateStore(db, c.get('principal').accountId, c.req.valid('param').id, c.req.valid('json'), clock.now().toISOString());
    if (!row) throw new ApiError(40400, 'The store could not be found.');
    return ok(c, toStore(row));
  });
}
