import * as routes from '../../../generated/orders/routes.js';
import { ok } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { simpleListPage } from '../pagination.js';
import { toLocation } from './repository.js';

export function register(app: OrdersApp, { repos }: OrdersDeps) {
  defineOperation(
    app.service,
    routes.listLocations,
    (c) => {
      const { page, limit } = c.req.valid('query');
      const storeId = c.get('store').id;
      return andThen(simpleListPage(page, limit, (offset, fetch) => repos.locations.list(storeId, offset, fetch), toLocation), ({ items, pagination, parameter_string }) =>
        ok(c, { locations: items, pagination, parameter_string }),
      );
    },
    app.inStore,
  );
}
