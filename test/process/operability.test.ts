import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// NODE_TS names tsx by its path: these run in folders of their own, where `--import tsx` would not resolve.
import { NODE_TS, ROOT, startServer, tempDir, type Started } from '../support/process.js';

const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
const version = (
  JSON.parse(spawnSync('cat', [path.join(ROOT, 'package.json')], { encoding: 'utf8' }).stdout) as { version: string }
).version;
const VERSION_LINE = `contract-first-services ${version} (commit ${commit})`;

/** A program of the checkout (src/server.ts or src/cli.ts) with arguments, in `cwd`, to its end. */
const run = (file: string, args: string[], env: Record<string, string | undefined>, cwd = ROOT) =>
  spawnSync(NODE_TS[0]!, [...NODE_TS.slice(1), path.join(ROOT, file), ...args], {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
/** `npm start -- …` or `npm run cli -- …` as an operator types it, in the checkout. */
const npm = (script: string[], env: Record<string, string | undefined>) =>
  spawnSync('npm', ['--silent', ...script], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });

const servers: Started[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop('SIGKILL');
});

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('--version', () => {
  it('prints the version and the commit and exits 0, on the server and the CLI, npm entry points included; nothing is created', () => {
    const dir = tempDir();
    // The programs in an empty folder, with the default database (data/ there); npm's in the checkout, on the folder's.
    const env = { DATABASE_URL: `file:${path.join(dir, 'data', 'service.db')}` };
    for (const r of [
      run('src/server.ts', ['--version'], { DATABASE_URL: undefined }, dir),
      run('src/cli.ts', ['--version'], { DATABASE_URL: undefined }, dir),
      npm(['start', '--', '--version'], env),
      npm(['run', 'cli', '--', '--version'], env),
    ]) {
      expect(r.status).toBe(0);
      expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(VERSION_LINE);
    }
    expect(commit).toMatch(/^[0-9a-f]{40}$/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('--check-config', () => {
  it('says OK for a good configuration, after opening the database and the sealed root', () => {
    const dir = tempDir();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: `file:${path.join(dir, 'service.db')}`,
      KEYGEN_ROOT_PASSPHRASE: 'a long test passphrase',
      KEYGEN_SEALED_ROOT_CREATE: 'true',
      KEYGEN_DEV_OIDC: 'true',
      PUBLIC_URL: 'https://keys.example.com',
    };
    // The first check creates the sealed root, as the first start would (KEYGEN_SEALED_ROOT_CREATE), and says so.
    const first = run('src/server.ts', ['--check-config'], env, dir);
    expect(first.stdout).toBe('Configuration OK (1 warning).\n');
    expect(first.stderr).toMatch(/^warning: Created a new sealed root secret in \S+keygen-root\.sealed\.json/);
    expect(first.status).toBe(0);
    const again = run('src/cli.ts', ['--check-config'], env, dir);
    expect([again.status, again.stdout, again.stderr]).toEqual([0, 'Configuration OK.\n', '']);
    // It opened what a start opens (the database, the sealed root) and served nothing.
    expect(existsSync(path.join(dir, 'keygen-root.sealed.json'))).toBe(true);
  });

  it('lists every problem of a bad one (placeholders, a misspelling, no sign-in provider) and exits 1', () => {
    const dir = tempDir();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: `file:${path.join(dir, 'service.db')}`,
      PUBLIC_URL: 'https://REPLACE_WITH_YOUR_PUBLIC_HOST',
      KEYGEN_ROOT_PASSPHRASE: 'REPLACE_WITH_A_LONG_RANDOM_PASSPHRASE',
      KEYGEN_SEALED_ROOT_CREATE: 'true',
      RATE_LIMIT_BRUST: '20',
      LOG_LEVEL: 'loud',
    };
    for (const file of ['src/server.ts', 'src/cli.ts']) {
      const r = run(file, ['--check-config'], env, dir);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe('Configuration check failed: 3 problems.\n');
      expect(r.stderr.trimEnd().split('\n')).toEqual([
        'warning: RATE_LIMIT_BRUST: not a setting of this service, and ignored; did you mean RATE_LIMIT_BURST?',
        'warning: The key service has no sign-in provider: every initKey is refused (userSecretProvider is not configured). Set KEYGEN_OIDC_GOOGLE_CLIENT_ID and _CLIENT_SECRET (or MICROSOFT), or KEYGEN_DEV_OIDC=true for a trial.',
        'error: PUBLIC_URL: still holds a placeholder (REPLACE_…) from the example; set the real value',
        'error: KEYGEN_ROOT_PASSPHRASE: still holds a placeholder (REPLACE_…) from the example; set the real value',
        'error: LOG_LEVEL: Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent"',
      ]);
      // The placeholder passphrase is never echoed.
      expect(r.stderr).not.toContain('REPLACE_WITH_A_LONG');
    }
    // A start with the placeholders is refused, in one JSON line.
    const start = run('src/server.ts', [], { ...env, LOG_LEVEL: 'info', PORT: '0' }, dir);
    expect(start.status).toBe(1);
    expect(start.stderr).toBe('');
    const line = JSON.parse(start.stdout.trim()) as { level: number; msg: string };
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(/^Failed to start: Invalid configuration:\n {2}PUBLIC_URL: still holds a placeholder/);
  });
});

describe('a production start', () => {
  it('logs only JSON lines (start, requests, an error, shutdown), names its version, serves metrics on their own port and stops on SIGTERM', async () => {
    const dir = tempDir();
    const server = await startServer({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: `file:${path.join(dir, 'service.db')}`,
      KEYGEN_ROOT_PASSPHRASE: 'a long test passphrase',
      KEYGEN_SEALED_ROOT_CREATE: 'true',
      METRICS_PORT: '0',
      TRUST_PROXY_HOPS: '1',
    });
    servers.push(server);
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', version, commit });
    expect(health.headers.get('server')).toBe(`contract-first-services/${version} (${commit.slice(0, 12)})`);
    const refused = await fetch(`${server.url}/commerce/2024-07/stores`, {
      headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.2' },
    });
    expect(refused.status).toBe(401);
    // Every kind of answer carries it: one in a service's envelope and a docs page, as the probe's.
    expect(refused.headers.get('server')).toBe(health.headers.get('server'));
    expect((await fetch(`${server.url}/docs/`)).headers.get('server')).toBe(health.headers.get('server'));
    const bad = await fetch(`${server.url}/keygen/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'svc_nope' },
      body: '{',
    });
    expect(bad.status).toBe(400);

    const lines = () =>
      server
        .stdout()
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    const start = lines().find((l) => typeof l.msg === 'string' && l.msg.startsWith('Listening on'))!;
    expect(start).toMatchObject({ level: 30, version, commit, pid: server.proc.pid, database: 'sqlite' });
    const metricsUrl = start.metrics as string;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    // The public port has no metrics; the metrics port has them.
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    const scrape = await (await fetch(metricsUrl)).text();
    expect(scrape).toContain('http_requests_total{service="orders",operation="listStores",status_class="4xx"} 1');
    expect(scrape).toContain('http_requests_total{service="keys",operation="initKey",status_class="4xx"} 1');
    expect(scrape).toMatch(/^sqlite_wal_bytes \d+$/m);
    expect(scrape).toMatch(/^# TYPE sqlite_wal_checkpoint_lag_frames gauge$/m);

    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.stderr()).toBe('');
    // Every line is JSON: the start, each request, the shutdown.
    const all = lines();
    expect(all.every((l) => typeof l.level === 'number' && typeof l.time === 'string')).toBe(true);
    const access = all.filter((l) => l.requestId);
    // The probe is at debug: not in an info log.
    expect(access.map((l) => [l.path, l.operationId, l.status])).toEqual([
      ['/commerce/2024-07/stores', 'listStores', 401],
      ['/docs/', undefined, 200],
      ['/keygen/keys', 'initKey', 400],
      ['/metrics', undefined, 404],
    ]);
    // One trusted proxy: the address it appended, not the one the client wrote.
    expect(access[0]).toMatchObject({ client: '198.51.100.2' });
    expect(access[2]).toMatchObject({ client: '127.0.0.1' });
    expect(all.at(-1)).toMatchObject({ msg: 'stopped' });
  });
});

describe('npm start under a process manager', () => {
  it("stops the server when SIGTERM is sent to npm's pid (no orphan), and leaves the Server header out with VERSION_HEADER=false", async () => {
    const dir = tempDir();
    const proc = spawn('npm', ['start'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        LOG_LEVEL: 'info',
        DATABASE_URL: `file:${path.join(dir, 'service.db')}`,
        VERSION_HEADER: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    proc.stdout.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    try {
      expect(await waitFor(() => /"pid":\d+.*Listening on http/.test(out), 60_000)).toBe(true);
      const started = out
        .split('\n')
        .map((l) => (l.startsWith('{') ? (JSON.parse(l) as { pid?: number; url?: string }) : {}))
        .find((l) => l.pid)!;
      const serverPid = started.pid!;
      expect(serverPid).not.toBe(proc.pid);
      const res = await fetch(`${started.url}/healthz`);
      expect(res.headers.get('server')).toBeNull();
      expect((await fetch(`${started.url}/commerce/2024-07/stores`)).headers.get('server')).toBeNull();

      proc.kill('SIGTERM');
      await exited;
      expect(await waitFor(() => !alive(serverPid))).toBe(true);
      expect(out).toContain('"msg":"stopped"');
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL');
    }
  });
});
