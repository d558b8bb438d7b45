import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { checkedFetch } from '../support/contract.js';
import { afterAll, expect, it } from 'vitest';
import { currentRuntime } from '../../src/shared/runtime-check.js';
import { ROOT, tempDir } from '../support/process.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const deployment = readFileSync(path.join(ROOT, 'docs/deployment.md'), 'utf8');
const block = /<!-- readme-deploy[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
const postgresBlock = /<!-- readme-postgres[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(deployment)?.[1];

const tmp = tempDir('deploy-');
const app = path.join(tmp, 'srv/orders');
const data = path.join(tmp, 'var/lib/orders');
let serverPid: number | undefined;
const instancePids: number[] = [];
afterAll(() => {
  for (const pid of [serverPid, ...instancePids]) {
    if (!pid) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

const waitFor = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return check();
};

it("the README's deploy block, pasted as printed, gives a server and a CLI that run from a folder without node_modules", async () => {
  expect(block).toBeDefined();
  // The block as printed, with its folders in a temp folder and the server started in the
  // background (a second shell in the README) so that the CLI line can run while it serves.
  const serverLine =
    /^KEYGEN_SEALED_ROOT_CREATE=true node --no-incremental-marking --env-file=orders\.env server\.mjs$/m;
  expect(block).toMatch(serverLine);
  // The operator fills in the REPLACE_… values, as the block asks: a production start refuses them.
  const script = block!
    .replace('https://REPLACE_WITH_YOUR_PUBLIC_HOST', 'https://keys.example.com')
    .replace('REPLACE_WITH_A_LONG_RANDOM_PASSPHRASE', 'a long random test passphrase')
    .replaceAll('/srv/orders', app)
    .replaceAll('/var/lib/orders', data)
    .replace(
      serverLine,
      (line) =>
        `${line} > server.log 2>&1 & echo $! > server.pid\nfor i in $(seq 300); do grep -q 'Listening on' server.log && break; sleep 0.1; done`,
    );
  // The target folder exists already: the copy must not nest dist/ inside it.
  mkdirSync(app, { recursive: true });
  const run = spawnSync('bash', ['-e', '-c', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
    // `node` is the Node.js running the tests; PORT=0 and LOG_LEVEL come from the environment
    // (they take precedence over --env-file), as a supervisor's would.
    env: {
      ...process.env,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      PORT: '0',
      LOG_LEVEL: 'debug',
      NODE_PATH: '',
      NODE_ENV: undefined,
    },
  });
  expect(run.stderr).not.toMatch(/Error|not found/);
  expect(run.status).toBe(0);
  serverPid = Number(readFileSync(path.join(app, 'server.pid'), 'utf8'));
  // The process the block started is Node.js itself, with the block's V8 flag (docs/deployment.md, Memory).
  if (existsSync(`/proc/${serverPid}/cmdline`))
    expect(readFileSync(`/proc/${serverPid}/cmdline`, 'utf8').split('\0')).toContain('--no-incremental-marking');

  expect(readdirSync(app).sort()).toEqual([
    'better_sqlite3.node',
    'cli.mjs',
    'orders.env',
    'pkcs11.node',
    'server.log',
    'server.mjs',
    'server.pid',
  ]);
  expect(statSync(path.join(app, 'orders.env')).mode & 0o777).toBe(0o600);
  // The sealed root is created beside the database, not in the working directory.
  expect(existsSync(path.join(data, 'keygen-root.sealed.json'))).toBe(true);
  expect(existsSync(path.join(app, 'data'))).toBe(false);

  const log = () => readFileSync(path.join(app, 'server.log'), 'utf8');
  const url = /Listening on (http:\/\/\S+)/.exec(log())![1];
  // The CLI's key (its last line) works on the running server: both used the same database.
  const key = run.stdout.trimEnd().split('\n').at(-1)!;
  expect(key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
  expect(log()).not.toMatch(/^svc_/m); // production: no development key

  const base = `${url}/commerce/2024-07`;
  const json = { 'content-type': 'application/json', 'svc-api-key': key };
  const store = await checkedFetch(`${base}/stores`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ source_id: 's1', name: 'Shop', currency: 'EUR' }),
  });
  expect(store.status).toBe(201);
  const storeId = ((await store.json()) as { data: { id: string } }).data.id;
  const order = await checkedFetch(`${base}/orders`, {
    method: 'POST',
    headers: { ...json, 'svc-store-id': storeId },
    body: JSON.stringify({
      source_id: 'o1',
      number: '1',
      currency: 'EUR',
      status: 'open',
      order_total: '1.00',
      items: [{ source_id: 'li-1', quantity: 1 }],
      delivery_method: 'shipping',
    }),
  });
  expect(order.status).toBe(201);
  // The WAL checkpoint worker, embedded as source text, runs from the copy too.
  expect(await waitFor(() => log().includes('"WAL checkpoint"'))).toBe(true);
  expect(log()).not.toContain('checkpoint worker failed');

  // The embedded contracts and docs site are served too.
  const spec = await checkedFetch(`${url}/openapi/orders.yaml`);
  expect(spec.status).toBe(200);
  expect(await spec.text()).toContain('operationId: createOrder');
  expect(
    ((await (await checkedFetch(`${url}/openapi/keys.json`)).json()) as { info: { title: string } }).info.title,
  ).toBe('Key-generation service');
  const docs = await checkedFetch(`${url}/docs/orders.html`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain('Order service');
  // The API reference's script is embedded too: the docs fetch nothing from node_modules or elsewhere.
  const scalar = await checkedFetch(`${url}/docs/scalar-standalone.js`);
  expect(scalar.status).toBe(200);
  // Embedded gzipped: the same bytes as written, to a client that takes gzip (fetch's default) and to one that does not.
  const written = readFileSync(path.join(ROOT, 'site/scalar-standalone.js'));
  expect(written.length).toBeGreaterThan(100_000);
  expect(scalar.headers.get('content-encoding')).toBe('gzip');
  expect(Buffer.from(await scalar.arrayBuffer())).toEqual(written);
  const plain = await checkedFetch(`${url}/docs/scalar-standalone.js`, { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers.get('content-encoding')).toBeNull();
  expect(Buffer.from(await plain.arrayBuffer())).toEqual(written);
  // All ASCII: V8 keeps a module's text for the process's life, at twice the size if one character is not Latin-1.
  for (const file of ['server.mjs', 'cli.mjs'])
    expect(readFileSync(path.join(app, file), 'latin1')).not.toMatch(/[^\p{ASCII}]/u);

  // The bundled CLI lists the key, with the same settings file.
  const list = execFileSync(process.execPath, ['--env-file=orders.env', 'cli.mjs', 'api-key', 'list'], {
    cwd: app,
    encoding: 'utf8',
    env: { ...process.env, NODE_PATH: '', NODE_ENV: undefined },
  });
  expect(list).toContain('shop backend');

  process.kill(serverPid, 'SIGTERM');
  expect(await waitFor(() => log().includes('"stopped"'))).toBe(true);
  serverPid = undefined;
});

it('the bundle answers --version with the version and commit it was built from, in an empty folder, creating nothing', () => {
  const empty = path.join(tmp, 'version');
  mkdirSync(empty);
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const program of ['server.mjs', 'cli.mjs']) {
    const r = spawnSync(process.execPath, [path.join(app, program), '--version'], {
      cwd: empty,
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: '' },
    });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, `contract-first-services ${version} (commit ${commit})\n`, '']);
  }
  expect(readdirSync(empty)).toEqual([]);
});

it('a bundle started where its binding cannot load says what to do instead of the loader error', () => {
  // dist/ as the block above built it, with its build record changed to another machine's.
  const server = readFileSync(path.join(app, 'server.mjs'), 'utf8');
  const here = currentRuntime();
  const other = here.arch === 'arm64' ? 'x64' : 'arm64';
  const info = `"platform": "${here.platform}", "arch": "${here.arch}"`;
  expect(server).toContain(info);
  const moved = path.join(tmp, 'moved');
  mkdirSync(moved);
  execFileSync('cp', ['-R', `${app}/.`, moved]);
  writeFileSync(
    path.join(moved, 'server.mjs'),
    server.replace(info, `"platform": "${here.platform}", "arch": "${other}"`),
  );
  const r = spawnSync(process.execPath, ['server.mjs'], {
    cwd: moved,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: ':memory:', PORT: '0' },
  });
  expect(r.status).toBe(1);
  const libc = here.libc ? ` (${here.libc})` : '';
  expect(r.stderr).toContain(
    `This bundle's SQLite binding (better_sqlite3.node) was built for ${here.platform}-${other}${libc}; this machine is ${here.platform}-${here.arch}${libc}.`,
  );
  expect(r.stderr).toContain('npm ci && npm run build');
  expect(r.stdout).not.toContain('Listening');
});

it.skipIf(!postgresUrl)(
  onPostgres("the README's PostgreSQL block: two instances of the bundle and its CLI on one database"),
  async () => {
    expect(postgresBlock).toBeDefined();
    const db = await createTestDatabase();
    try {
      // The block as printed, in the folder the deploy block made, on the test database; the
      // instances on free ports (PORT=0 instead of 8081 and 8082), their pids kept for clean-up.
      const dir = path.join(tmp, 'pg');
      mkdirSync(dir);
      for (const f of ['server.mjs', 'cli.mjs', 'better_sqlite3.node']) execFileSync('cp', [path.join(app, f), dir]);
      const script = postgresBlock!
        .replace('postgres://postgres:REPLACE_WITH_A_DB_PASSWORD@127.0.0.1:5433/orders', db.url)
        .replace('REPLACE_WITH_A_LONG_RANDOM_PASSPHRASE', 'a long random test passphrase')
        .replace(/PORT=808[12] (.*) &$/gm, (_line, rest: string) => `PORT=0 ${rest} & echo $! >> instances.pid`);
      expect(script).toContain(db.url);
      const run = spawnSync('bash', ['-e', '-c', script], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 120_000,
        env: {
          ...process.env,
          PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
          LOG_LEVEL: 'info',
          NODE_PATH: '',
          NODE_ENV: undefined,
        },
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      instancePids.push(...readFileSync(path.join(dir, 'instances.pid'), 'utf8').trim().split('\n').map(Number));
      const logs = () => ['instance-1.log', 'instance-2.log'].map((f) => readFileSync(path.join(dir, f), 'utf8'));
      expect(await waitFor(() => logs().every((l) => l.includes('Listening on')), 30_000)).toBe(true);
      const urls = logs().map((l) => /Listening on (http:\/\/\S+)/.exec(l)![1]!);
      // One of them created the sealed root in the database; neither wrote a file.
      expect(logs().filter((l) => l.includes('Created a new sealed root secret in the database'))).toHaveLength(1);
      expect(readdirSync(dir).sort()).toEqual([
        'better_sqlite3.node',
        'cli.mjs',
        'instance-1.log',
        'instance-2.log',
        'instances.pid',
        'orders.env',
        'server.mjs',
      ]);

      // The CLI ran while both started; its key works on both, and what one stores the other reads.
      const key = run.stdout.trimEnd().split('\n').at(-1)!;
      expect(key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
      const json = { 'content-type': 'application/json', 'svc-api-key': key };
      const store = await checkedFetch(`${urls[0]}/commerce/2024-07/stores`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ source_id: 's1', name: 'Shop', currency: 'EUR' }),
      });
      expect(store.status).toBe(201);
      const id = ((await store.json()) as { data: { id: string } }).data.id;
      const read = await checkedFetch(`${urls[1]}/commerce/2024-07/stores/${id}`, { headers: json });
      expect(read.status).toBe(200);
      for (const u of urls) expect((await checkedFetch(`${u}/readyz`)).status).toBe(200);

      for (const pid of instancePids.splice(0)) process.kill(pid, 'SIGTERM');
      expect(await waitFor(() => logs().every((l) => l.includes('"stopped"')))).toBe(true);
    } finally {
      await db.drop();
    }
  },
);
