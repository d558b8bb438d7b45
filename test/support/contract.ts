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
    const documented = op?.responses?.[String(status)] !== undefined ? String(status) : op?.responses?.default !== undefined ? 'default' : undefined;
    if (!documented) return null;
    pointer = pointer.replace(/\/\d+$/, `/${documented}`);
    let response = op!.responses![documented] as { $ref?: string; content?: Record<string, { schema?: unknown }> } | undefined;
    if (response?.$ref) {
      pointer = response.$ref.slice(1);
      response = spec.components?.responses?.[response.$ref.split('/').pop()!] as typeof response;
    }
    const content = response?.content?.['application/json'];
    const validate = ajv.compile(content?.schema ? { $ref: `${name}#${pointer}/content/application~1json/schema` } : {});
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
export function contractFetch(app: { request: (req: Request) => Response | Promise<Response> }, contract: SpecContract) {
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
