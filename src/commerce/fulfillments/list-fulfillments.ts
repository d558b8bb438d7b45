import * as routes from '../../../generated/orders/routes.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { okJson, type JsonText } from '../envelope.js';
import { pageOf, pageWindow } from '../pagination.js';
import type { FulfillmentList } from './repository.js';

export const listFulfillments = ordersOperation(
  routes.listFulfillments,
  ({ repos }) =>
    (c) => {
      const q = c.req.valid('query');
      const ids = q['ids[]'];
      const { offset, fetch } = pageWindow(q.page, q.limit);
      const filters = { orderId: q.order_id, sourceOrderId: q.source_order_id, sourceId: q.source_id, ids };
      return andThen(repos.fulfillments.list({ storeId: c.get('store').id, ...filters, offset, fetch }), (rows) => {
        const { items, pagination } = pageOf(rows, q.page, q.limit);
        // The documented fixed order: page, limit, order_id, source_order_id, source_id, ids[].
        const parts = [`page=${q.page}`, `limit=${q.limit}`];
        for (const name of ['order_id', 'source_order_id', 'source_id'] as const) {
          if (q[name] !== undefined) parts.push(`${name}=${encodeURIComponent(q[name])}`);
        }
        for (const id of ids ?? []) parts.push(`ids[]=${encodeURIComponent(id)}`);
        const tail = `,"pagination":${JSON.stringify(pagination)},"parameter_string":${JSON.stringify(parts.join('&'))}}`;
        return okJson(c, `{"fulfillments":[${items.join(',')}]${tail}` as JsonText<FulfillmentList>);
      });
    },
  inStore,
);
