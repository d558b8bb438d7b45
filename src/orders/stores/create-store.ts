import * as routes from '../../../generated/orders/routes.js';
import { created } from '../envelope.js';
import { newId } from '../../shared/ids.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { insertStore, toStore } from './repository.js';

export function register(app: OrdersApp, { db, clock }: OrdersDeps) {
  defineOperation(app.service, routes.createStore, (c) => {
    const now = clock.now();
    const row = insertStore(db, { ...c.req.valid('json'), id: newId('sto', now), accountId: c.get('principal').accountId, now: now.toISOString() });
    return created(c, toStore(row));
  });
}
