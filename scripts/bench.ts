/**
 * `npm run bench`: loads a raw node:http reference server and then the real server with the same
 * autocannon settings, on this machine, and reports req/s, p50/p99 latency and the ratio of each
 * operation to the reference (absolute numbers on a shared machine mean little; ratios measured
 * in one run do). Writes the tables to BENCHMARKS.md.
 *
 *   npm run bench                         throughput of each operation against the reference
 *   npm run bench -- --engine pg          the same on PostgreSQL: a throwaway cluster from Debian's
 *                                         binaries (or a database made on TEST_DATABASE_URL's server),
 *                                         with the database's CPU per request beside the server's
 *   npm run bench -- --scale              list/get at 1,000 and at 1,000,000 orders in one store
 *   npm run bench -- --soak [--minutes 3] mixed traffic for minutes; memory and latency over time
 *   npm run bench -- --memory             large answers: 50 orders of ~1 MB, then 40 and 100 parallel
 *                                         GET /orders?limit=50 of one API key; peak RSS and /healthz
 *   npm run bench -- --keys               the key operations (init, generate transaction, exchange) with
 *                                         the root in the sealed file and in a SoftHSM2 token, side by side
 *
 * Options: --connections N (50), --duration S (5), --warmup S (2), --rounds N (5; throughput and
 * scale: reference and server, or the two sizes, alternate, each row reports its median round), --tsx (run src/ through tsx
 * instead of building dist/server.mjs first), --server PATH (that bundle instead, e.g. an earlier build for a
 * side-by-side), --ops post,post-idem,get,list,product-post,product-get,fulfillment-get,exchange (those throughput rows only), --dry (print only, leave BENCHMARKS.md alone),
 * --node-flags "FLAGS" (Node.js flags for every process it starts, before the script: the SQLite deploy block starts the
 * server with `node --no-incremental-marking`, a V8 flag NODE_OPTIONS does not take; the PostgreSQL start commands do not),
 * --pin (throughput only, Linux: the servers on CPU 0, the load generator on the others; its table is a section of
 * its own, `throughput-pinned`, beside the unpinned one; SQLite only).
 * Load goes to 127.0.0.1 only, bounded by --duration / --minutes. Servers log each request at info, as they
 * run in production, to /dev/null.
 */
import { spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request, type Result } from 'autocannon';
import Database from 'better-sqlite3';
import { productBody } from '../test/support/factories.js';
import { ROOT, startServer, tempDir, type Started } from '../test/support/process.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migratePostgres, openPostgresPool } from '../src/shared/db/postgres.js';
import { createDatabase, postgresBin, startPostgresCluster, type Cluster } from '../test/support/postgres-cluster.js';
import {
  orderBody,
  seedBase,
  seedBasePostgres,
  seededOrderId,
  seedOrders,
  seedOrdersPostgres,
  SERVER_ENV,
  serverEnv,
  type Seeded,
} from './bench/seed.js';
import { childrenOf, cpuSeconds } from './bench/proc.js';
import { keyTokensFor, seedKeyTokens, seedKeyTokensPostgres, type SeededKeyTokens } from './bench/seed-keys.js';
import { largeOrderBody } from '../test/support/factories.js';
import { SOFTHSM_MISSING, SOFTHSM_MODULE, SOFTHSM_UTIL, softhsmAvailable } from '../test/support/softhsm-bin.js';

const { values: opts } = parseArgs({
  options: {
    scale: { type: 'boolean', default: false },
    soak: { type: 'boolean', default: false },
    memory: { type: 'boolean', default: false },
    keys: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    tsx: { type: 'boolean', default: false },
    dry: { type: 'boolean', default: false },
    engine: { type: 'string', default: 'sqlite' },
    server: { type: 'string' },
    ops: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
    pin: { type: 'boolean', default: false },
  },
});
if (opts.engine !== 'sqlite' && opts.engine !== 'pg') throw new Error(`--engine: sqlite or pg, not ${opts.engine}`);
if (opts.engine === 'pg' && (opts.scale || opts.soak || opts.memory || opts.keys))
  throw new Error('--engine pg runs the throughput table only.');
if (opts.pin && (opts.scale || opts.soak || opts.memory || opts.keys || opts.engine === 'pg'))
  throw new Error(
    "--pin runs the SQLite throughput table only (PostgreSQL's processes would inherit the load generator's CPU).",
  );
const ON_PG = opts.engine === 'pg';
const CONNECTIONS = Number(opts.connections);
const DURATION = Number(opts.duration);
const WARMUP = Number(opts.warmup);
const ROUNDS = Number(opts.rounds);
const BASE = '/commerce/2024-07';
/** One-time key tokens for an exchange row: enough for every round and warm-up. */
const KEY_TOKENS = keyTokensFor(ROUNDS * (WARMUP + DURATION), opts.engine === 'pg' ? 'pg' : 'sqlite');
// Node.js options given to the bench reach every server it starts (the deploy blocks set NODE_OPTIONS in the settings file).
const NODE_OPTIONS = process.env.NODE_OPTIONS?.trim();
const quoted = (arg: string) => (/\s/.test(arg) ? `"${arg}"` : arg);
const COMMAND = `${NODE_OPTIONS ? `NODE_OPTIONS=${quoted(NODE_OPTIONS)} ` : ''}npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).map(quoted).join(' ')}` : ''}`;
/** Node.js flags before the script of every process the bench starts (the server, the reference, the Fastify peer). */
const NODE_FLAGS = opts['node-flags'].split(/\s+/).filter(Boolean);
/**
 * --pin: every process the bench starts (server, reference, Fastify peer) on CPU 0, and the bench itself, whose
 * autocannon is the load generator, on the others (Linux `taskset`), so that a server never shares its core with
 * the load and each server has the same one core however many threads it runs.
 */
const CPUS = os.availableParallelism();
/** The CPUs of the load generator under --pin, as `taskset -c` takes them. */
const LOAD_CPUS = CPUS === 2 ? '1' : `1-${CPUS - 1}`;
if (opts.pin) {
  if (CPUS < 2) throw new Error('--pin needs at least two CPUs: one for the servers, the others for the load.');
  const pinned = spawnSync('taskset', ['-a', '-p', '-c', LOAD_CPUS, String(process.pid)], {
    encoding: 'utf8',
  });
  if (pinned.status !== 0)
    throw new Error(`--pin: taskset could not pin the load generator: ${pinned.error?.message ?? pinned.stderr}`);
}
const NODE = [...(opts.pin ? ['taskset', '-c', '0'] : []), process.execPath, ...NODE_FLAGS];
const NODE_LABEL = ['node', ...NODE_FLAGS].join(' ');

// ---------------------------------------------------------------------------------------------
// Processes

const QUIET = { discardStdout: true };
/** The service's own processes: started once /healthz answers 200, not when the port opens. */
const READY = { ...QUIET, readyPath: '/healthz' };

/** The server as it ships (dist/server.mjs, built now from the current src/), or src/ through tsx. */
function serverCommand(): { command: string[]; label: string } {
  if (opts.server) return { command: [...NODE, path.resolve(opts.server)], label: `${NODE_LABEL} ${opts.server}` };
  if (!opts.tsx) {
    const built = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/build.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const dist = path.join(ROOT, 'dist/server.mjs');
    if (built.status === 0 && existsSync(dist))
      return { command: [...NODE, dist], label: `${NODE_LABEL} dist/server.mjs (npm run build)` };
    console.warn(`npm run build failed; running src/ through tsx instead.\n${built.stderr}`);
  }
  return {
    command: [...NODE, '--import', 'tsx', path.join(ROOT, 'src/server.ts')],
    label: `${NODE_LABEL} --import tsx src/server.ts`,
  };
}

const startReference = () => startServer({}, [...NODE, path.join(ROOT, 'scripts/bench/reference-server.mjs')]);

function memory(pid: number | undefined) {
  const status = pid ? readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return {
    rssMb: kb('VmRSS') / 1024,
    peakMb: kb('VmHWM') / 1024,
    anonMb: kb('RssAnon') / 1024,
    fileMb: kb('RssFile') / 1024,
  };
}

/** CPU seconds (user + system) a process has used. */
function cpuTotal(pid: number | undefined): number {
  if (!pid) return NaN;
  const { user, system } = cpuSeconds(pid);
  return user + system;
}

const fileMb = (file: string) => (existsSync(file) ? statSync(file).size / 1024 / 1024 : 0);

// ---------------------------------------------------------------------------------------------
// Load

interface Op {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Called per request: a new path or body (unique source_id, another order id, the next key token). */
  setup?: (req: Request) => Request;
  /** The reference's per-request setup when it must differ (one-time key tokens are not spent on it). */
  referenceSetup?: (req: Request) => Request;
  /** Whether the Fastify peer, which implements the order rows' plain requests only, runs the row too (default: orders' rows). */
  peer?: boolean;
  /** A sequence of requests each connection runs in turn, instead of the one above. */
  requests?: Request[];
}

interface Measured {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  bad: number;
  /** Server CPU time per answered request, in µs: steadier than req/s on a shared machine. */
  cpuUs: number;
  /** On PostgreSQL: the database server's CPU time per request, in µs, and its transactions per request. */
  dbCpuUs?: number;
  statementsPerRequest?: number;
  statements?: StatementCost[];
}

/** One statement's share of a row on PostgreSQL (pg_stat_statements). */
interface StatementCost {
  query: string;
  perRequest: number;
  meanMs: number;
}

/** How the database's work is read on PostgreSQL: CPU seconds of the cluster's processes, and its statements. */
interface DatabaseMeter {
  cpuSeconds(): number;
  /** Forgets the statements counted so far. */
  reset(): Promise<void>;
  /** The statements since the last reset, the costliest first. */
  statements(): Promise<Array<{ query: string; calls: number; totalMs: number }>>;
}
let dbMeter: DatabaseMeter | undefined;

async function measure(
  url: string,
  op: Op,
  seconds = DURATION,
  connections = CONNECTIONS,
  warmup = seconds === DURATION,
  pid?: number,
  reference = false,
): Promise<Measured> {
  const setup = reference && op.referenceSetup ? op.referenceSetup : op.setup;
  const requests: Request[] = op.requests ?? [
    {
      method: op.method,
      path: op.path,
      headers: { ...(op.method === 'POST' && { 'content-type': 'application/json' }), ...op.headers },
      ...(setup && { setupRequest: setup }),
    },
  ];
  const warm = WARMUP > 0 && warmup ? await autocannon({ url, connections, duration: WARMUP, requests }) : undefined;
  const meter = reference ? undefined : dbMeter;
  const cpu0 = cpuTotal(pid);
  await meter?.reset();
  const db0 = meter?.cpuSeconds();
  const r: Result = await autocannon({ url, connections, duration: seconds, requests });
  const cpuUs = ((cpuTotal(pid) - cpu0) * 1e6) / r.requests.total;
  const dbCpuUs = meter ? ((meter.cpuSeconds() - db0!) * 1e6) / r.requests.total : undefined;
  // Requests in flight when autocannon stops were sent but not counted: a few statements too many.
  const counted = meter ? await meter.statements() : undefined;
  const statements = counted?.map((c) => ({
    query: c.query,
    perRequest: c.calls / r.requests.total,
    meanMs: c.totalMs / c.calls,
  }));
  const statementsPerRequest = statements?.reduce((n, c) => n + c.perRequest, 0);
  const ok = r['2xx'] + (warm?.['2xx'] ?? 0);
  const bad = r.non2xx + r.errors + r.timeouts + (warm ? warm.non2xx + warm.errors + warm.timeouts : 0);
  return {
    name: op.name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    ok,
    bad,
    cpuUs,
    dbCpuUs,
    statementsPerRequest,
    statements,
  };
}

/** Headers of an answer that belong to the connection or the moment, not to the answer's bytes. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/**
 * Gives the reference the server's own answer to one request of the row (status, headers, body),
 * so that it answers the same bytes: the limit of this runtime for that answer.
 */
async function sameBytes(referenceUrl: string, serverUrl: string, op: Op): Promise<number> {
  const base = {
    method: op.method,
    path: op.path,
    headers: { ...(op.method === 'POST' && { 'content-type': 'application/json' }), ...op.headers },
  } as Request;
  const req = (op.setup ? op.setup(base) : base) as Request & { body?: string };
  const answer = await fetch(`${serverUrl}${req.path}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.body,
  });
  const body = await answer.text();
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!PER_CONNECTION.has(name)) headers[name] = value;
  });
  const put = await fetch(`${referenceUrl}/__bench/answer`, {
    method: 'PUT',
    body: JSON.stringify({ status: answer.status, headers, body }),
  });
  if (put.status !== 204) throw new Error(`the reference did not take the answer (${put.status})`);
  return Buffer.byteLength(body);
}

let sequence = 0;
const postOrder = (storeId: string, apiKey: string, name = 'POST /orders (3 items)'): Op => ({
  name,
  method: 'POST',
  path: `${BASE}/orders`,
  headers: { 'svc-api-key': apiKey, 'svc-store-id': storeId },
  setup: (req) => ({ ...req, body: JSON.stringify(orderBody(`b-${process.pid}-${++sequence}`, sequence)) }),
});

/** A create as a client that retries safely sends it: a key of its own on each (DESIGN.md, safe retries). */
const postOrderSafely = (storeId: string, apiKey: string): Op => {
  const post = postOrder(storeId, apiKey, 'POST /orders (3 items) with an Idempotency-Key');
  return {
    ...post,
    peer: false,
    setup: (req) => {
      const made = post.setup!(req);
      return { ...made, headers: { ...made.headers, 'idempotency-key': `k-${process.pid}-${sequence}` } };
    },
  };
};

const getOrder = (storeId: string, apiKey: string, count: number, name = 'GET /orders/{id}'): Op => ({
  name,
  method: 'GET',
  path: `${BASE}/orders/${seededOrderId(0)}`,
  headers: { 'svc-api-key': apiKey, 'svc-store-id': storeId },
  setup: (req) => ({ ...req, path: `${BASE}/orders/${seededOrderId(Math.floor(Math.random() * count))}` }),
});

const listOrders = (storeId: string, apiKey: string, query: string, name: string): Op => ({
  name,
  method: 'GET',
  path: `${BASE}/orders?${query}`,
  headers: { 'svc-api-key': apiKey, 'svc-store-id': storeId },
});

const postProduct = (storeId: string, apiKey: string): Op => ({
  name: 'POST /products (2 variants)',
  method: 'POST',
  path: `${BASE}/products`,
  headers: { 'svc-api-key': apiKey, 'svc-store-id': storeId },
  setup: (req) => ({ ...req, body: JSON.stringify(productBody({ source_id: `bp-${process.pid}-${++sequence}` })) }),
});

const getOne = (name: string, path: string, storeId: string, apiKey: string): Op => ({
  name,
  method: 'GET',
  path,
  headers: { 'svc-api-key': apiKey, 'svc-store-id': storeId },
});

/** A product and a shipping fulfillment (of the first seeded order, one unit of its item li-1, with a tracking), made through the server. */
async function madeForRows(serverUrl: string, apiKey: string, storeId: string) {
  const post = async (what: string, body: unknown) => {
    const res = await fetch(`${serverUrl}${BASE}/${what}`, {
      method: 'POST',
      headers: { 'svc-api-key': apiKey, 'svc-store-id': storeId, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await res.json()) as { data: { id: string } };
    if (res.status !== 201) throw new Error(`POST /${what}: ${res.status} ${JSON.stringify(answer)}`);
    return answer.data.id;
  };
  const productId = await post('products', productBody({ source_id: 'bench-product' }));
  const fulfillmentId = await post('fulfillments', {
    order_id: seededOrderId(0),
    delivery_method: 'shipping',
    status: 'pending',
    line_items: [{ source_id: 'li-1', quantity: 1 }],
    trackings: [{ tracking_number: 'RA123456789US', slug: 'usps', ship_date: '2024-07-02' }],
  });
  return { productId, fulfillmentId };
}

/** GET /keygen/keys/{id}?keyToken=: each request spends the next seeded one-time key token. */
const exchangeKey = (keyId: string, apiKey: string, tokens: string[]): Op & { used: () => number } => {
  let next = 0;
  const path = (token: string) => `/keygen/keys/${keyId}?keyToken=${token}`;
  // A token of the same length that the reference answers like any other path.
  const dummy = `kt_${'A'.repeat((tokens[0]?.length ?? 100) - 3)}`;
  return {
    name: 'GET /keygen/keys/{id}?keyToken=',
    method: 'GET',
    path: path(dummy),
    headers: { 'x-api-key': apiKey },
    setup: (req) => ({ ...req, path: path(tokens[next++] ?? dummy) }),
    referenceSetup: (req) => ({ ...req, path: path(dummy) }),
    used: () => next,
  };
};

/** Key service traffic for the soak: each connection inits a key, then opens a generation transaction for it. */
const keyTraffic = (apiKey: string): Op => {
  const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' };
  return {
    name: 'key service: POST /keygen/keys + POST …/transactions/generate',
    method: 'POST',
    path: '/keygen/keys',
    requests: [
      {
        method: 'POST',
        path: '/keygen/keys',
        headers,
        body: JSON.stringify({ userSecretProvider: 'dev' }),
        onResponse: (status, body, context) => {
          if (status !== 200) return;
          const { id, clientSecret } = JSON.parse(body) as { id: string; clientSecret: string };
          context.keyId = id;
          context.clientSecret = clientSecret;
        },
      },
      {
        method: 'POST',
        path: '/keygen/keys/none/transactions/generate',
        headers,
        setupRequest: (req, context) => ({
          ...req,
          path: `/keygen/keys/${String(context.keyId)}/transactions/generate`,
          body: JSON.stringify({ clientSecret: context.clientSecret, clientReturnUrl: 'http://127.0.0.1/return' }),
        }),
      },
    ],
  };
};

const keysOnMain = () => existsSync(path.join(ROOT, 'openapi/keys.yaml')) && existsSync(path.join(ROOT, 'src/keys'));
/** Whether `--ops` (none: every row) asks for the throughput row of this name. */
const wantsRow = (name: string) => !opts.ops || opts.ops.split(',').includes(name);

// ---------------------------------------------------------------------------------------------
// Report

const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

function machine(): string {
  const cpu = os.cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${os.type()} ${os.release()}`;
}

let pgVersion = '';
function header(serverLabel: string): string {
  return [
    `- Command: \`${COMMAND}\``,
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${machine()} (shared; load generator on the same machine${
      opts.pin ? `; --pin: each server on CPU 0 alone, the load generator on CPU ${LOAD_CPUS}` : ''
    })`,
    `- Server: \`${serverLabel}\`${NODE_OPTIONS ? ` with NODE_OPTIONS=${NODE_OPTIONS}` : ''}, RATE_LIMIT_PER_SECOND=0, LOG_LEVEL=info (request logs to /dev/null), ${
      ON_PG
        ? `DATABASE_POOL_SIZE=10, a fresh database on PostgreSQL ${pgVersion} on the same machine (a throwaway cluster with the server's default settings: fsync and synchronous_commit on), over TCP on 127.0.0.1`
        : 'fresh SQLite file database (WAL)'
    }`,
    `- Load: autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s per row and round, ${ROUNDS} rounds (each row gives its median round), 127.0.0.1`,
  ].join('\n');
}

/** Replaces the section between `<!-- bench:NAME -->` markers in BENCHMARKS.md (or appends it). */
function writeSection(name: string, markdown: string) {
  if (opts.dry) return;
  const file = path.join(ROOT, 'BENCHMARKS.md');
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  let text = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nMeasured by `npm run bench` (scripts/bench.ts). Ratios are to a raw `node:http` server that parses the JSON body, loaded the same way in the same run; absolute numbers on this shared machine move a lot from run to run, and the ratios still move by tens of percent between rounds (the "all rounds" column); the server CPU per request is the steadiest figure.\n';
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const at = text.indexOf(start);
  const stop = text.indexOf(end);
  text =
    at >= 0 && stop > at
      ? text.slice(0, at) + block + text.slice(stop + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
  console.log(`\nWrote the "${name}" section of BENCHMARKS.md.`);
}

// ---------------------------------------------------------------------------------------------
// Runs

async function withServer<T>(seeded: Seeded, command: string[], fn: (s: Started) => Promise<T>): Promise<T> {
  const server = await startServer(serverEnv(seeded.file), command, ROOT, READY);
  try {
    return await fn(server);
  } finally {
    await server.stop('SIGTERM');
  }
}

/** The PostgreSQL the PG bench runs on: TEST_DATABASE_URL's server, or a throwaway cluster. */
async function benchPostgres(): Promise<{ url: string; meter?: DatabaseMeter; stop(): Promise<void> }> {
  let cluster: Cluster | undefined;
  let admin = process.env.TEST_DATABASE_URL;
  if (!admin) {
    const bin = postgresBin();
    if (!bin) throw new Error('--engine pg needs PostgreSQL: apt-get install -y postgresql, or set TEST_DATABASE_URL.');
    // The server's default durability (fsync, synchronous_commit); pg_stat_statements counts each statement.
    cluster = await startPostgresCluster(bin, [
      'shared_preload_libraries=pg_stat_statements',
      'pg_stat_statements.track=all',
    ]);
    admin = cluster.url;
  }
  const database = await createDatabase(admin, `bench_${randomBytes(4).toString('hex')}`);
  const stats = new pg.Client({ connectionString: database.url });
  await stats.connect();
  pgVersion = (await stats.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]!.v;
  if (cluster) await stats.query('CREATE EXTENSION pg_stat_statements');
  // The postmaster's CPU with that of its exited children (it reaps them), plus its living children's:
  // a backend or autovacuum worker that exits during a row keeps counting.
  const meter: DatabaseMeter | undefined = cluster && {
    cpuSeconds: () => {
      const postmaster = cluster.postmasterPid();
      return (
        cpuTotal(postmaster) +
        cpuSeconds(postmaster).reaped +
        childrenOf(postmaster).reduce((n, p) => {
          try {
            return n + cpuTotal(p);
          } catch {
            return n; // exited after it was listed
          }
        }, 0)
      );
    },
    reset: async () => {
      await stats.query('SELECT pg_stat_statements_reset()');
    },
    statements: async () =>
      (
        await stats.query<{ query: string; calls: string; total: number }>(
          `SELECT query, calls, total_exec_time AS total FROM pg_stat_statements
           WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database()) AND query NOT LIKE '%pg_stat_statements%'
           ORDER BY total_exec_time DESC`,
        )
      ).rows.map((r) => ({ query: r.query.replace(/\s+/g, ' '), calls: Number(r.calls), totalMs: r.total })),
  };
  return {
    url: database.url,
    meter,
    async stop() {
      await stats.end();
      if (cluster) return cluster.stop();
      await database.drop();
    },
  };
}

const BENCH_PASSPHRASE = 'benchmark root passphrase';

async function throughput() {
  const { command, label } = serverCommand();
  const dir = tempDir('bench-');
  let env: Record<string, string>;
  let seeded: Seeded;
  let keyTokens: SeededKeyTokens | undefined;
  // Seeding the exchange row's tokens takes seconds (280,000 on SQLite): only for a run that has the row.
  const wantsExchange = keysOnMain() && wantsRow('exchange');
  let postgres: Awaited<ReturnType<typeof benchPostgres>> | undefined;
  let pool: pg.Pool | undefined;
  if (ON_PG) {
    postgres = await benchPostgres();
    dbMeter = postgres.meter;
    env = {
      ...SERVER_ENV,
      DATABASE_URL: postgres.url,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      KEYGEN_ROOT_PASSPHRASE: BENCH_PASSPHRASE,
      DATABASE_POOL_SIZE: '10',
    };
    pool = openPostgresPool(postgres.url, { poolSize: 4, statementTimeoutMs: 600_000 });
    await migratePostgres(pool);
    seeded = await seedBasePostgres(pool, 2);
    await seedOrdersPostgres(pool, seeded.storeIds[0]!, 0, 1_000);
    if (wantsExchange)
      keyTokens = await seedKeyTokensPostgres(pool, { ...process.env, ...env }, seeded.accountId, KEY_TOKENS);
  } else {
    seeded = seedBase(path.join(dir, 'bench.db'), 2);
    env = serverEnv(seeded.file);
    seedOrders(seeded.file, seeded.storeIds[0]!, 0, 1_000);
    // One-time key tokens for the exchange row: more than its rounds can spend at a few thousand req/s.
    if (wantsExchange)
      keyTokens = await seedKeyTokens(seeded.file, { ...process.env, ...env }, seeded.accountId, KEY_TOKENS);
  }
  const [readStore, writeStore] = seeded.storeIds;
  const key = seeded.apiKey;
  const exchange = keyTokens && exchangeKey(keyTokens.keyId, key, keyTokens.tokens);

  // Both processes run side by side and are loaded in turn, round after round, so that a noisy
  // neighbour on this shared machine hits both alike.
  console.log(`Reference: node scripts/bench/reference-server.mjs; server: ${label}; ${ROUNDS} rounds`);
  const ref = await startReference();
  // The Fastify peer (SQLite only) on a copy of the seeded database, made before the server opens it.
  let peer: Started | undefined;
  if (!ON_PG) {
    const peerFile = path.join(dir, 'peer.db');
    copyFileSync(seeded.file, peerFile);
    peer = await startServer(
      { DATABASE_FILE: peerFile, LOG_LEVEL: SERVER_ENV.LOG_LEVEL },
      [...NODE, path.join(ROOT, 'scripts/bench/fastify-peer.mjs')],
      ROOT,
      QUIET,
    );
  }
  const server = await startServer(env, command, ROOT, READY);
  // Targets against node:http answering the same bytes (issue 28); against the Fastify peer, 2× on every order row.
  // The resources added in issue 22, on records made through the server before the rounds.
  const made = await madeForRows(server.url, key, readStore);
  const rows: Array<{
    name: string;
    op: Op;
    target?: number;
    ref?: Measured;
    real?: Measured;
    spread?: string;
    bytes?: number;
    peer?: Measured;
    peerRatios?: number[];
  }> = [
    { name: 'post', op: postOrder(writeStore, key), target: 0.4 },
    { name: 'post-idem', op: postOrderSafely(writeStore, key) },
    { name: 'get', op: getOrder(readStore, key, 1_000), target: 0.5 },
    { name: 'list', op: listOrders(readStore, key, 'limit=10', 'GET /orders?limit=10 (default sort)'), target: 0.35 },
    { name: 'product-post', op: postProduct(writeStore, key) },
    { name: 'product-get', op: getOne('GET /products/{id}', `${BASE}/products/${made.productId}`, readStore, key) },
    {
      name: 'fulfillment-get',
      op: getOne('GET /fulfillments/{id}', `${BASE}/fulfillments/${made.fulfillmentId}`, readStore, key),
    },
    ...(exchange ? [{ name: 'exchange', op: exchange }] : []),
  ].filter((row) => wantsRow(row.name));
  const ratios: number[][] = rows.map(() => []);
  const samples: Array<Array<{ ref: Measured; real: Measured }>> = rows.map(() => []);
  let mem: ReturnType<typeof memory>;
  let walRunning: number;
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [i, row] of rows.entries()) {
        row.bytes = await sameBytes(ref.url, server.url, row.op);
        const r = await measure(ref.url, row.op, DURATION, CONNECTIONS, round === 1, ref.proc.pid, true);
        const m = await measure(server.url, row.op, DURATION, CONNECTIONS, round === 1, server.proc.pid);
        if (peer && row.op.peer !== false && row.op.path.startsWith(`${BASE}/orders`)) {
          const f = await measure(peer.url, row.op, DURATION, CONNECTIONS, round === 1, peer.proc.pid, true);
          (row.peerRatios ??= []).push(m.rps / f.rps);
          row.peer = f;
          console.log(
            `  round ${round} ${row.op.name}: Fastify peer ${f0(f.rps)} req/s (CPU ${f0(f.cpuUs)} µs/req${f.bad ? `, ${f.bad} non-2xx/errors` : ''}), server ÷ peer ${f2(m.rps / f.rps)}`,
          );
        }
        ratios[i].push(m.rps / r.rps);
        samples[i].push({ ref: r, real: m });
        const db =
          m.dbCpuUs === undefined
            ? ''
            : `, database CPU ${f0(m.dbCpuUs)} µs/req, ${f2(m.statementsPerRequest!)} statements/req`;
        console.log(
          `  round ${round} ${row.op.name}: reference ${f0(r.rps)} req/s, server ${f0(m.rps)} req/s (p50 ${m.p50} ms, p99 ${m.p99} ms, CPU ${f0(m.cpuUs)} µs/req vs ${f0(r.cpuUs)}${db}), ratio ${f2(m.rps / r.rps)}${m.bad ? `, ${m.bad} non-2xx/errors` : ''}`,
        );
      }
    }
    mem = memory(server.proc.pid);
    walRunning = ON_PG ? NaN : fileMb(`${seeded.file}-wal`);
  } finally {
    await ref.stop('SIGTERM');
    await peer?.stop('SIGTERM');
    await server.stop('SIGTERM');
  }
  // Each row reports its median round (by ratio): reference and server measured back to back.
  for (const [i, row] of rows.entries()) {
    const order = samples[i].map((s, k) => ({ s, k })).sort((a, b) => ratios[i][a.k] - ratios[i][b.k]);
    const median = order[Math.floor((order.length - 1) / 2)].s;
    const sum = (pick: (m: Measured) => number) => samples[i].reduce((n, s) => n + pick(s.real), 0);
    row.ref = median.ref;
    row.real = { ...median.real, ok: sum((m) => m.ok), bad: sum((m) => m.bad) };
    row.spread = `${f2(Math.min(...ratios[i]))}–${f2(Math.max(...ratios[i]))}`;
  }
  let stored: number;
  let wal = NaN;
  if (pool) {
    stored = Number(
      (await pool.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE store_id = $1', [writeStore])).rows[0]!
        .n,
    );
    await pool.end();
    await postgres!.stop();
  } else {
    const written = new Database(seeded.file, { readonly: true });
    stored = (written.prepare('SELECT count(*) AS n FROM orders WHERE store_id = ?').get(writeStore) as { n: number })
      .n;
    written.close();
    wal = fileMb(`${seeded.file}-wal`);
  }
  rmSync(dir, { recursive: true, force: true });

  // The order creates' rows, when the run has them (--ops may leave them out): both add to the same store.
  const createRows = rows.filter((row) => row.name === 'post' || row.name === 'post-idem');
  const creates = createRows.length === 0 ? undefined : createRows.reduce((n, row) => n + row.real!.ok, 0);
  const safely = rows.some((row) => row.name === 'post-idem');
  const lines = [
    `| operation | reference req/s | p50 / p99 ms | server req/s | p50 / p99 ms | server CPU µs/req (reference) |${ON_PG ? ' database CPU µs/req | statements/req |' : ''} ratio (median round) | ratio, all rounds | target | |${ON_PG ? '' : ' ÷ Fastify peer (median round; all rounds; peer CPU µs/req) | ≥ 2 |'}`,
    `|---|---:|---:|---:|---:|---:|${ON_PG ? '---:|---:|' : ''}---:|---:|---:|---|${ON_PG ? '' : '---:|---|'}`,
    ...rows.map(({ op, target, ref: r, real: m, spread, bytes, peer: f, peerRatios }) => {
      const ratio = m!.rps / r!.rps;
      const verdict = target === undefined ? 'measured' : ratio >= target ? 'met' : '**not met**';
      const sorted = [...(peerRatios ?? [])].sort((a, b) => a - b);
      const peerMedian = sorted[Math.floor((sorted.length - 1) / 2)];
      const vsPeer = ON_PG
        ? ''
        : peerMedian === undefined
          ? ' | |'
          : ` **${f2(peerMedian)}**; ${f2(sorted[0]!)}–${f2(sorted.at(-1)!)}; ${f0(f!.cpuUs)} | ${peerMedian >= 2 ? 'met' : '**not met**'} |`;
      const db = ON_PG ? ` ${f0(m!.dbCpuUs ?? NaN)} | ${f2(m!.statementsPerRequest ?? NaN)} |` : '';
      return `| ${op.name}${m!.bad ? ` (${m!.bad} non-2xx)` : ''}${bytes === undefined ? '' : ` (${bytes.toLocaleString('en-US')} B)`} | ${f0(r!.rps)} | ${r!.p50} / ${r!.p99} | ${f0(m!.rps)} | ${m!.p50} / ${m!.p99} | ${f0(m!.cpuUs)} (${f0(r!.cpuUs)}) |${db} **${f2(ratio)}** | ${spread} | ${target === undefined ? 'measured' : `≥ ${target}`} | ${verdict} |${vsPeer}`;
    }),
    ...(keysOnMain()
      ? []
      : ['| GET /keygen/keys/{id}?keyToken= | | | TODO | | | | | measured | key service not on main yet |']),
  ];
  const after =
    `Server RSS at the end: ${f0(mem.rssMb)} MB (peak ${f0(mem.peakMb)} MB). ` +
    (ON_PG
      ? 'Database CPU is that of every process of the cluster (its backends, WAL writer, checkpointer) during the row; statements per request are those pg_stat_statements counted (BEGIN and COMMIT included) over the requests answered (requests still in flight when a row stops add a few). '
      : `WAL file: ${f2(walRunning)} MB while running${creates ? ` (after ${f0(creates)} inserts)` : ''}, ${f2(wal)} MB after shutdown. `) +
    (creates !== undefined
      ? `The POST ${createRows.length === 1 ? 'row' : 'rows'} stored ${stored.toLocaleString('en-US')} orders; autocannon counted ${creates.toLocaleString('en-US')} 2xx answers (warm-up included; requests in flight when a run stops are committed but not counted). `
      : '') +
    (safely
      ? 'The Idempotency-Key row sends a key of its own with each create, as a client that retries safely does (DESIGN.md, safe retries): the server records the key, the request and its answer; the Fastify peer has no such row. '
      : '') +
    (ON_PG
      ? ''
      : 'The Fastify peer (scripts/bench/fastify-peer.mjs) is the order rows written with Fastify as its documentation shows (route schemas from openapi/orders.yaml validated by its ajv, response schemas serialized by fast-json-stringify, the key and store checks in a hook, its own request logging at the same level as the server, to /dev/null) on better-sqlite3, on a copy of the same seeded database, loaded with the same requests right after the server in every round. ') +
    "The reference is plain node:http answering the same bytes as the server (scripts/bench/reference-server.mjs): before each row, in every round, it is given the server's own answer to one request of the row (status, headers, body; the row's name gives the body's size), and it answers every request with it after reading the body and `JSON.parse` of it; it is loaded with the same requests (path, headers, body) just before the server." +
    (exchange && keyTokens
      ? ` The key-exchange row spends one of ${keyTokens.tokens.length.toLocaleString('en-US')} one-time key tokens per request (${exchange.used().toLocaleString('en-US')} used, warm-up included), seeded before the server starts as completed generation transactions of one key, sealed with the server's own sealed root (scripts/bench/seed-keys.ts); each exchange deletes its transaction, records two spent-token hashes and unseals the recovery key. The reference gets a path of the same length.`
      : '');
  // Where the database's time goes, per operation: each statement's calls per request and mean time (median round).
  const breakdown = ON_PG
    ? `\n### Statements per request (median round)\n\n${rows
        .map(({ op, real: m }) =>
          [
            `**${op.name}**`,
            '',
            '| statement | per request | mean ms |',
            '|---|---:|---:|',
            ...(m!.statements ?? [])
              .filter((c) => c.perRequest >= 0.01)
              .slice(0, 8)
              .map(
                (c) =>
                  `| \`${c.query.length > 150 ? `${c.query.slice(0, 150)}…` : c.query}\` | ${f2(c.perRequest)} | ${c.meanMs.toFixed(3)} |`,
              ),
          ].join('\n'),
        )
        .join('\n\n')}\n`
    : '';
  const title = ON_PG
    ? 'Throughput on PostgreSQL'
    : opts.pin
      ? 'Throughput, each server on a core of its own'
      : 'Throughput';
  const md = `## ${title}\n\n${header(label)}\n\n${lines.join('\n')}\n\n${after}\n${breakdown}`;
  console.log(`\n${md}`);
  writeSection(ON_PG ? 'throughput-pg' : opts.pin ? 'throughput-pinned' : 'throughput', md);
}

/**
 * Reads `file` through once, in 1 MB reads, so that the OS holds it in its cache; gives the seconds it took (under
 * one for 2 GB already cached). A kernel that pages out file pages left untouched for a while (DAMON's reclaim, on
 * the machine of BENCHMARKS.md: pages idle for about a minute, at most 128 MB a second; a 4.4 GB file read through
 * had 0.3 GB of it left in the cache 24 minutes later) would otherwise have the random get of the large file read
 * some of its leaves from the disk, more of them the longer the table has run (BENCHMARKS.md, "Sixteenth look").
 */
function readThrough(file: string): number {
  const t0 = performance.now();
  const fd = openSync(file, 'r');
  const buffer = Buffer.allocUnsafe(1 << 20);
  try {
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    closeSync(fd);
  }
  return (performance.now() - t0) / 1000;
}

async function scale() {
  const { command, label } = serverCommand();
  const dir = tempDir('bench-scale-');
  // One database of each size, each with its own server (and sealed root), both running for the whole table.
  const seed = (name: string) => {
    mkdirSync(path.join(dir, name));
    return seedBase(path.join(dir, name, 'bench.db'), 1);
  };
  const small = seed('small');
  const large = seed('large');
  const ops = (seeded: Seeded, count: number) => {
    const [store] = seeded.storeIds;
    const key = seeded.apiKey;
    return [
      listOrders(store, key, 'limit=50', 'GET /orders?limit=50 (page 1)'),
      listOrders(store, key, 'page=200&limit=50', 'GET /orders?page=200&limit=50 (empty at 1,000)'),
      // Page 200 like for like: at limit 5 it is the last full page of 1,000 orders (offset 995).
      listOrders(store, key, 'page=200&limit=5', 'GET /orders?page=200&limit=5 (full at both)'),
      getOrder(store, key, count, 'GET /orders/{id} (random id)'),
    ];
  };
  // The random get reads leaves from all over the file; the other rows read the same few pages in every round.
  const RANDOM_GET = 3;
  seedOrders(small.file, small.storeIds[0]!, 0, 1_000);
  const t0 = performance.now();
  seedOrders(large.file, large.storeIds[0]!, 0, 1_000_000, (n) =>
    process.stdout.write(`\r  seeding: ${n.toLocaleString('en-US')} orders`),
  );
  console.log(` (${((performance.now() - t0) / 1000).toFixed(0)} s, database ${f0(fileMb(large.file))} MB)`);

  // The two sizes alternate row by row in every round (which goes first alternates too), so that the machine's
  // drift over minutes falls on both; each row reports its median round by slowdown.
  const smallOps = ops(small, 1_000);
  const largeOps = ops(large, 1_000_000);
  const rounds = smallOps.map(() => [] as Array<{ s: Measured; l: Measured }>);
  const one = (server: Started, op: Op) => measure(server.url, op, DURATION, CONNECTIONS, true, server.proc.pid);
  const readThroughs: number[] = [];
  const ended = await withServer(small, command, (smallServer) =>
    withServer(large, command, async (largeServer) => {
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, op] of smallOps.entries()) {
          if (i === RANDOM_GET) readThroughs.push(readThrough(large.file) + readThrough(small.file));
          let s: Measured, l: Measured;
          if (round % 2 === 0) {
            s = await one(smallServer, op);
            l = await one(largeServer, largeOps[i]!);
          } else {
            l = await one(largeServer, largeOps[i]!);
            s = await one(smallServer, op);
          }
          rounds[i]!.push({ s, l });
          console.log(
            `  round ${round + 1}, ${op.name}: ${f0(s.rps)} req/s at 1,000, ${f0(l.rps)} at 1,000,000 (${f2(s.rps / l.rps)}×)${s.bad + l.bad ? `, ${s.bad + l.bad} non-2xx` : ''}`,
          );
        }
      }
      return {
        small: memory(smallServer.proc.pid),
        large: memory(largeServer.proc.pid),
        walMb: fileMb(`${large.file}-wal`),
      };
    }),
  );
  const walAfter = fileMb(`${large.file}-wal`);
  const dbMb = fileMb(large.file);
  rmSync(dir, { recursive: true, force: true });

  const lines = [
    '| operation | req/s at 1,000 | p50 / p99 ms | req/s at 1,000,000 | p50 / p99 ms | server CPU µs/req (1k; 1M) | slowdown (req/s 1k ÷ 1M, median round) | all rounds | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rounds.map((measured) => {
      const byRatio = [...measured].sort((a, b) => a.s.rps / a.l.rps - b.s.rps / b.l.rps);
      const { s, l } = byRatio[Math.floor((byRatio.length - 1) / 2)]!;
      const slowdown = s.rps / l.rps;
      const spread = `${f2(byRatio[0]!.s.rps / byRatio[0]!.l.rps)}–${f2(byRatio.at(-1)!.s.rps / byRatio.at(-1)!.l.rps)}`;
      return `| ${s.name} | ${f0(s.rps)} | ${s.p50} / ${s.p99} | ${f0(l.rps)} | ${l.p50} / ${l.p99} | ${f0(s.cpuUs)}; ${f0(l.cpuUs)} | **${f2(slowdown)}×** | ${spread} | ≤ 1.5× ${slowdown <= 1.5 ? 'met' : '**not met**'} |`;
    }),
  ];
  const after =
    `${ROUNDS} rounds; in each, every row is loaded on the server of 1,000 orders and on the one of 1,000,000 back to back (which first alternates by round), both servers running for the whole table, each on a database of its own. ` +
    `Server RSS at the end: ${f0(ended.small.rssMb)} MB at 1,000 orders, ${f0(ended.large.rssMb)} MB at 1,000,000 (peak ${ended.small.peakMb.toFixed(1)} and ${ended.large.peakMb.toFixed(1)} MB; target < 200 MB at 1,000,000: ${ended.large.peakMb < 200 ? 'met' : '**not met**'}; ` +
    `at the end ${f0(ended.small.anonMb)} and ${f0(ended.large.anonMb)} MB anonymous, ${f0(ended.small.fileMb)} and ${f0(ended.large.fileMb)} MB file-backed). ` +
    `Database ${f0(dbMb)} MB; WAL file ${f2(ended.walMb)} MB while running, ${f2(walAfter)} MB after shutdown. Orders seeded directly through SQLite in the repository's row format. ` +
    `Before the random get in each round, both database files are read through once, so that the row measures the server with its file in the OS's cache at both sizes rather than the disk (some kernels page out file pages left untouched for a minute); that took ${readThroughs.map((t) => t.toFixed(1)).join(', ')} s.`;
  const md = `## Scale: 1,000 vs 1,000,000 orders in one store\n\n${header(label)}\n\n${lines.join('\n')}\n\n${after}\n`;
  console.log(`\n${md}`);
  writeSection('scale', md);
}

async function soak() {
  const { command, label } = serverCommand();
  const minutes = Number(opts.minutes);
  const window = 30;
  const dir = tempDir('bench-soak-');
  const seeded = seedBase(path.join(dir, 'bench.db'), 2);
  const [readStore, writeStore] = seeded.storeIds;
  seedOrders(seeded.file, readStore, 0, 1_000);
  const key = seeded.apiKey;
  const windows = Math.max(2, Math.round((minutes * 60) / window));
  const split = Math.max(1, Math.floor(CONNECTIONS / 3));
  const withKeys = keysOnMain();
  const samples = await withServer(seeded, command, async (server) => {
    const out: Array<{ at: number; results: Measured[]; mem: ReturnType<typeof memory>; walMb: number }> = [];
    const start = performance.now();
    for (let w = 0; w < windows; w++) {
      // Three clients at once, so every operation runs beside the others: writes, lists, reads.
      const results = await Promise.all([
        measure(server.url, postOrder(writeStore, key), window, split),
        measure(server.url, listOrders(readStore, key, 'limit=10', 'GET /orders?limit=10'), window, split),
        measure(server.url, getOrder(readStore, key, 1_000), window, CONNECTIONS - 2 * split),
        ...(withKeys ? [measure(server.url, keyTraffic(key), window, 1)] : []),
      ]);
      const s = {
        at: (performance.now() - start) / 1000,
        results,
        mem: memory(server.proc.pid),
        walMb: fileMb(`${seeded.file}-wal`),
      };
      out.push(s);
      console.log(
        `  ${f0(s.at)} s: ${results.map((m) => `${m.name} ${f0(m.rps)} req/s p50 ${m.p50} p99 ${m.p99}${m.bad ? ` (${m.bad} bad)` : ''}`).join('; ')}; RSS ${f0(s.mem.rssMb)} MB; WAL ${f2(s.walMb)} MB`,
      );
    }
    return out;
  });
  rmSync(dir, { recursive: true, force: true });
  const first = samples[0];
  const last = samples[samples.length - 1];
  const lines = [
    '| operation | first window req/s | p50 / p99 ms | last window req/s | p50 / p99 ms | non-2xx in all windows |',
    '|---|---:|---:|---:|---:|---:|',
    ...first.results.map((m, i) => {
      const l = last.results[i];
      const bad = samples.reduce((n, s) => n + s.results[i].bad, 0);
      return `| ${m.name} | ${f0(m.rps)} | ${m.p50} / ${m.p99} | ${f0(l.rps)} | ${l.p50} / ${l.p99} | ${bad} |`;
    }),
    ...(withKeys ? [] : ['| key service (init + transactions) | TODO: not on main yet | | | | |']),
  ];
  const after = `Server RSS: ${f0(first.mem.rssMb)} MB after the first ${window} s window, ${f0(last.mem.rssMb)} MB after ${f0(last.at)} s (peak ${f0(last.mem.peakMb)} MB). WAL file: ${f2(first.walMb)} MB → ${f2(last.walMb)} MB.`;
  const md = `## Soak: ${minutes} minutes of mixed traffic\n\n${header(label).replace(/\n- Load:.*/, `\n- Load: autocannon, ${withKeys ? 'four' : 'three'} clients at once (${split}/${split}/${CONNECTIONS - 2 * split}${withKeys ? '/1' : ''} connections${withKeys ? '; the key client alternates POST /keygen/keys and a generation transaction of the key it just made' : ''}), ${windows} windows of ${window} s, 127.0.0.1`)}\n\n${lines.join('\n')}\n\n${after}\n`;
  console.log(`\n${md}`);
  writeSection('soak', md);
}

/**
 * Issue 15 item 1 at full size: one API key stores 50 orders of ~1 MB (legal under the 1 MiB body
 * limit), then asks for all of them in 40, and then 100, parallel `GET /orders?limit=50` (~50 MB
 * each), reading every byte, while another client asks `/healthz` every 100 ms. Reports the
 * server's peak RSS (VmHWM: over the whole run, and within each phase after resetting it) and the
 * slowest `/healthz`. Targets: peak under 500 MB, `/healthz` answering throughout.
 */
async function largeLists() {
  const { command, label } = serverCommand();
  const dir = tempDir('bench-memory-');
  const seeded = seedBase(path.join(dir, 'bench.db'), 1);
  const [storeId] = seeded.storeIds;
  const headers = { 'content-type': 'application/json', 'svc-api-key': seeded.apiKey, 'svc-store-id': storeId };
  const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const phases = await withServer(seeded, command, async (server) => {
    const pid = server.proc.pid!;
    const out: Array<{
      name: string;
      seconds: number;
      mb: number;
      peakMb: number;
      rssAfterMb: number;
      healthMaxMs: number;
      healthBad: number;
    }> = [];
    const phase = async (name: string, work: () => Promise<number>) => {
      resetPeak(pid);
      let stop = false;
      let healthMaxMs = 0;
      let healthBad = 0;
      const probe = (async () => {
        while (!stop) {
          const t0 = performance.now();
          const res = await fetch(`${server.url}/healthz`).catch(() => null);
          if (res?.status !== 200) healthBad++;
          await res?.arrayBuffer();
          healthMaxMs = Math.max(healthMaxMs, performance.now() - t0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      })();
      const t0 = performance.now();
      const bytes = await work();
      const seconds = (performance.now() - t0) / 1000;
      stop = true;
      await probe;
      const mem = memory(pid);
      out.push({
        name,
        seconds,
        mb: bytes / 1024 / 1024,
        peakMb: mem.peakMb,
        rssAfterMb: mem.rssMb,
        healthMaxMs,
        healthBad,
      });
      console.log(
        `  ${name}: ${f2(seconds)} s, ${f0(bytes / 1024 / 1024)} MB, peak RSS ${f0(mem.peakMb)} MB, RSS after ${f0(mem.rssMb)} MB, slowest /healthz ${f0(healthMaxMs)} ms`,
      );
    };
    await phase('POST 50 orders of ~1 MB, one at a time', async () => {
      let sent = 0;
      for (let i = 0; i < 50; i++) {
        const body = JSON.stringify(largeOrderBody(i, 1000));
        const res = await fetch(`${server.url}${BASE}/orders`, { method: 'POST', headers, body });
        if (res.status !== 201) throw new Error(`POST /orders: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        sent += body.length;
      }
      return sent;
    });
    for (const parallel of [40, 100]) {
      await phase(`${parallel} parallel GET /orders?limit=50`, async () => {
        let bytes = 0;
        await Promise.all(
          Array.from({ length: parallel }, async () => {
            const res = await fetch(`${server.url}${BASE}/orders?limit=50`, { headers });
            if (res.status !== 200) throw new Error(`GET /orders: ${res.status}`);
            const reader = res.body!.getReader();
            for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
          }),
        );
        if (bytes < parallel * 50 * 1000 * 1024) throw new Error(`GET /orders: only ${bytes} bytes`);
        return bytes;
      });
    }
    return { phases: out, overallPeakMb: Math.max(...out.map((p) => p.peakMb)) };
  });
  rmSync(dir, { recursive: true, force: true });
  const lines = [
    '| phase | seconds | MB moved | peak RSS MB | RSS after MB | slowest /healthz ms | /healthz not 200 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...phases.phases.map(
      (p) =>
        `| ${p.name} | ${f2(p.seconds)} | ${f0(p.mb)} | ${f0(p.peakMb)} | ${f0(p.rssAfterMb)} | ${f0(p.healthMaxMs)} | ${p.healthBad} |`,
    ),
  ];
  const ok = phases.overallPeakMb < 500 && phases.phases.every((p) => p.healthBad === 0);
  const after = `Peak RSS over the run: ${f0(phases.overallPeakMb)} MB (target < 500 MB, \`/healthz\` answering throughout: ${ok ? 'met' : '**not met**'}). Each phase's peak is measured from its start (VmHWM reset through /proc/PID/clear_refs).`;
  const md = `## Memory: large answers (issue 15 item 1, full size)\n\n${header(label).replace(/\n- Load:.*/, '\n- Load: one API key; fetch from this process, reading every byte; /healthz every 100 ms from a second client, 127.0.0.1')}\n\n${lines.join('\n')}\n\n${after}\n`;
  console.log(`\n${md}`);
  writeSection('memory', md);
}

/**
 * The key service's operations with the root in the sealed file and in a PKCS#11 token (SoftHSM2,
 * a throwaway token made here in a temp folder), side by side: the reference, the file server and
 * the token server loaded one after the other for each row, round after round. Each server has its
 * own SQLite file, its own seeded one-time key tokens (sealed by its own root) and a key of its own
 * for the generate row (each request opens one more generation transaction of it).
 */
async function keysByBackend() {
  const { command, label } = serverCommand();
  const dir = tempDir('bench-keys-');
  if (!softhsmAvailable()) throw new Error(`--keys needs SoftHSM2: ${SOFTHSM_MISSING}.`);
  // A token store of its own, with one token; SoftHSM2 reads SOFTHSM2_CONF when this process seeds, and in the server.
  const tokenDir = path.join(dir, 'tokens');
  mkdirSync(tokenDir);
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(conf, `directories.tokendir = ${tokenDir}\nobjectstore.backend = file\nlog.level = ERROR\n`);
  process.env.SOFTHSM2_CONF = conf;
  const pin = randomBytes(8).toString('hex');
  spawnSync(
    SOFTHSM_UTIL,
    ['--init-token', '--free', '--label', 'keygen-bench', '--so-pin', randomBytes(8).toString('hex'), '--pin', pin],
    { env: { ...process.env, SOFTHSM2_CONF: conf } },
  );
  const tokenEnv = {
    SOFTHSM2_CONF: conf,
    KEYGEN_PKCS11_MODULE: SOFTHSM_MODULE,
    KEYGEN_PKCS11_TOKEN_LABEL: 'keygen-bench',
    KEYGEN_PKCS11_PIN: pin,
  };
  const backends: Array<{
    name: string;
    extra: Record<string, string>;
    seeded: Seeded;
    env: Record<string, string>;
    tokens: SeededKeyTokens;
  }> = [];
  for (const b of [
    { name: 'file', extra: {} as Record<string, string> },
    { name: 'pkcs11 (SoftHSM2)', extra: tokenEnv as Record<string, string> },
  ]) {
    const seeded = seedBase(path.join(dir, `${b.name.split(' ')[0]}.db`), 1);
    const env = { ...serverEnv(seeded.file), ...b.extra };
    const t0 = performance.now();
    const tokens = await seedKeyTokens(seeded.file, { ...process.env, ...env }, seeded.accountId, KEY_TOKENS);
    console.log(
      `  ${b.name}: ${KEY_TOKENS.toLocaleString('en-US')} key tokens sealed in ${f2((performance.now() - t0) / 1000)} s`,
    );
    backends.push({ ...b, seeded, env, tokens });
  }
  console.log(
    `Reference: node scripts/bench/reference-server.mjs; servers: ${label}, root in the file and in a SoftHSM2 token; ${ROUNDS} rounds`,
  );
  const ref = await startReference();
  const servers = await Promise.all(backends.map((b) => startServer(b.env, command, ROOT, READY)));
  const json = { 'content-type': 'application/json' };
  try {
    // Each server's rows: init, a generation transaction of one key of its own, the exchange of its tokens.
    const rowsOf = await Promise.all(
      backends.map(async (b, i) => {
        const key = b.seeded.apiKey;
        const made = await fetch(`${servers[i]!.url}/keygen/keys`, {
          method: 'POST',
          headers: { ...json, 'x-api-key': key },
          body: '{"userSecretProvider":"dev"}',
        });
        if (made.status !== 200)
          throw new Error(`POST /keygen/keys on the ${b.name} server: ${made.status} ${await made.text()}`);
        const { id, clientSecret } = (await made.json()) as { id: string; clientSecret: string };
        const init: Op = {
          name: 'POST /keygen/keys (init)',
          method: 'POST',
          path: '/keygen/keys',
          headers: { 'x-api-key': key },
          setup: (req) => ({ ...req, body: '{"userSecretProvider":"dev"}' }),
        };
        const generate: Op = {
          name: 'POST /keygen/keys/{id}/transactions/generate',
          method: 'POST',
          path: `/keygen/keys/${id}/transactions/generate`,
          headers: { 'x-api-key': key },
          setup: (req) => ({
            ...req,
            body: JSON.stringify({ clientSecret, clientReturnUrl: 'http://127.0.0.1/return' }),
          }),
        };
        return [init, generate, exchangeKey(b.tokens.keyId, key, b.tokens.tokens)];
      }),
    );
    const names = rowsOf[0]!.map((op) => op.name);
    const results = names.map(() => ({ ref: [] as Measured[], by: backends.map(() => [] as Measured[]) }));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [r, name] of names.entries()) {
        const reference = await measure(
          ref.url,
          rowsOf[0]![r]!,
          DURATION,
          CONNECTIONS,
          round === 1,
          ref.proc.pid,
          true,
        );
        results[r]!.ref.push(reference);
        const line = [`  round ${round} ${name}: reference ${f0(reference.rps)} req/s`];
        for (const [i, b] of backends.entries()) {
          const m = await measure(
            servers[i]!.url,
            rowsOf[i]![r]!,
            DURATION,
            CONNECTIONS,
            round === 1,
            servers[i]!.proc.pid,
          );
          results[r]!.by[i]!.push(m);
          line.push(
            `${b.name} ${f0(m.rps)} req/s (p50 ${m.p50} ms, p99 ${m.p99} ms, CPU ${f0(m.cpuUs)} µs/req)${m.bad ? `, ${m.bad} non-2xx/errors` : ''}`,
          );
        }
        console.log(line.join('; '));
      }
    }
    const median = (ms: Measured[]) => [...ms].sort((a, b) => a.rps - b.rps)[Math.floor((ms.length - 1) / 2)]!;
    const lines = [
      '| operation | reference req/s | file: req/s | p50 / p99 ms | CPU µs/req | token: req/s | p50 / p99 ms | CPU µs/req | token ÷ file req/s | token − file CPU µs/req |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...names.map((name, r) => {
        const reference = median(results[r]!.ref);
        const [file, token] = results[r]!.by.map(median) as [Measured, Measured];
        const bad = results[r]!.by.flat().reduce((n, m) => n + m.bad, 0);
        return `| ${name}${bad ? ` (${bad} non-2xx)` : ''} | ${f0(reference.rps)} | ${f0(file.rps)} | ${file.p50} / ${file.p99} | ${f0(file.cpuUs)} | ${f0(token.rps)} | ${token.p50} / ${token.p99} | ${f0(token.cpuUs)} | **${f2(token.rps / file.rps)}** | ${f0(token.cpuUs - file.cpuUs)} |`;
      }),
    ];
    const after =
      "Each cell is the median of the rounds (by req/s). CPU is the server process's (user + system) per answered request, the token's work included: SoftHSM2 is a library in the process, whose operations run on the event loop (the default: KEYGEN_PKCS11_THREAD_POOL unset). " +
      `Sealed-module operations per request: init 1 (the client-secret verifier, an HMAC), generate transaction 2 (the verifier, the client secret sealed), exchange 1 (the key token unsealed). The exchange rows spend one of ${KEY_TOKENS.toLocaleString('en-US')} one-time key tokens per request, seeded per server under its own root (scripts/bench/seed-keys.ts).`;
    const md = `## Key operations: the root in the sealed file and in a SoftHSM2 token\n\n${header(label)}\n\n${lines.join('\n')}\n\n${after}\n`;
    console.log(`\n${md}`);
    writeSection('keys-backends', md);
  } finally {
    await ref.stop('SIGTERM');
    for (const s of servers) await s.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

const main = opts.keys ? keysByBackend : opts.soak ? soak : opts.scale ? scale : opts.memory ? largeLists : throughput;
main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
