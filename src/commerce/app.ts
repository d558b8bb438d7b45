import type { OpenAPIHono } from '@hono/zod-openapi';
import { registerOperations } from '../shared/operation.js';
import type { OrdersDeps, OrdersEnv } from './context.js';
import { ordersOperations } from '../../generated/orders/operations.js';
import { createOrdersService, requireStore } from './service.js';

export const ORDERS_BASE_PATH = '/commerce/2024-07';

/** The order service's Hono app, paths relative to ORDERS_BASE_PATH (mount it with `app.route`). */
export function createOrdersApp(deps: OrdersDeps): OpenAPIHono<OrdersEnv> {
  const service = createOrdersService(deps);
  registerOperations(service, ordersOperations, { ...deps, inStore: { guard: requireStore(deps) } });
  return service.app;
}
