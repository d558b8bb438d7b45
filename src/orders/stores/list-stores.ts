import * as routes from '../../../generated/orders/routes.js';
import { ok } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../context.js';
import { simpleListPage } from '../pagination.js';
import { toStore } from './repository.js';

export function register(app: OrdersApp, { repos }: OrdersDeps) {
  defineOperation(app.service, routes.listStores, (c) => {
    const { page, limit, 'source_ids[]': sourceIds } = c.req.valid('query');
    const accountId = c.get('principal').accountId;
    const rows = (offset: number, fetch: number) => repos.stores.list(accountId, offset, fetch, sourceIds);
    return andThen(simpleListPage(page, limit, rows, toStore), ({ items, pagination, parameter_string }) => {
      // The documented order: page, limit, then each source_ids[] as sent.
      const filter = (sourceIds ?? []).map((id) => `&source_ids[]=${encodeURIComponent(id)}`).join('');
      return ok(c, { stores: items, pagination, parameter_string: parameter_string + filter });
    });
  });
}
