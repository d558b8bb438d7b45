import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { ordersOperation } from '../context.js';
import { ok } from '../envelope.js';
import { simpleListPage } from '../pagination.js';
import { toStore } from './render.js';

export const listStores = ordersOperation(routes.listStores, ({ repos }) => (c) => {
  const { page, limit, 'source_ids[]': sourceIds } = c.req.valid('query');
  const accountId = c.get('principal').accountId;
  const rows = simpleListPage(
    page,
    limit,
    (offset, fetch) => repos.stores.list(accountId, offset, fetch, sourceIds),
    toStore,
  );
  return andThen(rows, ({ items, pagination, parameter_string }) => {
    // The documented order: page, limit, then each source_ids[] as sent.
    const filter = (sourceIds ?? []).map((id) => `&source_ids[]=${encodeURIComponent(id)}`).join('');
    return ok(c, { stores: items, pagination, parameter_string: parameter_string + filter });
  });
});
