import * as routes from '../../../generated/orders/routes.js';
import { created } from '../envelope.js';
import { newId } from '../../shared/ids.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { toStore } from './repository.js';

export function register(app: OrdersApp, { repos, clock }: OrdersDeps) {
  defineOperation(app.service, routes.createStore, (c) => {
    const now = clock.now();
    const row = repos.stores.insert({ ...c.req.valid('json'), id: newId('sto', now), accountId: c.get('principal').accountId, now: now.toISOString() });
    return andThen(row, (r) => created(c, toStore(r)));
  });
}
