import type { OpenAPIHono } from '@hono/zod-openapi';
import { registerOperations } from '../shared/operation.js';
import type { OrdersDeps, OrdersEnv } from './context.js';
import { ordersOperations } from './operations.js';
import { createOrdersService, requireStore } from './service.js';

export const ORDERS_BASE_PATH = '/commerce/2024-07';

/**
 * The order service's Hono app, with paths relative to its base path: mount it with
 * `app.route(ORDERS_BASE_PATH, createOrdersApp(deps))`. Its operations are in its OpenAPI registry.
 */
export function createOrdersApp(deps: OrdersDeps): OpenAPIHono<OrdersEnv> {
  const service = createOrdersService(deps);
  // One store check (and its one-second memory) for every operation inside a store.
  registerOperations(service, ordersOperations, { ...deps, inStore: { guard: requireStore(deps) } });
  return service.app;
}
