import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../support/contract.js';
import { postgresBin, startPostgresCluster, type Cluster } from '../support/postgres-cluster.js';
import { startServer, tempDir, type Started } from '../support/process.js';

/**
 * A PostgreSQL server that stops answering (every process of it stopped by SIGSTOP, as a hung
 * host or a frozen VM would be): the instance answers every request within its time limits, 503
 * in the service's error body, and SIGTERM still ends it. The cluster is the test's own.
 */
const bin = postgresBin();
let cluster: Cluster | undefined;
let server: Started | undefined;
let stopped: number[] = [];
afterAll(async () => {
  for (const pid of stopped) process.kill(pid, 'SIGCONT');
  await server?.stop('SIGKILL');
  cluster?.stop();
});

/** The postmaster and its children (the backends and background workers). */
const serverProcesses = (c: Cluster) => {
  const pid = c.postmasterPid();
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter((n) => n > 0);
  return [pid, ...children];
};

describe.skipIf(!bin)('a PostgreSQL server that stops answering', () => {
  it('requests and /readyz get 503 within the time limits; SIGTERM ends the process; all is well after SIGCONT', async () => {
    cluster = await startPostgresCluster(bin!);
    const dir = tempDir('hung-');
    server = await startServer({
      DATABASE_URL: cluster.url,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'root.sealed.json'),
      DATABASE_STATEMENT_TIMEOUT_MS: '500',
      DATABASE_QUERY_TIMEOUT_MS: '1000',
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      SHUTDOWN_TIMEOUT_MS: '1000',
    });
    const key = server
      .stdout()
      .split('\n')
      .find((l) => l.startsWith('svc_'))!;
    expect(key).toBeTruthy();
    const orders = `${server.url}/commerce/2024-07`;
    const headers = { 'content-type': 'application/json', 'svc-api-key': key };
    const store = await checkedFetch(`${orders}/stores`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ source_id: 's', name: 'Shop', currency: 'EUR' }),
    });
    expect(store.status).toBe(201);
    const storeId = ((await store.json()) as { data: { id: string } }).data.id;
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);

    stopped = serverProcesses(cluster);
    for (const pid of stopped) process.kill(pid, 'SIGSTOP');

    // Each request is given far more than the limits (1 s per query and per connection), not forever.
    const bounded = { signal: AbortSignal.timeout(20_000) };
    const ready = await fetch(`${server.url}/readyz`, bounded);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'unavailable' });
    const [created, listed, keys] = await Promise.all([
      checkedFetch(`${orders}/orders`, {
        ...bounded,
        method: 'POST',
        headers: { ...headers, 'svc-store-id': storeId },
        body: '{}',
      }),
      checkedFetch(`${orders}/stores`, { ...bounded, headers }),
      checkedFetch(`${server.url}/keygen/keys`, {
        ...bounded,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ userSecretProvider: 'dev' }),
      }),
    ]);
    for (const res of [created, listed]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toMatchObject({ meta: { code: 50300, type: 'ServiceUnavailable' }, data: null });
    }
    expect(keys.status).toBe(503);
    expect(await keys.json()).toEqual({
      error: {
        code: 'unavailable',
        message: 'The service cannot reach its database right now; retry the request later.',
      },
    });
    // The end user's prompt page answers with a page.
    const page = await fetch(`${server.url}/keygen/prompt?transactionToken=tt_${'A'.repeat(43)}`, bounded);
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('data-reason="database_unavailable"');

    // SIGTERM: the process ends although closing the pool cannot finish.
    const code = await Promise.race([
      server.stop('SIGTERM'),
      new Promise<'still running'>((r) => setTimeout(() => r('still running'), 20_000)),
    ]);
    expect(code).not.toBe('still running');
    server = undefined;

    for (const pid of stopped) process.kill(pid, 'SIGCONT');
    stopped = [];
    // A new instance on the same database answers again.
    server = await startServer({
      DATABASE_URL: cluster.url,
      PUBLIC_URL: 'http://127.0.0.1:8080',
      KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'root.sealed.json'),
    });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(
      (
        await checkedFetch(`${orders.replace(/:\d+\//, `:${new URL(server.url).port}/`)}/stores/${storeId}`, {
          headers,
        })
      ).status,
    ).toBe(200);
  });
});
