import { statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Anything else (docs, health, an unknown path) is `other`. */
export type ServiceLabel = 'orders' | 'keys' | 'other';

/** Every label is a bounded set (an operationId, never an id, a key or a path), to bound the series count. */
export interface Metrics {
  readonly registry: Registry;
  request(
    service: ServiceLabel,
    operation: string,
    status: number,
    seconds: number,
    bodyBytes: number | undefined,
  ): void;
  sealedOperation(backend: string, operation: string, seconds: number, failed: boolean): void;
  keysEvent(event: string, outcome: string, count?: number): void;
  walCheckpoint(walFrames: number, checkpointed: number): void;
}

interface DatabaseGauges {
  engine: 'sqlite' | 'postgres';
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  sqliteFile?: string;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SIZE_BUCKETS = [64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];

export function createMetrics(db?: DatabaseGauges): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by service, operationId and status class.',
    labelNames: ['service', 'operation', 'status_class'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the app to its response being ready, by service and operationId.',
    labelNames: ['service', 'operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const bodySize = new Histogram({
    name: 'http_request_body_bytes',
    help: 'Declared sizes (Content-Length) of request bodies, by service and operationId.',
    labelNames: ['service', 'operation'] as const,
    buckets: SIZE_BUCKETS,
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by the per-API-key rate limit (429), by service.',
    labelNames: ['service'] as const,
    registers: [registry],
  });
  const sealedOps = new Counter({
    name: 'sealed_module_operations_total',
    help: "Operations of the key service's sealed module, by backend, operation and outcome (ok or failed).",
    labelNames: ['backend', 'operation', 'outcome'] as const,
    registers: [registry],
  });
  const sealedDuration = new Histogram({
    name: 'sealed_module_operation_duration_seconds',
    help: "Duration of the sealed module's operations, by backend and operation.",
    labelNames: ['backend', 'operation'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const events = new Counter({
    name: 'keygen_events_total',
    help:
      'Key-service events (key_created, transaction_created, sign_in_started, sign_in_finished, ' +
      'key_token_exchanged, transaction_expired), by outcome.',
    labelNames: ['event', 'outcome'] as const,
    registers: [registry],
  });
  if (db?.pool) {
    const pool = db.pool;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the database pool, by state (idle or in_use).',
      labelNames: ['engine', 'state'] as const,
      registers: [registry],
      collect() {
        this.set({ engine: db.engine, state: 'idle' }, pool.idleCount);
        this.set({ engine: db.engine, state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_requests',
      help: 'Queries waiting for a connection of the database pool.',
      labelNames: ['engine'] as const,
      registers: [registry],
      collect() {
        this.set({ engine: db.engine }, pool.waitingCount);
      },
    });
  }
  let checkpointLag: Gauge | undefined;
  if (db?.sqliteFile && db.sqliteFile !== ':memory:') {
    checkpointLag = new Gauge({
      name: 'sqlite_wal_checkpoint_lag_frames',
      help: "Frames of SQLite's WAL not yet copied into the database at the checkpoint worker's last pass.",
      registers: [registry],
    });
    const wal = `${db.sqliteFile}-wal`;
    new Gauge({
      name: 'sqlite_wal_bytes',
      help: "Size of the SQLite database's write-ahead log (it grows while checkpoints lag behind the writes).",
      registers: [registry],
      collect() {
        try {
          this.set(statSync(wal).size);
        } catch {
          // No WAL file (yet, or after a clean close): nothing waits to be checkpointed.
          this.set(0);
        }
      },
    });
  }

  // Label children by (service, operation, status): made once each, so a request does one map lookup.
  type Children = {
    count: ReturnType<typeof requests.labels>;
    time: ReturnType<typeof duration.labels>;
    size: ReturnType<typeof bodySize.labels>;
  };
  const children = new Map<string, Children>();
  const childrenOf = (service: ServiceLabel, operation: string, status: number) => {
    const key = `${service} ${operation} ${status}`;
    let c = children.get(key);
    if (!c) {
      const cls = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? 'other';
      c = {
        count: requests.labels(service, operation, cls),
        time: duration.labels(service, operation),
        size: bodySize.labels(service, operation),
      };
      children.set(key, c);
    }
    return c;
  };

  return {
    registry,
    request(service, operation, status, seconds, bodyBytes) {
      const c = childrenOf(service, operation, status);
      c.count.inc();
      c.time.observe(seconds);
      if (bodyBytes !== undefined) c.size.observe(bodyBytes);
      if (status === 429) refusals.inc({ service });
    },
    sealedOperation(backend, operation, seconds, failed) {
      sealedOps.inc({ backend, operation, outcome: failed ? 'failed' : 'ok' });
      sealedDuration.observe({ backend, operation }, seconds);
    },
    keysEvent(event, outcome, count = 1) {
      events.inc({ event, outcome }, count);
    },
    walCheckpoint: (walFrames, checkpointed) => checkpointLag?.set(Math.max(0, walFrames - checkpointed)),
  };
}

/** On its own host and port, apart from the public port, so that a balancer never exposes it. */

export async function startMetricsServer(
  registry: Registry,
  host: string,
  port: number,
): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics.\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(err as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics` };
}
