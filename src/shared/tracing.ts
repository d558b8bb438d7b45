import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { SealedModule } from '../keys/sealed/sealed-module.js';
import type { RequestScope } from './http.js';
import type { Tracing } from './tracing-hooks.js';
import type { VersionInfo } from './version.js';

/** Imported only when an endpoint is set (tracing-hooks.ts), so that without one no OpenTelemetry code runs. */
export function startTracing(version: VersionInfo, env: Record<string, string | undefined> = process.env): Tracing {
  // The API's context is process-wide by OpenTelemetry's design: spans find their parent through it.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'contract-first-services',
      'service.version': version.version,
      'vcs.ref.head.revision': version.commit,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  const tracer = provider.getTracer('contract-first-services', version.version);
  return {
    request: (request, path, scope, run) => traceRequest(tracer, request, path, scope, run),
    repositories: (repos, engine) => traceRepositories(tracer, repos, engine === 'postgres' ? 'postgresql' : 'sqlite'),
    sealed: (sealed) => traceSealed(tracer, sealed),
    shutdown: () => provider.shutdown(),
  };
}

function traceRequest(
  tracer: Tracer,
  request: Request,
  path: string,
  scope: RequestScope,
  run: () => Response | Promise<Response>,
): Promise<Response> {
  const span = tracer.startSpan(request.method, {
    kind: SpanKind.SERVER,
    attributes: { 'http.request.method': request.method, 'url.path': path },
  });
  return context
    .with(trace.setSpan(context.active(), span), async () => run())
    .then(
      (res) => {
        if (scope.operationId) span.updateName(scope.operationId);
        span.setAttribute('http.response.status_code', res.status);
        if (res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
        return res;
      },
      (err: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
        span.end();
        throw err;
      },
    );
}

function inSpan<T>(tracer: Tracer, name: string, attributes: Attributes, fn: () => T): T {
  const span = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, context.active());
  const failed = (err: unknown) => {
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    span.end();
  };
  let out: T;
  try {
    out = context.with(trace.setSpan(context.active(), span), fn);
  } catch (err) {
    failed(err);
    throw err;
  }
  if (out instanceof Promise) {
    return out.then(
      (v: unknown) => {
        span.end();
        return v;
      },
      (err: unknown) => {
        failed(err);
        throw err;
      },
    ) as T;
  }
  span.end();
  return out;
}

function traceRepositories<R extends object>(tracer: Tracer, repos: R, system: string): R {
  const out: Record<string, unknown> = {};
  for (const [group, repo] of Object.entries(repos)) {
    const wrapped = new Map<PropertyKey, unknown>();
    out[group] = new Proxy(repo as object, {
      get(target, prop, receiver) {
        const value: unknown = Reflect.get(target, prop, receiver);
        if (typeof value !== 'function') return value;
        let fn = wrapped.get(prop);
        if (!fn) {
          const name = `db ${group}.${String(prop)}`;
          const attributes = { 'db.system.name': system, 'db.operation.name': `${group}.${String(prop)}` };
          fn = (...args: unknown[]) =>
            inSpan(tracer, name, attributes, () => (value as (...a: unknown[]) => unknown).apply(target, args));
          wrapped.set(prop, fn);
        }
        return fn;
      },
    });
  }
  return out as R;
}

function traceSealed(tracer: Tracer, sealed: SealedModule): SealedModule {
  const attrs = (operation: string) => ({
    'keygen.sealed.backend': sealed.current.backend,
    'keygen.sealed.operation': operation,
  });
  return {
    get current() {
      return sealed.current;
    },
    get alwaysAvailable() {
      return sealed.alwaysAvailable;
    },
    roots: () => sealed.roots(),
    derive: (opts) => inSpan(tracer, 'sealed derive', attrs('derive'), () => sealed.derive(opts)),
    seal: (plaintext, aad) => inSpan(tracer, 'sealed seal', attrs('seal'), () => sealed.seal(plaintext, aad)),
    unseal: (value, aad) => inSpan(tracer, 'sealed unseal', attrs('unseal'), () => sealed.unseal(value, aad)),
    mac: (opts) => inSpan(tracer, 'sealed mac', attrs('mac'), () => sealed.mac(opts)),
    close: () => sealed.close(),
  };
}
