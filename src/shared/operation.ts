import type { OpenAPIHono, RouteConfig, RouteConfigToTypedResponse, RouteHandler } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import { setOperationId, withResponseHeaders } from './http.js';
import { IDEMPOTENCY_KEY, type Idempotency } from './idempotency/step.js';
import { andThen, type MaybePromise } from './maybe.js';
import { declaresJsonBody, isUnstorable, requestChecker, type Problem, type RequestSchemas } from './validation.js';

/**
 * What a service brings to the operation layer: its app, and how it answers each step of a
 * request in its own error body. Both services (src/orders/service.ts, src/keys/service.ts) are
 * one of these.
 */
export interface Service<E extends Env> {
  readonly app: OpenAPIHono<E>;
  /** For an operation with `security`: sets `c.get('principal')`, or throws the service's refusal. */
  authenticate(c: Context<E>): MaybePromise<void>;
  /** For an operation with a JSON body: the parsed body, or throws the service's body error. */
  readJsonBody(c: Context<E>): Promise<unknown>;
  /** Whether a query parameter an operation does not declare is a problem (else it is ignored). */
  readonly strictQuery: boolean;
  /** The answer to a request with problems: every problem of every part, in one answer. */
  refuse(c: Context<E>, problems: Problem[]): Response;
  /** The answer to anything thrown by a step or a handler (the service's errors, and a 500). */
  answerError(c: Context<E>, err: unknown): Response;
  /** Safe retries, for the operations whose YAML declares the `Idempotency-Key` header. */
  idempotency?: Idempotency;
  /** The answer to a path identifier that can name nothing (it holds a character no database stores). */
  notFound(c: Context<E>): Response;
}

export interface OperationOptions<E extends Env> {
  /** A check between the body and the validation, throwing the service's error (the order service's store). */
  guard?: (c: Context<E>) => MaybePromise<void>;
  /** This operation's own answer to problems (the key service's HTML pages answer with a page). */
  refuse?: (c: Context<E>, problems: Problem[]) => Response;
}

/**
 * Whether a path parameter of the request holds a character no stored identifier has (U+0000, a
 * lone surrogate): it names nothing, as any other unknown id, without a query that the database
 * would refuse.
 */
const namesNothing = (c: Context) => Object.values(c.req.param() as Record<string, string>).some(isUnstorable);

/** The context a route's handler gets: `c.req.valid(...)` typed by the route's request parts. */
export type RouteContext<R extends RouteConfig, E extends Env> = Parameters<RouteHandler<R, E>>[0];

/** An operation's handler: one of the route's documented responses, at once or with a promise. */
export type OperationHandler<R extends RouteConfig, E extends Env> = (
  c: RouteContext<R, E>,
) => MaybePromise<Response & RouteConfigToTypedResponse<R>>;

/**
 * One operation of a service: its generated route, and how to register it with its handler made
 * from the service's dependencies. A service lists every operation in one `OperationTable`.
 */
export interface Operation<E extends Env, D, R extends RouteConfig = RouteConfig> {
  readonly route: R;
  register(service: Service<E>, deps: D): void;
}

/**
 * Every route of a generated route module (`typeof import('generated/x/routes.js')`), each with
 * its operation: an operation of the YAML without a handler, or a handler for no operation, fails
 * the type check.
 */
export type OperationTable<Routes, E extends Env, D> = {
  readonly [K in keyof Routes]: Routes[K] extends RouteConfig ? Operation<E, D, Routes[K]> : never;
};

/**
 * The operation factory of a service whose handlers get `D`:
 * `op(routes.getOrder, ({ repos }) => (c) => …, (deps) => ({ guard: … }))`.
 */
export function operationsOf<E extends Env, D>() {
  return <R extends RouteConfig>(
    route: R,
    handler: (deps: D) => OperationHandler<R, E>,
    options?: (deps: D) => OperationOptions<E>,
  ): Operation<E, D, R> => ({
    route,
    register: (service, deps) => defineOperation(service, route, handler(deps), options?.(deps)),
  });
}

/** Registers every operation of a service's table, in the table's order. */
export function registerOperations<E extends Env, D>(
  service: Service<E>,
  table: Readonly<Record<string, Pick<Operation<E, D>, 'register'>>>,
  deps: D,
): void {
  for (const op of Object.values(table)) op.register(service, deps);
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
 *   → guard → validate every declared part at once → the operation's handler, under its
 *   Idempotency-Key when the route declares that header and the request sends it (idempotency/)
 *
 * and any error thrown on the way is answered by the service (`answerError`). The steps are plain
 * functions, not middleware, and each may answer at once or with a promise (a repository on
 * SQLite answers at once): a request whose steps all answer at once (a GET on SQLite) is answered
 * without a promise of the layer's own. The handler is typed from the route as with `app.openapi`
 * (`c.req.valid('json')`, the typed responses).
 */
export function defineOperation<E extends Env, R extends RouteConfig>(
  service: Service<E>,
  route: R,
  handler: OperationHandler<R, E>,
  options: OperationOptions<E> = {},
) {
  service.app.openAPIRegistry.registerPath(route);
  const check = requestChecker(route.request as RequestSchemas | undefined, service.strictQuery);
  const secured = (route.security ?? []).length > 0;
  const hasBody = declaresJsonBody(route.request as RequestSchemas | undefined);
  const refuse = options.refuse ?? service.refuse;
  const fail = (c: Context<E>, err: unknown) => withResponseHeaders(c, service.answerError(c, err));
  const done = (c: Context<E>, res: Response) => withResponseHeaders(c, res);
  const operationId = route.operationId ?? `${route.method} ${route.path}`;
  const respond = idempotentAnswer(service, route, secured, handler);

  const layered = (c: RouteContext<R, E>): Answer => {
    // The access log and the metrics name the operation, whichever step answers.
    setOperationId(c, operationId);
    let out: Answer;
    try {
      // Each step goes on at once when the one before answered at once (then, see maybe.ts).
      out = andThen(secured ? service.authenticate(c) : undefined, () =>
        andThen(hasBody ? service.readJsonBody(c) : undefined, (body) =>
          andThen(options.guard?.(c), () =>
            andThen(check(c, body), (problems) =>
              problems.length > 0 ? refuse(c, problems) : namesNothing(c) ? service.notFound(c) : respond(c, body),
            ),
          ),
        ),
      );
    } catch (err) {
      return fail(c, err);
    }
    return out instanceof Promise
      ? out.then(
          (res) => done(c, res),
          (err: unknown) => fail(c, err),
        )
      : done(c, out);
  };
  service.app.on([route.method.toUpperCase()], [honoPath(route.path)], layered);
}

/**
 * The handler's answer, for an operation whose YAML declares `Idempotency-Key`: run under the key
 * when one is sent (the validation checked its form), and at once, with nothing asked of the
 * database, when none is. The request's identity is its method, path and query, the operation's
 * other headers (the store) and the parsed body.
 */
function idempotentAnswer<E extends Env, R extends RouteConfig>(
  service: Service<E>,
  route: R,
  secured: boolean,
  answer: OperationHandler<R, E>,
) {
  const names = Object.keys((route.request?.headers as { shape?: object } | undefined)?.shape ?? {});
  const keyName = names.find((n) => n.toLowerCase() === IDEMPOTENCY_KEY);
  if (!keyName) return (c: RouteContext<R, E>, _body: unknown): Answer => answer(c);
  const idempotency = service.idempotency;
  // Keys belong to the API key that sent them: an operation without one cannot keep them apart.
  if (!idempotency || !secured)
    throw new Error(
      `${route.operationId ?? route.path}: Idempotency-Key needs an authenticated operation of a service with safe retries.`,
    );
  const own = names.filter((n) => n !== keyName);
  return (c: RouteContext<R, E>, body: unknown): Answer => {
    const key = c.req.header(IDEMPOTENCY_KEY);
    if (key === undefined) return answer(c);
    const query = c.req.url.indexOf('?');
    return idempotency.run(
      c,
      key,
      {
        method: c.req.method,
        target: query === -1 ? c.req.path : c.req.path + c.req.url.slice(query),
        headers: Object.fromEntries(own.map((n) => [n, c.req.header(n)])),
        body,
      },
      () => answer(c),
    );
  };
}
