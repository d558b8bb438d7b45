import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { okJson } from '../envelope.js';
import { ApiError } from '../errors.js';

export function register(app: OrdersApp, { repos }: OrdersDeps) {
  defineOperation(
    app.service,
    routes.getFulfillment,
    (c) =>
      andThen(repos.fulfillments.find(c.get('store').id, c.req.valid('param').id), (fulfillment) => {
        if (!fulfillment) throw new ApiError(40400, 'The fulfillment could not be found.');
        return okJson(c, fulfillment);
      }),
    app.inStore,
  );
}
