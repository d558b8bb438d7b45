import { createRoute } from '@hono/zod-openapi';
import { zCreateStoreBody, zCreateStoreResponse } from '../../../generated/orders/zod.js';
import { created } from '../envelope.js';
import { newId } from '../../shared/ids.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { insertStore, toStore } from './repository.js';

export const route = createRoute({
  operationId: 'createStore',
  method: 'post',
  path: '/stores',
  security: apiKeySecurity,
  request: { body: { required: true, content: { 'application/json': { schema: zCreateStoreBody } } } },
  responses: {
    201: json(zCreateStoreResponse, 'The store was created.'),
    ...errorResponses(400, 401, 409, 413, 415, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db, clock }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const now = clock.now();
    const row = insertStore(db, { ...c.req.valid('json'), id: newId('sto', now), accountId: c.get('principal').accountId, now: now.toISOString() });
    return created(c, toStore(row));
  });
}
