import * as routes from '../../../generated/orders/routes.js';
import { ApiError } from '../errors.js';
import { ok } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { toLocation } from './repository.js';

export function register(app: OrdersApp, { repos }: OrdersDeps) {
  defineOperation(
    app.service,
    routes.getLocation,
    (c) =>
      andThen(repos.locations.find(c.get('store').id, c.req.valid('param').id), (row) => {
        if (!row) throw new ApiError(40400, 'The location could not be found.');
        return ok(c, toLocation(row));
      }),
    app.inStore,
  );
}
