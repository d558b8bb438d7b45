import type { Request } from 'autocannon';
import { orderBody, seededOrderId } from './seed.js';

const BASE = '/commerce/2024-07';

/**
 * The order rows' requests as the developer tools (profile.ts, ab.ts) load them: a create with a source_id of its
 * own each time, the same with an Idempotency-Key of its own each time (as a client that retries safely sends it),
 * a get by a random one of the first `seeded` seeded ids of `stores.read`, and its page of ten. Each call counts its
 * creates afresh, so a load that must not repeat a source_id keeps one set; the two kinds of create share the count.
 */
export function orderRequests(
  apiKey: string,
  stores: { read: string; write: string },
  seeded = 1_000,
  prefix = 'p-',
): Record<'post' | 'post-idem' | 'get' | 'list', Request> {
  const headers = (store: string) => ({ 'svc-api-key': apiKey, 'svc-store-id': store });
  let created = 0;
  const create = { 'content-type': 'application/json', ...headers(stores.write) };
  const createBody = () => JSON.stringify(orderBody(`${prefix}${++created}`, created));
  return {
    post: {
      method: 'POST',
      path: `${BASE}/orders`,
      headers: create,
      setupRequest: (r: Request) => ({ ...r, body: createBody() }),
    },
    'post-idem': {
      method: 'POST',
      path: `${BASE}/orders`,
      headers: create,
      setupRequest: (r: Request) => {
        const body = createBody();
        return { ...r, body, headers: { ...create, 'idempotency-key': `${prefix}key-${created}` } };
      },
    },
    get: {
      method: 'GET',
      path: `${BASE}/orders/${seededOrderId(0)}`,
      headers: headers(stores.read),
      setupRequest: (r: Request) => ({
        ...r,
        path: `${BASE}/orders/${seededOrderId(Math.floor(Math.random() * seeded))}`,
      }),
    },
    list: { method: 'GET', path: `${BASE}/orders?limit=10`, headers: headers(stores.read) },
  };
}
