import { createRoute } from '@hono/zod-openapi';
import { zListLocationsHeaders, zListLocationsQuery, zListLocationsResponse } from '../../../generated/orders/zod.js';
import { ok } from '../../shared/http.js';
import { fromQueryStrings, validationHook } from '../../shared/validation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { pageOf, pageWindow } from '../pagination.js';
import { errorResponses, json } from '../responses.js';
import { listLocations, toLocation } from './repository.js';

export const route = createRoute({
  operationId: 'listLocations',
  method: 'get',
  path: '/locations',
  request: { headers: zListLocationsHeaders, query: fromQueryStrings(zListLocationsQuery) },
  responses: {
    200: json(zListLocationsResponse, 'A page of locations.'),
    ...errorResponses(401, 412, 422, 429, 500),
  },
});

export function register(app: OrdersApp, { db }: OrdersDeps) {
  app.openapi(
    route,
    (c) => {
      const { page, limit } = c.req.valid('query');
      const { offset, fetch } = pageWindow(page, limit);
      const { items, pagination } = pageOf(listLocations(db, c.var.store.id, offset, fetch), page, limit);
      return ok(c, { locations: items.map(toLocation), pagination, parameter_string: `page=${page}&limit=${limit}` });
    },
    validationHook(route.request),
  );
}
