import * as routes from '../../../generated/orders/routes.js';
import { okJsonStream } from '../envelope.js';
import { andThen } from '../../shared/maybe.js';
import { defineOperation } from '../../shared/operation.js';
import type { OrdersApp, OrdersDeps } from '../env.js';
import { pageOf, pageWindow } from '../pagination.js';
import type { components } from '../../../generated/orders/types.js';
import { createPageGate, streamDocuments } from '../streamed-page.js';
import { type Sort } from './repository.js';

type OrderList = components['schemas']['OrderListEnvelope']['data'];

const DEFAULT_SORT: Sort = '-source_created_at';

/** The effective parameters in the documented fixed order: page, limit, sort, source_ids[]. */
export function parameterString(p: { page: number; limit: number; sort: Sort; sourceIds?: string[] }): string {
  const parts = [`page=${p.page}`, `limit=${p.limit}`, `sort=${encodeURIComponent(p.sort)}`];
  for (const id of p.sourceIds ?? []) parts.push(`source_ids[]=${encodeURIComponent(id)}`);
  return parts.join('&');
}

export function register(app: OrdersApp, { repos }: OrdersDeps) {
  // Orders are up to 1 MiB each: a page is streamed, a few pages per API key at a time (see streamed-page.ts).
  const gate = createPageGate();
  defineOperation(app.service, routes.listOrders, (c) => {
    const q = c.req.valid('query');
    const sort = q.sort ?? DEFAULT_SORT;
    const sourceIds = q['source_ids[]'];
    const { offset, fetch } = pageWindow(q.page, q.limit);
    const storeId = c.get('store').id;
    const parameters = JSON.stringify(parameterString({ page: q.page, limit: q.limit, sort, sourceIds }));
    return andThen(repos.orders.listIds({ storeId, sort, sourceIds, offset, fetch }), (ids) => {
      const { items, pagination } = pageOf(ids, q.page, q.limit);
      const answer = (release: () => void) => {
        // HEAD: hono drops the body unread, so the turn ends here.
        if (c.req.method === 'HEAD') release();
        // Orders are never deleted; one updated meanwhile is answered as it is when its turn comes.
        const tail = `],"pagination":${JSON.stringify(pagination)},"parameter_string":${parameters}}`;
        return okJsonStream<OrderList>(c, (prefix, suffix) =>
          streamDocuments(`${prefix}{"orders":[`, items, (id) => repos.orders.find(storeId, id), `${tail}${suffix}`, release),
        );
      };
      const turn = gate.acquire(c.get('principal').apiKeyId);
      return typeof turn === 'function' ? answer(turn) : turn.then(answer);
    });
  }, app.inStore);
}
