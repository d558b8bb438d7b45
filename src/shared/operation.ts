import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { pipeline, type ErrorAnswer } from './pipeline.js';
import { validateRequest, type RequestSchemas } from './validation.js';

/**
 * A service's operations on its app: the middleware they share (`use`), their registration
 * (`registerOperation`) and the service's error answer, at `basePath`.
 *
 * Each operation is one handler in the router: its middleware, its request validator and its
 * handler run as one `pipeline`, which stays synchronous when every step is (see pipeline.ts).
 * With `app.use(...)` and `app.openapi(...)`, hono would compose them per request with a promise
 * per step.
 */
export interface Operations<E extends Env> {
  readonly app: OpenAPIHono<E>;
  readonly basePath: string;
  /**
   * Middleware for the operations registered after this call under `path` (relative to the base
   * path; `'*'` for all, and `'/orders/*'` also covers `/orders`, as in hono).
   */
  use(path: string, ...middleware: MiddlewareHandler<E>[]): void;
  /** The middleware declared with `use` whose path covers `path` (relative, hono syntax), in order. */
  middlewareFor(path: string): MiddlewareHandler<E>[];
  /** Answers a request under the base path that names no operation: the shared middleware, then a 404 from `notFound`. */
  fallback(notFound: (c: Context<E>) => never): (c: Context<E>) => Response | Promise<Response>;
  readonly onError: ErrorAnswer<E>;
}

/** An OpenAPI path (`/orders/{id}`) in hono's syntax (`/orders/:id`). */
export const honoPath = (openApiPath: string) => openApiPath.replaceAll(/\{([^}]+)\}/g, ':$1');

/** Whether hono's middleware path `pattern` ('*', '/orders/*', '/orders') covers a relative `path`. */
function covers(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === '/*') return true;
  if (pattern.endsWith('/*')) {
    const dir = pattern.slice(0, -2);
    return path === dir || path.startsWith(`${dir}/`);
  }
  return path === pattern;
}

export function createOperations<E extends Env>(app: OpenAPIHono<E>, basePath: string, onError: ErrorAnswer<E>): Operations<E> {
  const middleware: Array<{ path: string; handler: MiddlewareHandler<E> }> = [];
  const middlewareFor = (path: string) => middleware.filter((m) => covers(m.path, path)).map((m) => m.handler);
  return {
    app,
    basePath,
    onError,
    middlewareFor,
    use(path, ...handlers) {
      for (const handler of handlers) middleware.push({ path, handler });
    },
    fallback(notFound) {
      return (c) => pipeline(middlewareFor(c.req.path.slice(basePath.length) || '/'), notFound, onError)(c);
    },
  };
}

/**
 * Registers one operation: what `app.openapi(route, handler, hook)` does, as one handler (see
 * Operations) with one validator in front of the handler instead of one per request part.
 *
 * The route goes into the app's OpenAPI registry as it is (the contract tests compare the
 * registry with the YAML, and the generated docs read the YAML), and the handler is typed from
 * the route exactly as with `app.openapi` (`c.req.valid('json')` and the typed responses).
 * validateRequest checks every declared part and answers every problem at once.
 */
export function registerOperation<E extends Env, R extends RouteConfig>(ops: Operations<E>, route: R, handler: RouteHandler<R, E>) {
  ops.app.openAPIRegistry.registerPath(route);
  const path = honoPath(route.path);
  const steps = [...ops.middlewareFor(path), validateRequest(route.request as RequestSchemas | undefined) as MiddlewareHandler<E>];
  ops.app.on([route.method], [`${ops.basePath}${path}`], pipeline(steps, handler as never, ops.onError) as never);
}
