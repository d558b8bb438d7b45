import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, expect, it } from 'vitest';
import { createStartingApp } from '../../src/app.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { postgresUrl, createTestDatabase } from '../support/postgres.js';
import { NODE_TS, ROOT, tempDir } from '../support/process.js';

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const f of cleanups.reverse()) await f();
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

it('before the app exists, each service answers 503 in its own error body, with a request id and retry-after', async () => {
  const app = createStartingApp(pino({ level: 'silent' }), '/keygen');
  const orders = await contractFetch(app, contractFor('orders'))('http://x/commerce/2024-07/orders', {
    headers: { 'x-request-id': 'start-1' },
  });
  expect(orders.status).toBe(503);
  expect(orders.headers.get('x-request-id')).toBe('start-1');
  expect(orders.headers.get('retry-after')).toBe('1');
  expect(await orders.json()).toEqual({
    meta: {
      code: 50300,
      type: 'ServiceUnavailable',
      message: 'The service is starting; retry the request in a moment.',
    },
    data: null,
  });
  const keys = await contractFetch(app, contractFor('keys'))('http://x/keygen/keys', { method: 'POST' });
  expect(keys.status).toBe(503);
  expect(keys.headers.get('x-request-id')).toBeTruthy();
  expect(await keys.json()).toEqual({
    error: { code: 'unavailable', message: 'The service is starting; retry the request in a moment.' },
  });
});

it(`requests sent from the moment the port opens get 503 (starting) or their answer, never a bare 500 (${postgresUrl ? 'PostgreSQL' : 'SQLite'})`, async () => {
  const port = await freePort();
  const dir = tempDir('startup-');
  let engineEnv: Record<string, string> = { DATABASE_URL: `file:${path.join(dir, 'db.sqlite')}` };
  if (postgresUrl) {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    engineEnv = { DATABASE_URL: db.url, PUBLIC_URL: `http://127.0.0.1:${port}` };
  }
  const proc = spawn(NODE_TS[0]!, [...NODE_TS.slice(1), path.join(ROOT, 'src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...engineEnv,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'root.sealed.json'),
      KEYGEN_ROOT_PASSPHRASE: 'correct horse battery staple',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  cleanups.push(
    () =>
      new Promise((resolve) =>
        proc.exitCode !== null ? resolve(null) : (proc.once('exit', resolve), proc.kill('SIGKILL')),
      ),
  );

  // Requests in a loop until the app answers; at most 30 s or 3000 requests.
  const seen: Array<{ status: number; requestId: string | null; body: string }> = [];
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && seen.length < 3000 && !out.includes('Listening on')) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/commerce/2024-07/stores`, {
        signal: AbortSignal.timeout(5_000),
      });
      seen.push({ status: res.status, requestId: res.headers.get('x-request-id'), body: await res.text() });
    } catch {
      // Not listening yet.
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  expect(out).toContain('Listening on');
  const last = await fetch(`http://127.0.0.1:${port}/commerce/2024-07/stores`);
  expect(last.status).toBe(401);
  for (const answer of seen) {
    expect([401, 503]).toContain(answer.status);
    expect(answer.requestId).toBeTruthy();
    const meta = (JSON.parse(answer.body) as { meta: { code: number } }).meta;
    expect(meta.code).toBe(answer.status === 503 ? 50300 : 40100);
  }
});
