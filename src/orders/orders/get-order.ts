import * as routes from '../../../generated/orders/routes.js';
import { ApiError } from '../errors.js';
import { okJson } from '../envelope.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { findOrder } from './repository.js';

export function register(app: OrdersApp, { db }: OrdersDeps) {
  defineOperation(app.service, routes.getOrder, (c) => {
    const order = findOrder(db, c.get('store').id, c.req.valid('param').id);
    if (!order) throw new ApiError(40400, 'The order could not be found.');
    return okJson(c, order);
  }, app.inStore);
}
