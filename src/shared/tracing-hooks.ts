import type { SealedModule } from '../keys/sealed/sealed-module.js';
import type { RequestScope } from './http.js';
import type { VersionInfo } from './version.js';

export interface Tracing {
  /** A span around `run`, the app answering `request`; named by the operation the scope records, if any. */
  request(
    request: Request,
    path: string,
    scope: RequestScope,
    run: () => Response | Promise<Response>,
  ): Response | Promise<Response>;
  repositories<R extends object>(repos: R, engine: 'sqlite' | 'postgres'): R;
  sealed(sealed: SealedModule): SealedModule;
  shutdown(): Promise<void>;
}

export const tracingConfigured = (env: Record<string, string | undefined>) =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
  env.OTEL_SDK_DISABLED !== 'true';

/** Imports the SDK only when an endpoint is configured, so a process without traces pays nothing for it. */

export async function loadTracing(
  version: VersionInfo,
  env: Record<string, string | undefined> = process.env,
): Promise<Tracing | undefined> {
  if (!tracingConfigured(env)) return undefined;
  const { startTracing } = await import('./tracing.js');
  return startTracing(version, env);
}
