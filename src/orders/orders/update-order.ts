import * as routes from '../../../generated/orders/routes.js';
import { ApiError } from '../errors.js';
import { okJson } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';

export function register(app: OrdersApp, { repos, clock }: OrdersDeps) {
  defineOperation(
    app.service,
    routes.updateOrder,
    (c) =>
      andThen(repos.orders.update(c.get('store').id, c.req.valid('param').id, c.req.valid('json'), clock.now().toISOString()), (order) => {
        if (!order) throw new ApiError(40400, 'The order could not be found.');
        return okJson(c, order);
      }),
    app.inStore,
  );
}
