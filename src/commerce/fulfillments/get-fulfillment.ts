import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { notFound } from '../errors.js';

export const getFulfillment = ordersOperation(
  routes.getFulfillment,
  ({ repos }) =>
    (c) =>
      andThen(repos.fulfillments.find(c.get('store').id, c.req.valid('param').id), (fulfillment) => {
        if (!fulfillment) throw notFound('fulfillment');
        return okJson(c, fulfillment);
      }),
  inStore,
);
