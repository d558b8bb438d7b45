import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import { changedOrRefused } from './outcomes.js';
import { moveProblem } from './rules.js';

export const shipFulfillment = ordersOperation(
  routes.shipFulfillment,
  ({ repos, clock }) =>
    (c) => {
      const trackings = c.req.valid('json');
      const out = repos.fulfillments.change(
        c.get('store').id,
        c.req.valid('param').id,
        (current) => {
          if (current.delivery_method !== 'shipping')
            return { refused: [{ path: 'path.id', info: 'Only a shipping fulfillment can be shipped.' }] };
          const problem = moveProblem('shipping', current.status, 'shipped');
          if (problem) return { refused: [problem] };
          return { next: { ...current, status: 'shipped', ...(trackings.length > 0 && { trackings }) } };
        },
        clock.now().toISOString(),
      );
      return andThen(out, (o) => okJson(c, changedOrRefused(o)));
    },
  inStore,
);
