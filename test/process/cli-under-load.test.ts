import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_TS, ROOT, startServer, tempDir, type Started } from '../support/process.js';
import { orderBody, storeBody } from '../support/factories.js';

// SQLite only (one file, two processes): the operator CLI writes while the server takes write
// load. Write transactions that read first begin IMMEDIATE and wait for busy_timeout, so neither
// side fails with "database is locked" (before, 14 of 2,922 POST /orders were 500s and 16 of 24
// CLI runs failed).

const run = promisify(execFile);

describe('the CLI while 32 writers load the server (SQLite)', () => {
  let server: Started | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('creates 20 keys, every run succeeds, and the server answers no 5xx', { timeout: 180_000 }, async () => {
    const env = { DATABASE_URL: `file:${path.join(tempDir(), 'service.db')}`, RATE_LIMIT_PER_SECOND: '0' };
    server = await startServer(env);
    const devKey = server
      .stdout()
      .split('\n')
      .find((l) => l.startsWith('svc_'))!;
    const base = `${server.url}/commerce/2024-07`;
    const send = async (method: string, url: string, headers: Record<string, string>, body: unknown) => {
      const res = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'svc-api-key': devKey, ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: { id: string } } };
    };

    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let cliDone = false;
    // 32 writers: each makes a store, then orders and patches of them, until the CLI runs are over.
    const writer = async (w: number) => {
      const store = await send('POST', `${base}/stores`, {}, storeBody({ source_id: `load-${w}` }));
      count(store.status);
      const h = { 'svc-store-id': store.body.data.id };
      for (let n = 0; !cliDone; n++) {
        const order = await send('POST', `${base}/orders`, h, orderBody({ source_id: `w${w}-${n}` }));
        count(order.status);
        if (order.status === 201)
          count((await send('PATCH', `${base}/orders/${order.body.data.id}`, h, { note: `patched ${n}` })).status);
        if (n % 5 === 0)
          count((await send('POST', `${base}/stores`, {}, storeBody({ source_id: `load-${w}-${n}` }))).status);
      }
    };
    const started = Date.now();
    // A writer that fails (a refused connection) ends the test with its error, after the CLI runs.
    const writers = Promise.allSettled(Array.from({ length: 32 }, (_, w) => writer(w)));

    // 20 CLI runs, four at a time, each a process of its own on the same file.
    const cliRuns: Array<{ code: number; stdout: string; stderr: string }> = [];
    const cliWorker = async (from: number) => {
      for (let i = from; i < 20; i += 4) {
        try {
          const { stdout, stderr } = await run(
            NODE_TS[0]!,
            [...NODE_TS.slice(1), path.join(ROOT, 'src/cli.ts'), 'api-key', 'create', '--name', `cli-${i}`],
            {
              cwd: ROOT,
              env: { ...process.env, ...env },
            },
          );
          cliRuns.push({ code: 0, stdout, stderr });
        } catch (err) {
          const e = err as { code: number; stdout: string; stderr: string };
          cliRuns.push({ code: e.code, stdout: e.stdout, stderr: e.stderr });
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(cliWorker));
    cliDone = true;
    const ended = await writers;
    console.log(
      `20 CLI runs under 32 writers: ${Date.now() - started} ms, ${[...statuses.values()].reduce((a, b) => a + b, 0)} requests`,
    );
    expect(ended.filter((w) => w.status === 'rejected')).toEqual([]);

    expect(cliRuns.filter((r) => r.code !== 0)).toEqual([]);
    expect(cliRuns.filter((r) => /^svc_/m.test(r.stdout))).toHaveLength(20);
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(200);
    expect(Object.fromEntries([...statuses].filter(([s]) => s >= 500))).toEqual({});
    expect([...statuses.keys()].sort()).toEqual([200, 201]);
  });
});
