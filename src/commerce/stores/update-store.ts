import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { notFound, sourceIdTaken } from '../errors.js';
import { isConflict } from '../outcomes.js';
import { toStore } from './render.js';

export const updateStore = ordersOperation(routes.updateStore, ({ repos, clock }) => (c) => {
  const accountId = c.get('principal').accountId;
  const row = repos.stores.update(accountId, c.req.valid('param').id, c.req.valid('json'), clock.now().toISOString());
  return andThen(row, (r) => {
    if (!r) throw notFound('store');
    if (isConflict(r)) throw sourceIdTaken('store', 'account');
    return ok(c, toStore(r));
  });
});
