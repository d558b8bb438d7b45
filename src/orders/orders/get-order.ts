import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { ApiError } from '../errors.js';

export const getOrder = ordersOperation(
  routes.getOrder,
  ({ repos }) => (c) =>
    andThen(repos.orders.find(c.get('store').id, c.req.valid('param').id), (order) => {
      if (!order) throw new ApiError(40400, 'The order could not be found.');
      return okJson(c, order);
    }),
  inStore,
);
