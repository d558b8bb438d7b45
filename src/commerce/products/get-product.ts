import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { notFound } from '../errors.js';

export const getProduct = ordersOperation(
  routes.getProduct,
  ({ repos }) =>
    (c) =>
      andThen(repos.products.find(c.get('store').id, c.req.valid('param').id), (product) => {
        if (!product) throw notFound('product');
        return okJson(c, product);
      }),
  inStore,
);
