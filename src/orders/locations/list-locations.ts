import { createRoute } from '@hono/zod-openapi';
import { zListLocationsHeaders, zListLocationsQuery, zListLocationsResponse } from '../../../generated/orders/zod.js';
import { ok } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import { fromQueryStrings } from '../../shared/validation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { simpleListPage } from '../pagination.js';
import { apiKeySecurity, errorResponses, json } from '../responses.js';
import { listLocations, toLocation } from './repository.js';

export const route = createRoute({
  operationId: 'listLocations',
  method: 'get',
  path: '/locations',
  security: apiKeySecurity,
  request: { headers: zListLocationsHeaders, query: fromQueryStrings(zListLocationsQuery) },
  responses: {
    200: json(zListLocationsResponse, 'A page of locations.'),
    ...errorResponses(401, 412, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, route, (c) => {
    const { page, limit } = c.req.valid('query');
    const { items, pagination, parameter_string } = simpleListPage(page, limit, (offset, fetch) => listLocations(db, c.get('store').id, offset, fetch), toLocation);
    return ok(c, { locations: items, pagination, parameter_string });
  }, app.inStore);
}
