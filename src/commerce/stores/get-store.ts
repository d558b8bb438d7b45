import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { notFound } from '../errors.js';
import { toStore } from './render.js';

export const getStore = ordersOperation(
  routes.getStore,
  ({ repos }) =>
    (c) =>
      andThen(repos.stores.find(c.get('principal').accountId, c.req.valid('param').id), (row) => {
        if (!row) throw notFound('store');
        return ok(c, toStore(row));
      }),
);
