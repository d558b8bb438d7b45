/**
 * Developer tool, not part of `npm run bench`: server CPU µs per request of each order operation
 * (quick, one process, no reference), and optionally a CPU profile of one operation summarized by
 * self time per function and per file/package.
 *
 *   node --import tsx scripts/bench/profile.ts [--op post|post-idem|get|list|list1|patch|product|store|health|keys|all] [--duration 5] [--prof]
 *     [--server dist/server.mjs] [--connections 10] [--log-level info] [--perf FILE] [--node-flags="--flag ..."]
 *
 * post-idem sends each create with an Idempotency-Key of its own, as a client that retries safely does. list1 (a page of one), store (a get of the store) and health (/healthz: routing, the request step and the socket,
 * nothing of the order service) split a page's cost into what every request pays and what each row adds. patch
 * changes the note of a random one of the seeded orders (a read and a write in the turn's group commit); product
 * creates a product of two variants, as the bench's row does. A list (--op post,keys,post) runs its operations in turn
 * on one server, so that one can see whether a row's load changes the next one's.
 * --node-flags="..." (with "=", since its value begins with --) are given to the server's node before the bundle
 * (V8's --log-deopt --logfile=FILE, say).
 *
 * --perf FILE runs the server with --perf-basic-prof-only-functions and records it with Linux `perf record -g`
 * (1999 Hz) during each measured run, into FILE (one operation: --op list, say), kernel and native frames
 * included: `perf report -i FILE --no-children --sort dso,sym -g none` reads it.
 *
 * The server logs at --log-level (info, as in `npm run bench`: a line per request, to /dev/null).
 *
 * Needs dist/server.mjs (npm run build). Load goes to 127.0.0.1 only, bounded by --duration.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { ROOT, startServer, tempDir } from '../../test/support/process.js';
import { orderRequests } from './order-requests.js';
import { cpuSeconds } from './proc.js';
import { seedBase, seededOrderId, seedOrders, serverEnv } from './seed.js';
import { keyTokensFor, seedKeyTokens } from './seed-keys.js';
import { productBody } from '../../test/support/factories.js';

const { values: opts } = parseArgs({
  options: {
    op: { type: 'string', default: 'all' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    prof: { type: 'boolean', default: false },
    top: { type: 'string', default: '35' },
    server: { type: 'string', default: 'dist/server.mjs' },
    'log-level': { type: 'string', default: 'info' },
    perf: { type: 'string' },
    'node-flags': { type: 'string' },
  },
});
const BASE = '/commerce/2024-07';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

function summarize(file: string, top: number) {
  const prof = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < prof.samples.length; i++)
    self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (prof.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const area = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const name = `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
    fn.set(name, (fn.get(name) ?? 0) + us);
    const a = url
      ? (/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ?? path.basename(url))
      : functionName || '(native)';
    area.set(a, (area.get(a) ?? 0) + us);
  }
  const print = (title: string, m: Map<string, number>, n: number) => {
    console.log(`\n${title}`);
    for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  };
  // Inclusive time: a sample counts once for every distinct function on its stack (synchronous
  // stacks only: work after an await shows under the microtask runner, not its caller).
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${url ? `${path.basename(url)}:${lineNumber + 1}` : ''}`;
  };
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(label(at));
    for (const k of seen) inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
  print('self time by function', fn, top);
  print('inclusive time by function', inclusive, top);
  print('self time by file/area', area, 20);
}

/** The server's resident memory now and its peak so far (VmRSS, VmHWM), in MB. */
function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

async function main() {
  const chosen = opts.op === 'all' ? ['post', 'get', 'list'] : opts.op.split(',');
  const dir = tempDir('prof-');
  const file = path.join(dir, 'bench.db');
  const seeded = seedBase(file, 2);
  const [readStore, writeStore] = seeded.storeIds;
  seedOrders(file, readStore, 0, 1_000);
  const env = serverEnv(file, opts['log-level']);
  // Enough for the warm-up second and the run of each `keys` in the list.
  const keySlices = chosen.filter((op) => op === 'keys').length;
  const keys =
    keySlices > 0
      ? await seedKeyTokens(
          file,
          { ...process.env, ...env },
          seeded.accountId,
          keyTokensFor(keySlices * (1 + Number(opts.duration))),
        )
      : undefined;
  let spent = 0;
  let patched = 0;
  let products = 0;
  const headers = (store: string) => ({ 'svc-api-key': seeded.apiKey, 'svc-store-id': store });
  const ops: Record<string, Request> = {
    ...orderRequests(seeded.apiKey, { read: readStore, write: writeStore }),
    list1: { method: 'GET', path: `${BASE}/orders?limit=1`, headers: headers(readStore) },
    patch: {
      method: 'PATCH',
      path: `${BASE}/orders/${seededOrderId(0)}`,
      headers: { 'content-type': 'application/json', ...headers(readStore) },
      setupRequest: (r: Request) => ({
        ...r,
        path: `${BASE}/orders/${seededOrderId(Math.floor(Math.random() * 1_000))}`,
        body: `{"note":"patched ${++patched}"}`,
      }),
    },
    product: {
      method: 'POST',
      path: `${BASE}/products`,
      headers: { 'content-type': 'application/json', ...headers(writeStore) },
      setupRequest: (r: Request) => ({ ...r, body: JSON.stringify(productBody({ source_id: `pp-${++products}` })) }),
    },
    health: { method: 'GET', path: '/healthz' },
    store: { method: 'GET', path: `${BASE}/stores/${readStore}`, headers: headers(readStore) },
    keys: {
      method: 'GET',
      path: '/keygen/keys/none',
      headers: { 'x-api-key': seeded.apiKey },
      setupRequest: (r: Request) => ({
        ...r,
        path: `/keygen/keys/${keys?.keyId}?keyToken=${keys?.tokens[spent++] ?? 'none'}`,
      }),
    },
  };
  for (const name of chosen)
    if (!ops[name]) throw new Error(`--op: all or some of ${Object.keys(ops).join(', ')}, not ${name}`);
  const profDir = path.join(dir, 'prof');
  const cmd = [
    process.execPath,
    ...(opts['node-flags']?.split(/\s+/).filter(Boolean) ?? []),
    ...(opts.prof ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    ...(opts.perf
      ? [
          '--perf-basic-prof-only-functions',
          '--interpreted-frames-native-stack',
          '--logfile=/dev/null',
          '--no-logfile-per-isolate',
        ]
      : []),
    path.resolve(ROOT, opts.server),
  ];
  const server = await startServer(env, cmd, ROOT, { discardStdout: true, readyPath: '/healthz' });
  try {
    for (const name of chosen) {
      const requests = [ops[name]];
      await autocannon({ url: server.url, connections: Number(opts.connections), duration: 1, requests });
      const c0 = cpuSeconds(server.proc.pid!);
      // Listened to from the start, awaited after the load: perf may end first, or fail at once.
      const args = ['record', '-F', '1999', '-g', '-o', opts.perf ?? '', '-p', String(server.proc.pid)];
      const perf =
        opts.perf &&
        new Promise<Error | undefined>((resolve) => {
          const rec = spawn('perf', [...args, '--', 'sleep', opts.duration], { stdio: ['ignore', 'ignore', 'pipe'] });
          let err = '';
          rec.stderr.on('data', (d) => (err += d));
          rec.once('error', (e) => resolve(new Error(`--perf: could not run Linux perf (${e.message})`)));
          rec.once('exit', (code) =>
            resolve(code === 0 ? undefined : new Error(`--perf: perf record exited ${code}: ${err}`)),
          );
        });
      const r = await autocannon({
        url: server.url,
        connections: Number(opts.connections),
        duration: Number(opts.duration),
        requests,
      });
      const c1 = cpuSeconds(server.proc.pid!);
      const perfFailed = perf && (await perf);
      if (perfFailed) throw perfFailed;
      const [user, sys] = (['user', 'system'] as const).map((k) => ((c1[k] - c0[k]) * 1e6) / r.requests.total);
      const cpu = `CPU ${Math.round(user + sys)} µs/req (user ${Math.round(user)}, sys ${Math.round(sys)})`;
      const mem = memoryMb(server.proc.pid!);
      console.log(
        `${name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, ${cpu}, non-2xx ${r.non2xx}, RSS ${mem.rss} MB (peak ${mem.peak})`,
      );
    }
  } finally {
    await server.stop('SIGTERM');
  }
  if (opts.prof) {
    const f = readdirSync(profDir).find((x) => x.endsWith('.cpuprofile'));
    if (f) summarize(path.join(profDir, f), Number(opts.top));
    else console.log('no profile written');
  }
  rmSync(dir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
