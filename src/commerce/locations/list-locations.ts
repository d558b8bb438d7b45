import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { simpleListPage } from '../pagination.js';
import { toLocation } from './render.js';

export const listLocations = ordersOperation(
  routes.listLocations,
  ({ repos }) =>
    (c) => {
      const { page, limit } = c.req.valid('query');
      const storeId = c.get('store').id;
      const rows = simpleListPage(
        page,
        limit,
        (offset, fetch) => repos.locations.list(storeId, offset, fetch),
        toLocation,
      );
      return andThen(rows, ({ items, pagination, parameter_string }) =>
        ok(c, { locations: items, pagination, parameter_string }),
      );
    },
  inStore,
);
