import * as routes from '../../../generated/orders/routes.js';
import { ok } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { simpleListPage } from '../pagination.js';
import { listStores, toStore } from './repository.js';

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, routes.listStores, (c) => {
    const { page, limit } = c.req.valid('query');
    const { items, pagination, parameter_string } = simpleListPage(page, limit, (offset, fetch) => listStores(db, c.get('principal').accountId, offset, fetch), toStore);
    return ok(c, { stores: items, pagination, parameter_string });
  });
}
