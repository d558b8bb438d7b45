import { z } from 'zod';

export const DEFAULT_DATABASE_URL = 'file:./data/service.db';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

// Documented in README.md and .env.example.
const schema = z.object({
  PORT: int(8080, 0).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('127.0.0.1'),
  // An unknown scheme (a typo) is refused rather than taken for a file name. Never echoed: it may hold a password.
  DATABASE_URL: z
    .string()
    .min(1)
    .default(DEFAULT_DATABASE_URL)
    .refine((url) => databaseEngine(url) !== undefined, {
      message: 'expected postgres://…, postgresql://…, file:PATH, a file path, or :memory:',
    }),
  // PostgreSQL only.
  DATABASE_POOL_SIZE: int(10, 1).pipe(z.number().max(1000)),
  DATABASE_STATEMENT_TIMEOUT_MS: int(5_000, 100),
  DATABASE_CONNECT_TIMEOUT_MS: int(5_000, 100),
  // Unset means the statement timeout + 1 s, so the server's own cancel comes first when it can answer.
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DATABASE_KEEPALIVE_IDLE_MS: int(10_000, 1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: int(1_048_576, 1024),
  RATE_LIMIT_PER_SECOND: int(50, 0),
  RATE_LIMIT_BURST: int(100, 1),
  REQUEST_TIMEOUT_MS: int(30_000, 1000),
  HEADERS_TIMEOUT_MS: int(10_000, 1000),
  // Longer than the common 60 s idle timeout of balancers in front, so the client, not the server, closes idle
  // connections and no request meets a connection being closed.
  KEEP_ALIVE_TIMEOUT_MS: int(65_000, 1000),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0),
  // Unset: no listener and no counting.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // 0 ignores X-Forwarded-For, because anyone can send it.
  TRUST_PROXY_HOPS: int(0, 0).pipe(z.number().max(10)),
  VERSION_HEADER: z
    .enum(['true', 'false', '1', '0'], { message: 'expected true or false (or 1 or 0)' })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export const CONFIG_NAMES: readonly string[] = Object.keys(schema.shape);

export type Config = z.infer<typeof schema>;

/** A one-letter scheme counts as a path, since it is a Windows drive. */
export function databaseEngine(url: string): 'postgres' | 'sqlite' | undefined {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgres';
  if (url === ':memory:' || url.startsWith('file:') || !/^[a-z][a-z0-9+.-]+:/i.test(url)) return 'sqlite';
  return undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', ...overrides };
}
