import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { notFound } from '../errors.js';
import { toLocation } from './render.js';

export const getLocation = ordersOperation(
  routes.getLocation,
  ({ repos }) =>
    (c) =>
      andThen(repos.locations.find(c.get('store').id, c.req.valid('param').id), (row) => {
        if (!row) throw notFound('location');
        return ok(c, toLocation(row));
      }),
  inStore,
);
