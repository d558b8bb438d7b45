import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { ApiError } from '../errors.js';

export const getFulfillment = ordersOperation(
  routes.getFulfillment,
  ({ repos }) =>
    (c) =>
      andThen(repos.fulfillments.find(c.get('store').id, c.req.valid('param').id), (fulfillment) => {
        if (!fulfillment) throw new ApiError(40400, 'The fulfillment could not be found.');
        return okJson(c, fulfillment);
      }),
  inStore,
);
