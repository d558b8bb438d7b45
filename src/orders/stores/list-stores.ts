import { createRoute } from '@hono/zod-openapi';
import { zListStoresQuery, zListStoresResponse } from '../../../generated/orders/zod.js';
import { ok } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import { fromQueryStrings } from '../../shared/validation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { simpleListPage } from '../pagination.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { listStores, toStore } from './repository.js';

export const route = createRoute({
  operationId: 'listStores',
  method: 'get',
  path: '/stores',
  security: apiKeySecurity,
  request: { query: fromQueryStrings(zListStoresQuery) },
  responses: {
    200: json(zListStoresResponse, 'A page of stores.'),
    ...errorResponses(401, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const { page, limit } = c.req.valid('query');
    const { items, pagination, parameter_string } = simpleListPage(page, limit, (offset, fetch) => listStores(db, c.get('principal').accountId, offset, fetch), toStore);
    return ok(c, { stores: items, pagination, parameter_string });
  });
}
