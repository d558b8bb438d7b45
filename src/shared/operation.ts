import type { OpenAPIHono, RouteConfig, RouteConfigToTypedResponse, RouteHandler } from '@hono/zod-openapi';
import type { Context, Env } from 'hono';
import { setOperationId, withResponseHeaders } from './http.js';
import { IDEMPOTENCY_KEY, type Idempotency } from './idempotency/step.js';
import { andThen, type MaybePromise } from './maybe.js';
import { declaresJsonBody, isUnstorable, requestChecker, type Problem, type RequestSchemas } from './validation.js';

/** What a service brings to the operation layer: its app, and how each step answers in the service's own error body. */
export interface Service<E extends Env> {
  readonly app: OpenAPIHono<E>;
  /** Sets `c.get('principal')` or throws the service's refusal. */
  authenticate(c: Context<E>): MaybePromise<void>;
  readJsonBody(c: Context<E>): Promise<unknown>;
  /** Whether an undeclared query parameter is a problem rather than ignored. */
  readonly strictQuery: boolean;
  /** Answers every problem of every request part at once. */
  refuse(c: Context<E>, problems: Problem[]): Response;
  answerError(c: Context<E>, err: unknown): Response;
  idempotency?: Idempotency;
  /** The answer to a path identifier holding a character no database stores. */
  notFound(c: Context<E>): Response;
}

export interface OperationOptions<E extends Env> {
  /** Runs between reading the body and validating it; throws the service's error. */
  guard?: (c: Context<E>) => MaybePromise<void>;
  /** Overrides the service's `refuse`, e.g. for operations that answer with an HTML page. */
  refuse?: (c: Context<E>, problems: Problem[]) => Response;
}

// A path parameter holding U+0000 or a lone surrogate is answered as an unknown id without querying,
// because the database would refuse the query rather than find nothing.
const namesNothing = (c: Context) => Object.values(c.req.param() as Record<string, string>).some(isUnstorable);

type RouteContext<R extends RouteConfig, E extends Env> = Parameters<RouteHandler<R, E>>[0];

type OperationHandler<R extends RouteConfig, E extends Env> = (
  c: RouteContext<R, E>,
) => MaybePromise<Response & RouteConfigToTypedResponse<R>>;

export interface Operation<E extends Env, D, R extends RouteConfig = RouteConfig> {
  readonly route: R;
  register(service: Service<E>, deps: D): void;
}

/** Maps every generated route to its operation, so a YAML operation without a handler fails the type check. */
export type OperationTable<Routes, E extends Env, D> = {
  readonly [K in keyof Routes]: Routes[K] extends RouteConfig ? Operation<E, D, Routes[K]> : never;
};

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

export function registerOperations<E extends Env, D>(
  service: Service<E>,
  table: Readonly<Record<string, Pick<Operation<E, D>, 'register'>>>,
  deps: D,
): void {
  for (const op of Object.values(table)) op.register(service, deps);
}

const honoPath = (openApiPath: string) => openApiPath.replaceAll(/\{([^}]+)\}/g, ':$1');

type Answer = Response | Promise<Response>;

/**
 * Registers the route in the OpenAPI registry unchanged (the contract tests compare it with the YAML) and one handler
 * that runs authenticate → read body → guard → validate → handler. The steps are plain functions rather than
 * middleware so that a request whose steps all answer synchronously (an update on SQLite) never allocates a promise.
 */
function defineOperation<E extends Env, R extends RouteConfig>(
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
    // Set first so the access log and metrics name the operation even when an early step answers.
    setOperationId(c, operationId);
    let out: Answer;
    try {
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
 * Runs the handler under the Idempotency-Key when the route declares it and the request sends one; a request
 * without the key costs no database round trip. The stored identity is method, path with query, the operation's
 * other declared headers and the parsed body.
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
      `${route.operationId ?? route.path}: Idempotency-Key needs an authenticated operation ` +
        `of a service with safe retries.`,
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
