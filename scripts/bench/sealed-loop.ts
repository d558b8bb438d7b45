/**
 * What the sealed module's operations cost the event loop, per backend: the file root (in memory)
 * and a PKCS#11 token (SoftHSM2, a throwaway token made here), the token's calls on the event loop
 * (the default) and on libuv's thread pool (KEYGEN_PKCS11_THREAD_POOL=true: pkcs11js's …Async). For each operation: the wall time of one call awaited after another,
 * and the event loop's busy time per call (performance.eventLoopUtilization), one at a time and with
 * 8 in flight. Then the busy time per request of the key service's operations (how many module
 * operations each makes). Prints a Markdown table; writes nothing.
 *
 *   node --import tsx scripts/bench/sealed-loop.ts [--ops 2000]
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openConfiguredSealedModule } from '../../src/keys/sealed/from-config.js';
import type { SealedModule } from '../../src/keys/sealed/sealed-module.js';
import { SOFTHSM_MODULE, SOFTHSM_UTIL, softhsmAvailable } from '../../test/support/softhsm-bin.js';

const { values } = parseArgs({ options: { ops: { type: 'string', default: '2000' } } });
const N = Number(values.ops);
if (!softhsmAvailable()) throw new Error('SoftHSM2 is not installed (apt-get install -y softhsm2).');

const dir = mkdtempSync(path.join(tmpdir(), 'sealed-loop-'));
const tokens = path.join(dir, 'tokens');
mkdirSync(tokens);
writeFileSync(
  path.join(dir, 'softhsm2.conf'),
  `directories.tokendir = ${tokens}\nobjectstore.backend = file\nlog.level = ERROR\n`,
);
process.env.SOFTHSM2_CONF = path.join(dir, 'softhsm2.conf');
const pin = randomBytes(8).toString('hex');
spawnSync(SOFTHSM_UTIL, [
  '--init-token',
  '--free',
  '--label',
  'loop',
  '--so-pin',
  randomBytes(8).toString('hex'),
  '--pin',
  pin,
]);

const base = { file: path.join(dir, 'root.sealed.json'), development: true, allowCreate: false };
const file = await openConfiguredSealedModule(
  { ...base, passphrase: 'a passphrase for the measurement' },
  { warn: () => {}, scryptN: 2 ** 12 },
);
const tokenConfig = { module: SOFTHSM_MODULE, tokenLabel: 'loop', pin, sessions: 2, timeoutMs: 10_000 };
const token = await openConfiguredSealedModule({ ...base, pkcs11: tokenConfig }, { warn: () => {} });
const pooled = await openConfiguredSealedModule(
  { ...base, pkcs11: { ...tokenConfig, threadPool: true } },
  { warn: () => {} },
);

type Ops = Record<'mac' | 'derive' | 'seal' | 'unseal', () => unknown>;
const moduleOps = async (m: SealedModule): Promise<Ops> => {
  const root = m.current;
  const sealed = await m.seal(randomBytes(32), 'key-token|key_x|txn_x');
  return {
    mac: () =>
      m.mac({
        root,
        purpose: 'client-secret-verifier',
        parts: ['key_0123456789abcdef0123456789abcdef', `cs_${'x'.repeat(43)}`],
      }),
    derive: () =>
      m.derive({
        root,
        purpose: 'recovery-key',
        context: 'key_0123456789abcdef0123456789abcdef',
        inputs: [randomBytes(46), randomBytes(32)],
      }),
    seal: () => m.seal(randomBytes(32), 'key-token|key_x|txn_x'),
    unseal: () => m.unseal(sealed, 'key-token|key_x|txn_x'),
  };
};
/** Per call: wall µs and event-loop busy µs, `parallel` calls in flight at a time. */
async function measure(op: () => unknown, parallel: number) {
  for (let i = 0; i < 200; i++) await op();
  const elu0 = performance.eventLoopUtilization();
  const t0 = performance.now();
  for (let done = 0; done < N; done += parallel) await Promise.all(Array.from({ length: parallel }, () => op()));
  const wall = performance.now() - t0;
  const elu = performance.eventLoopUtilization(elu0);
  return { wallUs: (wall * 1000) / N, busyUs: (elu.active * 1000) / N };
}

const backends: Array<[string, Ops]> = [
  ['file root', await moduleOps(file)],
  ['token, on the loop (default)', await moduleOps(token)],
  ['token, KEYGEN_PKCS11_THREAD_POOL=true', await moduleOps(pooled)],
];
const f = (n: number) => n.toFixed(1);
const rows: string[] = [];
const busy: Record<string, Record<string, number>> = {};
for (const [name, ops] of backends) {
  busy[name] = {};
  for (const [op, fn] of Object.entries(ops)) {
    const one = await measure(fn, 1);
    const eight = await measure(fn, 8);
    busy[name]![op] = one.busyUs;
    rows.push(`| ${name} | ${op} | ${f(one.wallUs)} | ${f(one.busyUs)} | ${f(eight.wallUs)} | ${f(eight.busyUs)} |`);
  }
}
// Module operations per request (src/keys/operations): init: mac; generate transaction: mac, seal;
// the sign-in callback: unseal ×2, mac ×3 (two bindings for the development provider, the user share), derive, seal; exchange: unseal.
const perRequest = {
  init: { mac: 1 },
  'generate transaction': { mac: 1, seal: 1 },
  'sign-in callback': { unseal: 2, mac: 3, derive: 1, seal: 1 },
  exchange: { unseal: 1 },
} as const;
const requestRows = Object.entries(perRequest).map(
  ([req, counts]) =>
    `| ${req} | ${backends.map(([name]) => f(Object.entries(counts).reduce((n, [op, k]) => n + k * busy[name]![op]!, 0))).join(' | ')} |`,
);
console.log(`Sealed-module operations, ${N} calls each; Node ${process.version}; SoftHSM2 token in ${dir}\n`);
console.log(
  '| backend | operation | wall µs/call (1 in flight) | loop busy µs/call | wall µs/call (8 in flight) | loop busy µs/call |',
);
console.log('|---|---|---:|---:|---:|---:|');
console.log(rows.join('\n'));
console.log(`\n| request | ${backends.map(([name]) => `loop busy µs: ${name}`).join(' | ')} |`);
console.log(`|---|${backends.map(() => '---:').join('|')}|`);
console.log(requestRows.join('\n'));
await file.close();
await token.close();
await pooled.close();
rmSync(dir, { recursive: true, force: true });
