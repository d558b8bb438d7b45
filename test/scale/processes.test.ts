import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../support/contract.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';
import { cliAsync, startServer, type Started } from '../support/process.js';

// The server and the CLI as an operator runs them on PostgreSQL: two processes started at the same
// moment on an empty database, a key made by the CLI, and the key service's root shared by both.

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await checkedFetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { data?: Record<string, unknown> },
  };
}

describe.skipIf(!postgresUrl)(onPostgres('two server processes on one database'), () => {
  const started: Started[] = [];
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    for (const s of started) await s.stop('SIGKILL');
    await db?.drop();
  });

  it('start together on an empty database in production, share the CLI key, the sealed root and the data', async () => {
    db = await createTestDatabase();
    const env = {
      DATABASE_URL: db.url,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://keys.example.test',
      KEYGEN_ROOT_PASSPHRASE: 'a-long-enough-passphrase',
      KEYGEN_SEALED_ROOT_CREATE: 'true',
      // The embedded provider, on in production only for this test: it lets a key be made without Google.
      KEYGEN_DEV_OIDC: 'true',
      LOG_LEVEL: 'warn',
    };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    started.push(a!, b!);
    for (const s of [a!, b!]) {
      expect((await checkedFetch(`${s.url}/readyz`)).status).toBe(200);
      expect(s.stdout()).toContain('No API keys exist yet');
    }
    // One of them created the root; neither wrote a root file.
    const created = [a!, b!].filter((s) => s.stdout().includes('Created a new sealed root secret in the database'));
    expect(created).toHaveLength(1);

    const made = await cliAsync(['api-key', 'create', '--name', 'operator'], { DATABASE_URL: db.url });
    expect(made.status).toBe(0);
    const key = made.stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^svc_/);
    expect((await cliAsync(['api-key', 'list'], { DATABASE_URL: db.url })).stdout).toContain('active  operator');

    // A store made through one is read through the other.
    const store = await call(
      'POST',
      `${a!.url}/commerce/2024-07/stores`,
      { 'svc-api-key': key },
      { source_id: 'shop-1', name: 'Shop', currency: 'EUR' },
    );
    expect(store.status).toBe(201);
    const read = await call('GET', `${b!.url}/commerce/2024-07/stores/${store.body.data!.id as string}`, {
      'svc-api-key': key,
    });
    expect(read.status).toBe(200);

    // A key made on A: B checks its client secret (a MAC under the shared root) and opens a
    // transaction; with a root of its own B would refuse the secret.
    const init = await call('POST', `${a!.url}/keygen/keys`, { 'x-api-key': key }, { userSecretProvider: 'dev' });
    expect(init.status).toBe(200);
    const { id, clientSecret } = init.body as unknown as { id: string; clientSecret: string };
    const txn = await call(
      'POST',
      `${b!.url}/keygen/keys/${id}/transactions/generate`,
      { 'x-api-key': key },
      { clientSecret, clientReturnUrl: 'https://app.example.test/done' },
    );
    expect(txn.status).toBe(200);
    expect((txn.body as unknown as { userPromptUrl: string }).userPromptUrl).toMatch(
      /^https:\/\/keys\.example\.test\/keygen\/prompt/,
    );
    // Another last character, always: a secret that already ended in "AA" once made this the right one.
    const other = `${clientSecret.slice(0, -1)}${clientSecret.endsWith('A') ? 'B' : 'A'}`;
    const wrong = await call(
      'POST',
      `${b!.url}/keygen/keys/${id}/transactions/generate`,
      { 'x-api-key': key },
      { clientSecret: other, clientReturnUrl: 'https://app.example.test/done' },
    );
    expect(wrong.status).toBeGreaterThanOrEqual(400);
  });
});
