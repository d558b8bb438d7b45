import type { Context } from 'hono';
import type { SealedModule } from '../keys/sealed/sealed-module.js';
import type { VersionInfo } from './version.js';

/** What the app does with traces on: a span per request, and child spans for the database and the sealed module. */
export interface Tracing {
  /** Runs the rest of the request (`next`) inside its server span. */
  request(c: Context, next: () => Promise<void>): Promise<void>;
  repositories<R extends object>(repos: R, engine: 'sqlite' | 'postgres'): R;
  sealed(sealed: SealedModule): SealedModule;
  /** Sends the spans not yet exported, and stops. */
  shutdown(): Promise<void>;
}

/** Traces are on when OpenTelemetry's standard endpoint variable (or its traces-only one) is set. */
export const tracingConfigured = (env: Record<string, string | undefined>) =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
  env.OTEL_SDK_DISABLED !== 'true';

/**
 * The tracing of this process, or undefined when no endpoint is configured: the SDK is imported
 * only then, so that a process without traces loads none of it and pays nothing per request.
 */
export async function loadTracing(
  version: VersionInfo,
  env: Record<string, string | undefined> = process.env,
): Promise<Tracing | undefined> {
  if (!tracingConfigured(env)) return undefined;
  const { startTracing } = await import('./tracing.js');
  return startTracing(version, env);
}
