import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { okJson } from '../envelope.js';
import { changedOrRefused } from './outcomes.js';
import { moveProblem } from './rules.js';

export function register(app: OrdersApp, { repos, clock }: OrdersDeps) {
  defineOperation(
    app.service,
    routes.shipFulfillment,
    (c) => {
      const trackings = c.req.valid('json');
      const out = repos.fulfillments.change(
        c.get('store').id,
        c.req.valid('param').id,
        (current) => {
          if (current.delivery_method !== 'shipping') return { refused: [{ path: 'path.id', info: 'Only a shipping fulfillment can be shipped.' }] };
          const problem = moveProblem('shipping', current.status, 'shipped');
          if (problem) return { refused: [problem] };
          return { next: { ...current, status: 'shipped', ...(trackings.length > 0 && { trackings }) } };
        },
        clock.now().toISOString(),
      );
      return andThen(out, (o) => okJson(c, changedOrRefused(o)));
    },
    app.inStore,
  );
}
