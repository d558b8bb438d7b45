import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import { withResponseHeaders } from './http.js';
import { declaresJsonBody, requestChecker, type Problem, type RequestSchemas } from './validation.js';

/**
 * What a service brings to the operation layer: its app, and how it answers each step of a
 * request in its own error body. Both services (src/orders/service.ts, src/keys/service.ts) are
 * one of these.
 */
export interface Service<E extends Env> {
  readonly app: OpenAPIHono<E>;
  /** For an operation with `security`: sets `c.get('principal')`, or throws the service's refusal. */
  authenticate(c: Context<E>): void;
  /** For an operation with a JSON body: the parsed body, or throws the service's body error. */
  readJsonBody(c: Context<E>): Promise<unknown>;
  /** Whether a query parameter an operation does not declare is a problem (else it is ignored). */
  readonly strictQuery: boolean;
  /** The answer to a request with problems: every problem of every part, in one answer. */
  refuse(c: Context<E>, problems: Problem[]): Response;
  /** The answer to anything thrown by a step or a handler (the service's errors, and a 500). */
  answerError(c: Context<E>, err: unknown): Response;
}

export interface OperationOptions<E extends Env> {
  /** A check between the body and the validation, throwing the service's error (the order service's store). */
  guard?: (c: Context<E>) => void;
  /** This operation's own answer to problems (the key service's HTML pages answer with a page). */
  refuse?: (c: Context<E>, problems: Problem[]) => Response;
}

/** An OpenAPI path (`/orders/{id}`) in hono's syntax (`/orders/:id`). */
export const honoPath = (openApiPath: string) => openApiPath.replaceAll(/\{([^}]+)\}/g, ':$1');

type Answer = Response | Promise<Response>;

/**
 * Registers one operation of `service`: the route goes into the app's OpenAPI registry as it is
 * (the contract tests compare the registry with the YAML), and one handler goes into hono's
 * router for its method and path. That handler takes every request of the operation the same way:
 *
 *   authenticate (if the route has `security`) → read the JSON body (if it declares one)
 *   → guard → validate every declared part at once → the operation's handler
 *
 * and any error thrown on the way is answered by the service (`answerError`). The steps are plain
 * functions, not middleware: a request whose steps are all synchronous (a GET) is answered without
 * a promise of the layer's own. The handler is typed from the route as with `app.openapi`
 * (`c.req.valid('json')`, the typed responses).
 */
export function defineOperation<E extends Env, R extends RouteConfig>(
  service: Service<E>,
  route: R,
  handler: RouteHandler<R, E>,
  options: OperationOptions<E> = {},
) {
  service.app.openAPIRegistry.registerPath(route);
  const check = requestChecker(route.request as RequestSchemas | undefined, service.strictQuery);
  const secured = (route.security ?? []).length > 0;
  const hasBody = declaresJsonBody(route.request as RequestSchemas | undefined);
  const refuse = options.refuse ?? service.refuse;
  const fail = (c: Context<E>, err: unknown) => withResponseHeaders(c, service.answerError(c, err));
  const done = (c: Context<E>, res: Response) => withResponseHeaders(c, res);

  const run = (c: Context<E>, problems: Problem[]): Answer => {
    if (problems.length > 0) return done(c, refuse(c, problems));
    const out = (handler as unknown as (c: Context<E>) => Answer)(c);
    return out instanceof Promise ? out.then((res) => done(c, res), (err: unknown) => fail(c, err)) : done(c, out);
  };
  const validate = (c: Context<E>, body: unknown): Answer => {
    options.guard?.(c);
    const problems = check(c, body);
    return problems instanceof Promise ? problems.then((p) => run(c, p)).catch((err: unknown) => fail(c, err)) : run(c, problems);
  };
  service.app.on([route.method.toUpperCase()], [honoPath(route.path)], (c: Context<E>) => {
    try {
      if (secured) service.authenticate(c);
      if (!hasBody) return validate(c, undefined);
      return service
        .readJsonBody(c)
        .then((body) => validate(c, body))
        .catch((err: unknown) => fail(c, err));
    } catch (err) {
      return fail(c, err);
    }
  });
}
