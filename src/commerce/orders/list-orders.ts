import * as routes from '../../../generated/orders/routes.js';
import { okJson, okJsonStream } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { inStore, ordersOperation } from '../context.js';
import { pageOf, pageWindow } from '../pagination.js';
import { createPageGate, streamDocuments } from '../streamed-page.js';
import { orderListBytes, orderListJson } from './render.js';
import type { OrderList, Sort } from './repository.js';

const DEFAULT_SORT: Sort = '-source_created_at';

/** The effective parameters in the documented fixed order. */
function parameterString(p: { page: number; limit: number; sort: Sort; sourceIds?: string[] }): string {
  const parts = [`page=${p.page}`, `limit=${p.limit}`, `sort=${encodeURIComponent(p.sort)}`];
  for (const id of p.sourceIds ?? []) parts.push(`source_ids[]=${encodeURIComponent(id)}`);
  return parts.join('&');
}

export const listOrders = ordersOperation(
  routes.listOrders,
  ({ repos }) => {
    const gate = createPageGate();
    return (c) => {
      const q = c.req.valid('query');
      const sort = q.sort ?? DEFAULT_SORT;
      const sourceIds = q['source_ids[]'];
      const { offset, fetch } = pageWindow(q.page, q.limit);
      const storeId = c.get('store').id;
      const parameters = JSON.stringify(parameterString({ page: q.page, limit: q.limit, sort, sourceIds }));
      const read = (id: string) => repos.orders.find(storeId, id);
      return andThen(repos.orders.listPage({ storeId, sort, sourceIds, offset, fetch }), (rows) => {
        const { items, pagination } = pageOf(rows, q.page, q.limit);
        const tail = `],"pagination":${JSON.stringify(pagination)},"parameter_string":${parameters}}`;
        if (items.every((row) => row.doc !== undefined))
          return okJson(
            c,
            orderListJson(
              items.map((row) => row.doc!),
              tail,
            ),
            orderListBytes(items, tail),
          );
        // Orders are up to 1 MiB each, so a page with large ones streams under the per-key gate.
        const answer = (release: () => void) => {
          // hono drops a HEAD body unread, so the turn ends here.
          if (c.req.method === 'HEAD') release();
          return okJsonStream<OrderList>(c, (prefix, suffix) =>
            streamDocuments(`${prefix}{"orders":[`, items, read, `${tail}${suffix}`, release),
          );
        };
        const turn = gate.acquire(c.get('principal').apiKeyId);
        return typeof turn === 'function' ? answer(turn) : turn.then(answer);
      });
    };
  },
  inStore,
);
