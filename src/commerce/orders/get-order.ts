import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { notFound } from '../errors.js';

export const getOrder = ordersOperation(
  routes.getOrder,
  ({ repos }) =>
    (c) =>
      andThen(repos.orders.find(c.get('store').id, c.req.valid('param').id), (order) => {
        if (!order) throw notFound('order');
        return okJson(c, order);
      }),
  inStore,
);
