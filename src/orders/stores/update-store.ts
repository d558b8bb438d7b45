import * as routes from '../../../generated/orders/routes.js';
import { ApiError } from '../errors.js';
import { ok } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { toStore } from './repository.js';

export function register(app: OrdersApp, { repos, clock }: OrdersDeps) {
  defineOperation(app.service, routes.updateStore, (c) =>
    andThen(repos.stores.update(c.get('principal').accountId, c.req.valid('param').id, c.req.valid('json'), clock.now().toISOString()), (row) => {
      if (!row) throw new ApiError(40400, 'The store could not be found.');
      return ok(c, toStore(row));
    }),
  );
}
