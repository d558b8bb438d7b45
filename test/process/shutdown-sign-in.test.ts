import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createKeysClient } from '../../packages/client/src/index.js';
import { ALICE, cookieJarFetch, createTransaction, initKey, keysContract, signInByHttp } from '../keys/support.js';
import { NODE_TS, ROOT, startServer, tempDir, type Started } from '../support/process.js';

let server: Started | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

const HOLD = path.join(ROOT, 'test/process/fixtures/hold-sign-in-callback.mjs');

it('SIGTERM while a sign-in callback is in flight (embedded provider): the sign-in finishes with a key token, then the process exits 0', async () => {
  const dir = tempDir();
  const env = { DATABASE_URL: `file:${path.join(dir, 'keys.db')}`, LOG_LEVEL: 'info' };
  // The preload holds the callback until SIGTERM has closed the listener (see the fixture).
  server = await startServer(env, [...NODE_TS, '--import', HOLD, path.join(ROOT, 'src/server.ts')]);
  const apiKey = server
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('svc_'))!;
  const client = createKeysClient({ origin: server.url, apiKey });
  const key = await initKey(client);
  const txn = await createTransaction(client, 'generate', key);

  const browser = cookieJarFetch();
  const callback = await signInByHttp({ origin: server.url }, txn.userPromptUrl, ALICE, {
    browser,
    stopAt: (u) => u.pathname === '/keygen/oidc/callback',
  });
  expect(callback.pathname).toBe('/keygen/oidc/callback');
  const answer = browser(callback.href);
  const deadline = Date.now() + 5_000;
  while (!server.stderr().includes('sign-in callback held') && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  expect(server.stderr()).toContain('sign-in callback held');

  const running = server;
  const exited = running.stop('SIGTERM');
  const res = await answer;
  keysContract.check('GET', callback.href, res.status, res.headers, undefined);
  expect(res.status).toBe(303);
  // It closes its connection: the stop does not wait for the browser's keep-alive (SHUTDOWN_TIMEOUT_MS).
  expect(res.headers.get('connection')).toBe('close');
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:9/return');
  expect(back.searchParams.get('error')).toBeNull();
  expect(back.searchParams.get('transactionId')).toBe(txn.id);
  const keyToken = back.searchParams.get('keyToken');
  expect(keyToken).toMatch(/^kt_[A-Za-z0-9_-]+$/);
  expect(await exited).toBe(0);
  server = undefined;
  const logs = running.stdout();
  expect(logs).toContain('"msg":"stopped"');
  expect(logs).not.toContain('sign-in could not be verified');
  expect(logs).not.toContain('shutdown timed out');

  // The key token was stored before the exit: a new process on the same database exchanges it.
  server = await startServer(env);
  const again = createKeysClient({ origin: server.url, apiKey });
  const exchanged = await again.GET('/keys/{keyId}', {
    params: { path: { keyId: key.id }, query: { keyToken: keyToken! } },
  });
  expect(exchanged.response.status).toBe(200);
  expect(exchanged.data!.recoveryKey).toMatch(/^[0-9a-z]{50}$/);
});
