// Quick start as a newcomer follows it: a clean clone, the machine's own Node.js (too old here) and the
// README's advice for that case, `npm ci`, `npm start`, and a store created on the server; then
// `npm ci --omit=optional` (no PKCS#11 binding to compile) serves too, and a start with a token
// configured but no binding stops, naming what to install. A clone and two installs take minutes,
// so the run happens where QUICK_START_CHECK=1 says so (.ci/run sets it for its first Node.js line).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { machinePath, ROOT, tempDir } from '../support/process.js';

const RUN = process.env.QUICK_START_CHECK === '1';
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The advice for an old Node.js, and the two commands of Quick start. */
const oldNodeBlock = /<!-- readme-old-node[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
const quickStartBlock = /<!-- readme-quick-start[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];

const work = RUN ? tempDir('quick-start-') : '';
const home = path.join(work, 'home');
const clone = path.join(work, 'clone');
afterAll(() => {
  if (RUN) rmSync(work, { recursive: true, force: true });
}, 600_000);

/**
 * A newcomer's shell: the machine's PATH without the registry Node.js that CI (or a helper script)
 * put first, a home of its own (no ~/.npmrc naming headers), no npm_* variables from the npm running
 * this test. npm's download cache is shared: it changes what is fetched, not what is built.
 */
function newcomerEnv(): Record<string, string> {
  const env: Record<string, string> = {
    HOME: home,
    PATH: machinePath(),
    npm_config_cache: process.env.npm_config_cache ?? path.join(homedir(), '.npm'),
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
  for (const name of [
    'NODE_EXTRA_CA_CERTS',
    'LANG',
    'TMPDIR',
    'http_proxy',
    'https_proxy',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'no_proxy',
  ]) {
    if (process.env[name]) env[name] = process.env[name];
  }
  return env;
}

/** Runs a script in the clone with bash, its output kept for the failure message. */
function shell(script: string, env: Record<string, string>, timeoutMs: number) {
  const r = spawnSync('bash', ['-eo', 'pipefail', '-c', script], {
    cwd: clone,
    env,
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 << 20,
  });
  return { status: r.status, out: `${r.stdout}\n${r.stderr}`, signal: r.signal };
}

/** `npm start` (with the README's environment set up by `prelude`) until its listening line, or its exit. */
async function npmStart(prelude: string, env: Record<string, string>) {
  const proc = spawn('bash', ['-c', `${prelude}\nexec npm start`], {
    cwd: clone,
    env: { ...env, PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  const url = await new Promise<string | undefined>((resolve) => {
    proc.stdout.on('data', () => {
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    });
    void exited.then(() => resolve(undefined));
  });
  return {
    url,
    out: () => out,
    exited,
    // npm start runs node under npm (and the prestart under both): the whole group stops.
    stop: async () => {
      if (proc.exitCode === null) process.kill(-proc.pid!, 'SIGTERM');
      return exited;
    },
  };
}

describe.skipIf(!RUN)('Quick start on a clean clone', () => {
  const env = newcomerEnv();
  // What the README says to run in each new shell once the old-Node advice was followed.
  let prelude = '';

  it("installs with the machine's Node.js and the README's advice, and serves", async () => {
    expect(oldNodeBlock, 'README: the readme-old-node block').toBeDefined();
    expect(quickStartBlock?.trim().split('\n')).toEqual(['npm ci', 'npm start']);
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-checkout', ROOT, clone], { encoding: 'utf8' });
    expect(cloned.stderr).toBe('');
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
    expect(spawnSync('git', ['checkout', '--quiet', head], { cwd: clone, encoding: 'utf8' }).status).toBe(0);

    const machineNode = spawnSync('bash', ['-c', 'node --version'], { env, encoding: 'utf8' }).stdout.trim();
    const [major, minor] = machineNode.replace(/^v/, '').split('.').map(Number);
    // The advice is for a Node.js older than 22.14 (or none); a supported one goes straight to npm ci.
    const old = !machineNode || major! < 22 || (major === 22 && minor! < 14);
    if (old) {
      // The block's export lines are what every later shell of the newcomer repeats.
      prelude = oldNodeBlock!
        .split('\n')
        .filter((l) => l.startsWith('export '))
        .join('\n');
      const advice = shell(oldNodeBlock!, env, 300_000);
      expect(advice.status, advice.out).toBe(0);
    }
    const installed = shell(`${prelude}\nnode --version\n${quickStartBlock!.split('\n')[0]}`, env, 900_000);
    expect(installed.status, installed.out).toBe(0);
    expect(installed.out).toMatch(/^v(2[2-9]|[3-9]\d)\./m);

    const server = await npmStart(prelude, env);
    try {
      expect(server.url, server.out()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const key = /^(svc_\S+)$/m.exec(server.out())?.[1];
      expect(key, server.out()).toBeDefined();
      const res = await fetch(`${server.url}/commerce/2024-07/stores`, {
        method: 'POST',
        headers: { 'svc-api-key': key!, 'content-type': 'application/json' },
        body: JSON.stringify({ source_id: 'first-shop', name: 'First Shop', currency: 'EUR' }),
      });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { data: { id: string } }).data.id).toMatch(/^sto_/);
    } finally {
      await server.stop();
    }
  }, 1_300_000);

  it('installs with --omit=optional without building pkcs11js, and serves', async () => {
    const installed = shell(`${prelude}\nnpm ci --omit=optional --foreground-scripts`, env, 900_000);
    expect(installed.status, installed.out).toBe(0);
    expect(existsSync(path.join(clone, 'node_modules/pkcs11js'))).toBe(false);
    expect(installed.out).not.toMatch(/pkcs11/);
    const server = await npmStart(prelude, env);
    try {
      expect(server.url, server.out()).toBeDefined();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 1_000_000);

  it('a start with a token configured but no binding stops, naming what to install', async () => {
    const pin = path.join(work, 'pin');
    writeFileSync(pin, '1234\n');
    const module = existsSync('/usr/lib/softhsm/libsofthsm2.so') ? '/usr/lib/softhsm/libsofthsm2.so' : process.execPath;
    const server = await npmStart(prelude, {
      ...env,
      DATABASE_URL: `file:${path.join(work, 'token.db')}`,
      KEYGEN_PKCS11_MODULE: module,
      KEYGEN_PKCS11_TOKEN_LABEL: 'keygen',
      KEYGEN_PKCS11_PIN_FILE: pin,
    });
    expect(server.url).toBeUndefined();
    expect(await server.exited).not.toBe(0);
    expect(server.out()).toMatch(/pkcs11js is not installed/);
    expect(server.out()).toContain('npm install pkcs11js@2.1.7');
  }, 120_000);
});

describe.skipIf(!RUN)('the bundle built without the optional binding', () => {
  it('builds without pkcs11.node, and with a token configured stops naming what to install', async () => {
    const env = newcomerEnv();
    const prelude = oldNodeBlock!
      .split('\n')
      .filter((l) => l.startsWith('export '))
      .join('\n');
    const built = shell(`${prelude}\nnpm run build`, env, 600_000);
    expect(built.status, built.out).toBe(0);
    expect(built.out).toContain('pkcs11js (optional) is not installed');
    expect(readdirSync(path.join(clone, 'dist')).sort()).toEqual(['better_sqlite3.node', 'cli.mjs', 'server.mjs']);
    const pin = path.join(work, 'bundle-pin');
    writeFileSync(pin, '1234\n');
    const started = shell(
      `${prelude}\ncd dist && PORT=0 DATABASE_URL=file:${path.join(work, 'bundle.db')} KEYGEN_PKCS11_MODULE=${process.execPath} ` +
        `KEYGEN_PKCS11_TOKEN_LABEL=keygen KEYGEN_PKCS11_PIN_FILE=${pin} node server.mjs`,
      env,
      60_000,
    );
    expect(started.status, started.out).toBe(1);
    expect(started.out).toMatch(/pkcs11js is not installed/);
  }, 700_000);
});

describe.skipIf(RUN)('Quick start on a clean clone', () => {
  it.skip('SKIPPED: a clean clone and two npm ci take minutes; it runs in CI (.ci/run), or with QUICK_START_CHECK=1', () => {});
});
