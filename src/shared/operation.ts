import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { validateRequest, type RequestSchemas } from './validation.js';

/**
 * Registers one operation of the order service: what `app.openapi(route, handler, hook)` does,
 * with one validator in front of the handler instead of one per request part.
 *
 * The route goes into the app's OpenAPI registry as it is (the contract tests compare the
 * registry with the YAML, and the generated docs read the YAML), and the handler is typed from
 * the route exactly as with `app.openapi` (`c.req.valid('json')` and the typed responses).
 * validateRequest checks every declared part and answers every problem at once.
 */
export function registerOperation<E extends Env, R extends RouteConfig>(app: OpenAPIHono<E>, route: R, handler: RouteHandler<R, E>) {
  app.openAPIRegistry.registerPath(route);
  const path = route.path.replaceAll(/\/{(.+?)}/g, '/:$1');
  app.on([route.method], [path], validateRequest(route.request as RequestSchemas | undefined), handler as never);
}
