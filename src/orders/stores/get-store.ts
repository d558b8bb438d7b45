import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { ApiError } from '../errors.js';
import { toStore } from './repository.js';

export const getStore = ordersOperation(routes.getStore, ({ repos }) => (c) =>
  andThen(repos.stores.find(c.get('principal').accountId, c.req.valid('param').id), (row) => {
    if (!row) throw new ApiError(40400, 'The store could not be found.');
    return ok(c, toStore(row));
  }),
);
