import { z } from 'zod';

/** Where `npm start` keeps its data when DATABASE_URL is unset. */
export const DEFAULT_DATABASE_URL = 'file:./data/service.db';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/** Every setting of the process, from the environment. Documented in README.md and .env.example. */
const schema = z.object({
  PORT: int(8080, 0).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('127.0.0.1'),
  // A SQLite file (`file:PATH` or a plain path) or `:memory:`, or a PostgreSQL server
  // (`postgres://` or `postgresql://`). Any other scheme (a typo) is refused rather than taken for a
  // file name (a one-letter scheme is a Windows drive). The value is never echoed: it may hold a password.
  DATABASE_URL: z
    .string()
    .min(1)
    .default(DEFAULT_DATABASE_URL)
    .refine((url) => databaseEngine(url) !== undefined, {
      message: 'expected postgres://…, postgresql://…, file:PATH, a file path, or :memory:',
    }),
  // PostgreSQL only: connections each instance keeps open, and how long one statement may run.
  DATABASE_POOL_SIZE: int(10, 1).pipe(z.number().max(1000)),
  DATABASE_STATEMENT_TIMEOUT_MS: int(5_000, 100),
  // PostgreSQL only: every wait on the server is bounded, also when it does not answer at all.
  DATABASE_CONNECT_TIMEOUT_MS: int(5_000, 100),
  // Unset: the statement timeout + 1 s (the server's own cancel comes first when it can answer).
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  DATABASE_KEEPALIVE_IDLE_MS: int(10_000, 1_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: int(1_048_576, 1024),
  RATE_LIMIT_PER_SECOND: int(50, 0),
  RATE_LIMIT_BURST: int(100, 1),
  REQUEST_TIMEOUT_MS: int(30_000, 1000),
  HEADERS_TIMEOUT_MS: int(10_000, 1000),
  // Longer than the idle timeout of the clients and load balancers in front (60 s is common), so
  // that it is always the client that closes an idle connection, never the server under a request.
  KEEP_ALIVE_TIMEOUT_MS: int(65_000, 1000),
  SHUTDOWN_TIMEOUT_MS: int(10_000, 0),
  // Prometheus text on http://METRICS_HOST:METRICS_PORT/metrics; no listener (and no counting) when unset.
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // How many proxies in front add to X-Forwarded-For: the access log's client address is the entry
  // the nearest trusted one added. 0: the connection's address, the header ignored (anyone can send it).
  TRUST_PROXY_HOPS: int(0, 0).pipe(z.number().max(10)),
  // The `Server` response header naming the version and commit; an operator who hides it sets false.
  VERSION_HEADER: z
    .enum(['true', 'false', '1', '0'], { message: 'expected true or false (or 1 or 0)' })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

/** The names of every setting the schema above reads (the configuration check knows them). */
export const CONFIG_NAMES: readonly string[] = Object.keys(schema.shape);

export type Config = z.infer<typeof schema>;

/** The engine DATABASE_URL names: PostgreSQL for postgres(ql)://, SQLite for a file or :memory:, else undefined. */
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

/** Defaults for tests and embedding; override what a test cares about. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), DATABASE_URL: ':memory:', LOG_LEVEL: 'silent', ...overrides };
}
