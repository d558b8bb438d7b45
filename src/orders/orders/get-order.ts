import * as routes from '../../../generated/orders/routes.js';
import { ApiError } from '../errors.js';
import { okJson } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';

export function register(app: OrdersApp, { repos }: OrdersDeps) {
  defineOperation(
    app.service,
    routes.getOrder,
    (c) =>
      andThen(repos.orders.find(c.get('store').id, c.req.valid('param').id), (order) => {
        if (!order) throw new ApiError(40400, 'The order could not be found.');
        return okJson(c, order);
      }),
    app.inStore,
  );
}
