import type { OpenAPIHono } from '@hono/zod-openapi';
import type { OrdersDeps, OrdersEnv } from './context.js';
import { mountLocations } from './locations/index.js';
import { mountOrders } from './orders/index.js';
import { mountProducts } from './products/index.js';
import { mountFulfillments } from './fulfillments/index.js';
import { createOrdersService, requireStore } from './service.js';
import { mountStores } from './stores/index.js';

export const ORDERS_BASE_PATH = '/commerce/2024-07';

/**
 * The order service: a Hono app with paths relative to its base path, mounted by the process's
 * app with `app.route(ORDERS_BASE_PATH, createOrdersApp(deps))`; its operations are in its
 * OpenAPI registry.
 */
export function createOrdersApp(deps: OrdersDeps): OpenAPIHono<OrdersEnv> {
  const service = createOrdersService(deps);
  // One store check (and its one-second memory) for every operation inside a store.
  const app = { service, inStore: { guard: requireStore(deps) } };
  mountStores(app, deps);
  mountLocations(app, deps);
  mountOrders(app, deps);
  mountProducts(app, deps);
  mountFulfillments(app, deps);
  return service.app;
}
