import * as routes from '../../../generated/orders/routes.js';
import { newId } from '../../shared/ids.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { invalidRequest } from '../errors.js';
import { createdJson } from '../envelope.js';
import { createdOrRefused } from './outcomes.js';
import { createProblems } from './rules.js';

export const createFulfillment = ordersOperation(
  routes.createFulfillment,
  ({ repos, clock }) =>
    (c) => {
      const body = c.req.valid('json');
      const problems = createProblems(body);
      if (problems.length > 0) throw invalidRequest(problems);
      const now = clock.now();
      const out = repos.fulfillments.insert(c.get('store').id, newId('ful', now), body, now.toISOString());
      return andThen(out, (o) => createdJson(c, createdOrRefused(o)));
    },
  inStore,
);
