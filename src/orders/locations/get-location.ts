import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { ApiError } from '../errors.js';
import { toLocation } from './repository.js';

export const getLocation = ordersOperation(
  routes.getLocation,
  ({ repos }) => (c) =>
    andThen(repos.locations.find(c.get('store').id, c.req.valid('param').id), (row) => {
      if (!row) throw new ApiError(40400, 'The location could not be found.');
      return ok(c, toLocation(row));
    }),
  inStore,
);
