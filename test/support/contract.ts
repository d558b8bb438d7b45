import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Checks responses against the YAML: every response a test receives must be documented for its
 * operation and status, carry x-request-id, and validate against the documented schema.
 */
interface Spec {
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>>;
  components?: { responses?: Record<string, unknown> };
}

export interface SpecContract {
  spec: Spec;
  basePath: string;
  check(method: string, url: string, status: number, headers: Headers, body: unknown): void;
  operations(): Array<{ method: string; path: string; operationId: string }>;
}

const specs = new Map<string, SpecContract>();

export function contractFor(name: 'orders' | 'keys'): SpecContract {
  const cached = specs.get(name);
  if (cached) return cached;
  const file = path.resolve(import.meta.dirname, `../../openapi/${name}.yaml`);
  const spec = parse(readFileSync(file, 'utf8')) as Spec;
  const basePath = new URL(spec.servers?.[0]?.url ?? 'http://x/').pathname.replace(/\/$/, '');
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(spec as object, name);
  const routes = Object.entries(spec.paths).map(([template, item]) => ({
    template,
    regex: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/]+?\}/g, '[^/]+')}$`),
    item,
  }));
  const validators = new Map<string, ValidateFunction>();

  const validatorFor = (template: string, method: string, status: number): ValidateFunction | null => {
    const key = `${method} ${template} ${status}`;
    if (validators.has(key)) return validators.get(key)!;
    const op = spec.paths[template][method];
    let pointer = `/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}/responses/${status}`;
    // A status the operation lists, else its `default` response (documented for any other status).
    const documented =
      op?.responses?.[String(status)] !== undefined
        ? String(status)
        : op?.responses?.default !== undefined
          ? 'default'
          : undefined;
    if (!documented) return null;
    pointer = pointer.replace(/\/\d+$/, `/${documented}`);
    let response = op!.responses![documented] as
      { $ref?: string; content?: Record<string, { schema?: unknown }> } | undefined;
    if (response?.$ref) {
      pointer = response.$ref.slice(1);
      response = spec.components?.responses?.[response.$ref.split('/').pop()!] as typeof response;
    }
    const content = response?.content?.['application/json'];
    const validate = ajv.compile(
      content?.schema ? { $ref: `${name}#${pointer}/content/application~1json/schema` } : {},
    );
    validators.set(key, validate);
    return validate;
  };

  const contract: SpecContract = {
    spec,
    basePath,
    check(method, url, status, headers, body) {
      const m = method.toLowerCase();
      const pathname = new URL(url, 'http://localhost').pathname;
      if (!pathname.startsWith(basePath)) throw new Error(`${method} ${pathname} is outside ${basePath}`);
      const rel = pathname.slice(basePath.length) || '/';
      const route = routes.find((r) => r.regex.test(rel) && r.item[m]);
      if (!headers.get('x-request-id')) throw new Error(`${method} ${pathname} → ${status} has no x-request-id header`);
      // Every API answer, errors included, is kept by no cache and never sniffed (the YAMLs say so).
      if (!/(^|,)\s*no-store\s*(,|$)/i.test(headers.get('cache-control') ?? ''))
        throw new Error(`${method} ${pathname} → ${status} has no Cache-Control: no-store`);
      if (headers.get('x-content-type-options') !== 'nosniff')
        throw new Error(`${method} ${pathname} → ${status} has no X-Content-Type-Options: nosniff`);
      if (!route) {
        // An unknown route is answered by the service-wide 404, documented on every service.
        if (status === 404) return;
        throw new Error(`${method} ${pathname} matches no operation of ${name}.yaml`);
      }
      const validate = validatorFor(route.template, m, status);
      if (!validate) {
        throw new Error(`${route.item[m].operationId} answered ${status}, which ${name}.yaml does not document for it`);
      }
      if (!validate(body)) {
        throw new Error(
          `${route.item[m].operationId} ${status} response does not match ${name}.yaml:\n${ajv.errorsText(validate.errors, { separator: '\n' })}\n${JSON.stringify(body).slice(0, 2000)}`,
        );
      }
    },
    operations() {
      return Object.entries(spec.paths).flatMap(([p, item]) =>
        Object.entries(item)
          .filter(([k]) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
          .map(([method, op]) => ({ method, path: p, operationId: op.operationId ?? '' })),
      );
    },
  };
  specs.set(name, contract);
  return contract;
}

/** A fetch that sends requests to a Hono app and checks every response against the YAML. */
export function contractFetch(
  app: { request: (req: Request) => Response | Promise<Response> },
  contract: SpecContract,
) {
  return async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const req = input instanceof Request ? input : new Request(input, init);
    const res = await app.request(req);
    const text = await res.clone().text();
    let body: unknown = undefined;
    if ((res.headers.get('content-type') ?? '').includes('application/json')) body = JSON.parse(text);
    contract.check(req.method, req.url, res.status, res.headers, body);
    return res;
  };
}

/**
 * fetch() against a running server, with the same check as contractFetch for the paths a
 * contract covers (health checks and docs are not part of either contract).
 */
export async function checkedFetch(input: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, init);
  const pathname = new URL(input).pathname;
  const name = pathname.startsWith('/commerce/') ? 'orders' : pathname.startsWith('/keygen/') ? 'keys' : undefined;
  if (name) {
    const text = await res.clone().text();
    const body = (res.headers.get('content-type') ?? '').includes('application/json') ? JSON.parse(text) : undefined;
    contractFor(name).check(init?.method ?? 'GET', input, res.status, res.headers, body);
  }
  return res;
}

type Param = { in: string; name: string; required: boolean };

/** What the contract tests compare between the YAML and the app: one operation's outline. */
export interface OperationShape {
  method: string;
  path: string;
  operationId: string;
  parameters: Param[];
  statuses: string[];
  security: string[];
}

const normalize = (o: OperationShape): OperationShape => ({
  ...o,
  parameters: [...o.parameters].sort((a, b) => `${a.in}:${a.name}`.localeCompare(`${b.in}:${b.name}`)),
  statuses: [...o.statuses].sort(),
  security: [...o.security].sort(),
});
const schemeNames = (s: unknown) =>
  ((s as Array<Record<string, unknown>> | undefined) ?? []).flatMap((r) => Object.keys(r));
const byOperationId = (a: OperationShape, b: OperationShape) => a.operationId.localeCompare(b.operationId);

/** The operations of a contract, with parameters ($refs resolved) and the security in force. */
export function specOperations(contract: SpecContract): OperationShape[] {
  const s = contract.spec as unknown as {
    security?: unknown;
    paths: Record<string, Record<string, unknown> & { parameters?: unknown[] }>;
    components?: { parameters?: Record<string, Param> };
  };
  const resolve = (p: unknown): Param => {
    const ref = (p as { $ref?: string }).$ref;
    const param = ref ? s.components!.parameters![ref.split('/').pop()!]! : (p as Param);
    return { in: param.in, name: param.name, required: param.required === true };
  };
  return Object.entries(s.paths)
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([k]) => ['get', 'post', 'put', 'patch', 'delete'].includes(k))
        .map(([method, raw]) => {
          const op = raw as {
            operationId: string;
            parameters?: unknown[];
            responses: Record<string, unknown>;
            security?: unknown;
          };
          return normalize({
            method,
            path,
            operationId: op.operationId,
            parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])].map(resolve),
            statuses: Object.keys(op.responses),
            security: schemeNames(op.security ?? s.security),
          });
        }),
    )
    .sort(byOperationId);
}

interface RegisteredRoute {
  method: string;
  path: string;
  operationId?: string;
  security?: unknown;
  request?: { headers?: unknown; params?: unknown; query?: unknown };
  responses: Record<string, unknown>;
}

/** The operations an @hono/zod-openapi app registered (`app.openAPIRegistry.definitions`). */
export function registeredOperations(definitions: ReadonlyArray<{ type: string; route?: unknown }>): OperationShape[] {
  const fields = (schema: unknown, where: string): Param[] =>
    schema
      ? Object.entries(
          (schema as { shape: Record<string, { safeParse(v: unknown): { success: boolean } }> }).shape,
        ).map(([name, field]) => ({
          in: where,
          name,
          required: !field.safeParse(undefined).success,
        }))
      : [];
  return definitions
    .filter((d) => d.type === 'route')
    .map((d) => {
      const route = d.route as RegisteredRoute;
      return normalize({
        method: route.method,
        path: route.path,
        operationId: route.operationId ?? '',
        parameters: [
          ...fields(route.request?.headers, 'header'),
          ...fields(route.request?.params, 'path'),
          ...fields(route.request?.query, 'query'),
        ],
        statuses: Object.keys(route.responses),
        security: schemeNames(route.security),
      });
    })
    .sort(byOperationId);
}
