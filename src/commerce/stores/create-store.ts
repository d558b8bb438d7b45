import * as routes from '../../../generated/orders/routes.js';
import { newId } from '../../shared/ids.js';
import { andThen } from '../../shared/maybe.js';
import { ordersOperation } from '../context.js';
import { created } from '../envelope.js';
import { sourceIdTaken } from '../errors.js';
import { isConflict } from '../outcomes.js';
import { toStore } from './render.js';

export const createStore = ordersOperation(routes.createStore, ({ repos, clock }) => (c) => {
  const now = clock.now();
  const accountId = c.get('principal').accountId;
  const row = repos.stores.insert({ ...c.req.valid('json'), id: newId('sto', now), accountId, now: now.toISOString() });
  return andThen(row, (r) => {
    if (isConflict(r)) throw sourceIdTaken('store', 'account');
    return created(c, toStore(r));
  });
});
