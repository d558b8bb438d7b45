import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { notFound } from '../errors.js';

export const updateOrder = ordersOperation(
  routes.updateOrder,
  ({ repos, clock }) =>
    (c) => {
      const order = repos.orders.update(
        c.get('store').id,
        c.req.valid('param').id,
        c.req.valid('json'),
        clock.now().toISOString(),
      );
      return andThen(order, (o) => {
        if (!o) throw notFound('order');
        return okJson(c, o);
      });
    },
  inStore,
);
