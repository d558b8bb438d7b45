import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from '../shared/errors.js';
import { errorResponse, requestId } from '../shared/http.js';
import { requestLog } from '../shared/logger.js';
import { createOperations } from '../shared/operation.js';
import type { OrdersDeps, OrdersEnv } from './env.js';
import { mountLocations } from './locations/index.js';
import { authenticate, jsonBody } from './middleware.js';
import { mountOrders } from './orders/index.js';
import { mountStores } from './stores/index.js';

export const ORDERS_BASE_PATH = '/commerce/2024-07';

/**
 * The order service: an app that answers the requests under ORDERS_BASE_PATH (the process's app
 * hands them to it, see createApp), its operations registered in its OpenAPI registry.
 */
export function createOrdersApp(deps: OrdersDeps) {
  const app = new OpenAPIHono<OrdersEnv>();
  const answerError = (err: unknown, c: Context<OrdersEnv>) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    if (err instanceof HTTPException && err.status === 400) return errorResponse(c, new ApiError(40000));
    deps.logger.error({ err, requestId: c.get('requestId') }, 'unhandled error');
    return errorResponse(c, new ApiError(50000));
  };
  const ops = createOperations(app, ORDERS_BASE_PATH, answerError);
  // The process-wide request id and log line too: this app does not run under the root app's middleware.
  const plumbing: MiddlewareHandler[] = [requestId(), requestLog(deps.logger)];
  ops.use('*', ...plumbing, authenticate(deps), jsonBody(deps.config.BODY_LIMIT_BYTES));
  mountStores(ops, deps);
  mountLocations(ops, deps);
  mountOrders(ops, deps);
  app.notFound(
    ops.fallback(() => {
      throw new ApiError(40400, 'No such route.');
    }),
  );
  app.onError(answerError);
  return app;
}
