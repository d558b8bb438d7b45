import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../shared/errors.js';
import { errorResponse } from '../shared/http.js';
import type { OrdersDeps, OrdersEnv } from './env.js';
import { mountLocations } from './locations/index.js';
import { authenticate, jsonBody } from './middleware.js';
import { mountOrders } from './orders/index.js';
import { mountStores } from './stores/index.js';

export const ORDERS_BASE_PATH = '/commerce/2024-07';

/** The order service, to be mounted at ORDERS_BASE_PATH. */
export function createOrdersApp(deps: OrdersDeps) {
  const app = new OpenAPIHono<OrdersEnv>();
  app.use('*', authenticate(deps));
  app.use('*', jsonBody(deps.config.BODY_LIMIT_BYTES));
  mountStores(app, deps);
  mountLocations(app, deps);
  mountOrders(app, deps);
  app.notFound((c) => errorResponse(c, new ApiError(40400, 'No such route.')));
  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    if (err instanceof HTTPException && err.status === 400) return errorResponse(c, new ApiError(40000));
    deps.logger.error({ err, requestId: c.get('requestId') }, 'unhandled error');
    return errorResponse(c, new ApiError(50000));
  });
  return app;
}
