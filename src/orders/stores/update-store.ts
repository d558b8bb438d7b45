import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { ApiError } from '../errors.js';
import { toStore } from './repository.js';

export const updateStore = ordersOperation(routes.updateStore, ({ repos, clock }) => (c) => {
  const accountId = c.get('principal').accountId;
  const row = repos.stores.update(accountId, c.req.valid('param').id, c.req.valid('json'), clock.now().toISOString());
  return andThen(row, (r) => {
    if (!r) throw new ApiError(40400, 'The store could not be found.');
    return ok(c, toStore(r));
  });
});
