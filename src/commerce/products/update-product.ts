import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { invalidRequest, notFound } from '../errors.js';
import { variantProblems } from './rules.js';

export const updateProduct = ordersOperation(
  routes.updateProduct,
  ({ repos, clock }) =>
    (c) => {
      const patch = c.req.valid('json');
      const problems = variantProblems(patch.variants);
      if (problems.length > 0) throw invalidRequest(problems);
      return andThen(
        repos.products.update(c.get('store').id, c.req.valid('param').id, patch, clock.now().toISOString()),
        (product) => {
          if (!product) throw notFound('product');
          return okJson(c, product);
        },
      );
    },
  inStore,
);
