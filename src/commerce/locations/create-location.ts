import * as routes from '../../../generated/orders/routes.js';
import { created } from '../envelope.js';
import { newId } from '../../shared/ids.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { toLocation } from './render.js';
import { invalidRequest, sourceIdTaken } from '../errors.js';
import { isConflict } from '../outcomes.js';

const DAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

export const createLocation = ordersOperation(
  routes.createLocation,
  ({ repos, clock }) =>
    (c) => {
      const body = c.req.valid('json');
      // An open day sends `from` and `to` both as times or both null (open 24 hours), as DayHours documents.
      const problems = DAYS.flatMap((day) => {
        const h = body.opening_hours[day];
        if (!h.open) return [];
        const missing = (['from', 'to'] as const).filter((k) => h[k] === undefined);
        if (missing.length > 0)
          return missing.map((k) => ({ path: `opening_hours.${day}.${k}`, info: 'Required when open is true.' }));
        if ((h.from === null) !== (h.to === null)) {
          const k = h.from === null ? 'from' : 'to';
          return [
            {
              path: `opening_hours.${day}.${k}`,
              info: 'Must be null only when the other bound is null too (open 24 hours).',
            },
          ];
        }
        return [];
      });
      if (problems.length > 0) throw invalidRequest(problems);
      const now = clock.now();
      const row = repos.locations.insert({
        ...body,
        id: newId('loc', now),
        storeId: c.get('store').id,
        now: now.toISOString(),
      });
      return andThen(row, (r) => {
        if (isConflict(r)) throw sourceIdTaken('location', 'store');
        return created(c, toLocation(r));
      });
    },
  inStore,
);
