import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson } from '../envelope.js';
import type { ErrorDetail } from '../errors.js';
import { changedOrRefused } from './outcomes.js';

export const updateFulfillment = ordersOperation(
  routes.updateFulfillment,
  ({ repos, clock }) =>
    (c) => {
      const patch = c.req.valid('json');
      const out = repos.fulfillments.change(
        c.get('store').id,
        c.req.valid('param').id,
        (current) => {
          const refused: ErrorDetail[] = [];
          if (patch.trackings !== undefined && current.delivery_method !== 'shipping')
            refused.push({ path: 'trackings', info: 'Only a shipping fulfillment has trackings.' });
          if (patch.pickup_info !== undefined && current.delivery_method !== 'pickup')
            refused.push({ path: 'pickup_info', info: 'Only a pickup fulfillment has pickup_info.' });
          return refused.length > 0 ? { refused } : { next: { ...current, ...patch } };
        },
        clock.now().toISOString(),
      );
      return andThen(out, (o) => okJson(c, changedOrRefused(o)));
    },
  inStore,
);
