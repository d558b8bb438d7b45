import * as routes from '../../../generated/orders/routes.js';
import { ok } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { simpleListPage } from '../pagination.js';
import { toStore } from './repository.js';

export function register(app: OrdersApp, { repos }: OrdersDeps) {
  defineOperation(app.service, routes.listStores, (c) => {
    const { page, limit } = c.req.valid('query');
    const accountId = c.get('principal').accountId;
    return andThen(simpleListPage(page, limit, (offset, fetch) => repos.stores.list(accountId, offset, fetch), toStore), ({ items, pagination, parameter_string }) =>
      ok(c, { stores: items, pagination, parameter_string }),
    );
  });
}
