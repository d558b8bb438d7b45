import * as routes from '../../../generated/orders/routes.js';
import { newId } from '../../shared/ids.js';
import { andThen } from '../../shared/maybe.js';
import { ordersOperation } from '../context.js';
import { created } from '../envelope.js';
import { toStore } from './repository.js';

export const createStore = ordersOperation(routes.createStore, ({ repos, clock }) => (c) => {
  const now = clock.now();
  const row = repos.stores.insert({ ...c.req.valid('json'), id: newId('sto', now), accountId: c.get('principal').accountId, now: now.toISOString() });
  return andThen(row, (r) => created(c, toStore(r)));
});
