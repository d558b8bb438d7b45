import * as routes from '../../../generated/orders/routes.js';
import { ok } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { simpleListPage } from '../pagination.js';
import { listLocations, toLocation } from './repository.js';

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, routes.listLocations, (c) => {
    const { page, limit } = c.req.valid('query');
    const { items, pagination, parameter_string } = simpleListPage(page, limit, (offset, fetch) => listLocations(db, c.get('store').id, offset, fetch), toLocation);
    return ok(c, { locations: items, pagination, parameter_string });
  }, app.inStore);
}
