import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { changedOrRefused } from './outcomes.js';
import { moveProblem } from './rules.js';

export const updateFulfillmentStatus = ordersOperation(
  routes.updateFulfillmentStatus,
  ({ repos, clock }) =>
    (c) => {
      // occurred_at is validated by the schema and not stored (see the YAML).
      const { status } = c.req.valid('json');
      const out = repos.fulfillments.change(
        c.get('store').id,
        c.req.valid('param').id,
        (current) => {
          const problem = moveProblem(current.delivery_method, current.status, status);
          return problem ? { refused: [problem] } : { next: { ...current, status } };
        },
        clock.now().toISOString(),
      );
      return andThen(out, (o) => okJson(c, changedOrRefused(o)));
    },
  inStore,
);
