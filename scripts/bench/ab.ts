/**
 * Developer tool, not part of `npm run bench`: two builds (or one build with two sets of Node.js flags) side by side
 * on one order operation, in many short alternating slices, so that the machine's drift over minutes falls on both.
 * It prints each pair of slices and the median ratio of B to A (requests per second, and server CPU per request).
 *
 *   node --import tsx scripts/bench/ab.ts --a dist/server.mjs --b /tmp/other.mjs [--op post|post-idem|get|list]
 *     [--pairs 10] [--seconds 3] [--connections 50] [--a-flags="--flag ..."] [--b-flags="--flag ..."]
 *
 * Both servers run for the whole comparison, each on a database of its own (one store of 1,000 orders, which the
 * reads read and the creates add to), and log at info to /dev/null as in `npm run bench`. Within a pair the order alternates
 * (A then B, then B then A). On this project's 2-core machines one run's slices still spread by ±15 %: read the
 * median of ten pairs or more (the lower of the two middle ones), and run it again before believing a difference
 * under about 6 % (BENCHMARKS.md, "Seventeenth look").
 *
 * Needs the builds (npm run build; for the other, a copy of dist/ with its .node files beside the bundle). Load
 * goes to 127.0.0.1 only.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { startServer, tempDir, type Started } from '../../test/support/process.js';
import { orderRequests } from './order-requests.js';
import { cpuSeconds } from './proc.js';
import { seedBase, seedOrders, serverEnv } from './seed.js';

const { values: opts } = parseArgs({
  options: {
    a: { type: 'string', default: 'dist/server.mjs' },
    b: { type: 'string', default: 'dist/server.mjs' },
    'a-flags': { type: 'string', default: '' },
    'b-flags': { type: 'string', default: '' },
    op: { type: 'string', default: 'post' },
    pairs: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
const OPS = ['post', 'post-idem', 'get', 'list'] as const;
if (!OPS.includes(opts.op as (typeof OPS)[number])) throw new Error(`--op is one of ${OPS.join(', ')}`);
const op = opts.op as (typeof OPS)[number];

interface Side {
  name: string;
  dir: string;
  server: Started;
  /** One set for the whole comparison, so that no create repeats a source_id. */
  requests: Request[];
}

async function start(name: string, bundle: string, flags: string): Promise<Side> {
  const dir = tempDir('ab-');
  const file = path.join(dir, 'bench.db');
  const seeded = seedBase(file, 1);
  seedOrders(file, seeded.storeIds[0]!, 0, 1_000);
  const command = [process.execPath, ...flags.split(' ').filter(Boolean), path.resolve(bundle)];
  const server = await startServer(serverEnv(file), command, process.cwd(), {
    discardStdout: true,
    readyPath: '/healthz',
  });
  const [store] = seeded.storeIds;
  const requests = orderRequests(seeded.apiKey, { read: store!, write: store! })[op];
  return { name, dir, server, requests: [requests] };
}

async function load(side: Side, seconds: number): Promise<{ rps: number; cpuUs: number }> {
  const before = cpuSeconds(side.server.proc.pid!);
  const result = await autocannon({
    url: side.server.url,
    connections: Number(opts.connections),
    duration: seconds,
    requests: side.requests,
  });
  const after = cpuSeconds(side.server.proc.pid!);
  if (result.non2xx > 0) throw new Error(`${side.name}: ${result.non2xx} answers were not 2xx`);
  const cpu = after.user + after.system - before.user - before.system;
  return { rps: result.requests.average, cpuUs: (cpu * 1e6) / result.requests.total };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)]!;

async function main() {
  const a = await start('A', opts.a, opts['a-flags']);
  const b = await start('B', opts.b, opts['b-flags']);
  try {
    await load(a, 2);
    await load(b, 2);
    const seconds = Number(opts.seconds);
    const rps: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < Number(opts.pairs); i++) {
      const first = i % 2 === 0 ? a : b;
      const one = await load(first, seconds);
      const two = await load(first === a ? b : a, seconds);
      const [ra, rb] = first === a ? [one, two] : [two, one];
      rps.push(rb.rps / ra.rps);
      cpu.push(rb.cpuUs / ra.cpuUs);
      console.log(
        `  pair ${i + 1} (${first.name} first): A ${Math.round(ra.rps)} req/s, ${ra.cpuUs.toFixed(0)} µs/req; ` +
          `B ${Math.round(rb.rps)} req/s, ${rb.cpuUs.toFixed(0)} µs/req; B ÷ A ${(rb.rps / ra.rps).toFixed(3)}`,
      );
    }
    console.log(
      `${op}: B ÷ A req/s, median of ${rps.length} pairs ${median(rps).toFixed(3)} ` +
        `(${Math.min(...rps).toFixed(2)}–${Math.max(...rps).toFixed(2)}); server CPU per request B ÷ A ${median(cpu).toFixed(3)}`,
    );
  } finally {
    for (const side of [a, b]) {
      await side.server.stop('SIGTERM');
      rmSync(side.dir, { recursive: true, force: true });
    }
  }
}

await main();
