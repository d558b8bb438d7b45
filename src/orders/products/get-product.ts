import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { ApiError } from '../errors.js';

export const getProduct = ordersOperation(
  routes.getProduct,
  ({ repos }) =>
    (c) =>
      andThen(repos.products.find(c.get('store').id, c.req.valid('param').id), (product) => {
        if (!product) throw new ApiError(40400, 'The product could not be found.');
        return okJson(c, product);
      }),
  inStore,
);
