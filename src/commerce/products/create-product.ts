import * as routes from '../../../generated/orders/routes.js';
import { newId } from '../../shared/ids.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { createdJson } from '../envelope.js';
import { invalidRequest, sourceIdTaken } from '../errors.js';
import { isConflict } from '../outcomes.js';
import { variantProblems } from './rules.js';

export const createProduct = ordersOperation(
  routes.createProduct,
  ({ repos, clock }) =>
    (c) => {
      const body = c.req.valid('json');
      const problems = variantProblems(body.variants);
      if (problems.length > 0) throw invalidRequest(problems);
      const now = clock.now();
      return andThen(repos.products.insert(c.get('store').id, newId('prd', now), body, now.toISOString()), (out) => {
        if (isConflict(out)) throw sourceIdTaken('product', 'store');
        return createdJson(c, out.product);
      });
    },
  inStore,
);
