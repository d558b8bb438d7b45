import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { checkedFetch } from '../support/contract.js';
import { afterAll, describe, expect, it } from 'vitest';
import { cli, cliAsync, startServer, tempDir, type Started } from '../support/process.js';

const dir = tempDir();
const env = { DATABASE_URL: `file:${path.join(dir, 'service.db')}` };
let server: Started | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

async function call(method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await checkedFetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { meta: { code: number }; data: { id: string } & Record<string, unknown> },
  };
}

describe('npm start and the operator CLI, as a newcomer and an operator use them', () => {
  it('starts on an empty database, prints a development key that works, and serves health checks', async () => {
    server = await startServer(env);
    const lines = server.stdout().split('\n');
    const devKey = lines.find((l) => l.startsWith('svc_'));
    expect(devKey).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect((await checkedFetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await checkedFetch(`${server.url}/readyz`)).status).toBe(200);
    // The key service's sealed root is kept beside the database, not in the working directory.
    expect(existsSync(path.join(dir, 'keygen-root.sealed.json'))).toBe(true);

    const base = `${server.url}/commerce/2024-07`;
    const store = await call(
      'POST',
      `${base}/stores`,
      { 'svc-api-key': devKey! },
      { source_id: 'shop-1', name: 'Shop', currency: 'EUR' },
    );
    expect(store.status).toBe(201);
    const h = { 'svc-api-key': devKey!, 'svc-store-id': store.body.data.id };
    const order = await call('POST', `${base}/orders`, h, {
      source_id: '1001',
      number: '#1001',
      currency: 'EUR',
      status: 'open',
      order_total: '19.90',
      items: [{ source_id: 'li-1', sku: 'MUG-1', quantity: 1 }],
      delivery_method: 'shipping',
    });
    expect(order.status).toBe(201);
    expect((await call('GET', `${base}/orders/${order.body.data.id}`, h)).body.data.source_id).toBe('1001');

    // The root leads to the docs; the specs name the server as it is bound (no PUBLIC_URL).
    const root = await checkedFetch(`${server.url}/`, { redirect: 'manual' });
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/docs');
    const spec = (await (await checkedFetch(`${server.url}/openapi/orders.json`)).json()) as {
      servers: Array<{ url: string }>;
    };
    expect(spec.servers.map((s) => s.url)).toEqual([`${server.url}/commerce/2024-07`]);
    expect(await (await checkedFetch(`${server.url}/openapi/keys.yaml`)).text()).toContain(
      `servers:\n  - url: ${server.url}/keygen\n`,
    );
  });

  it('names PUBLIC_URL in the served specs and the docs code samples', async () => {
    const behind = await startServer({ DATABASE_URL: ':memory:', PUBLIC_URL: 'https://orders.example.test' });
    try {
      const spec = (await (await checkedFetch(`${behind.url}/openapi/orders.json`)).json()) as {
        servers: Array<{ url: string }>;
      };
      expect(spec.servers.map((s) => s.url)).toEqual(['https://orders.example.test/commerce/2024-07']);
      const docs = await (await checkedFetch(`${behind.url}/docs/orders.openapi.json`)).text();
      expect(docs).toContain('curl -sS -X POST \\"https://orders.example.test/commerce/2024-07/stores\\"');
      expect(docs).not.toContain('127.0.0.1:8080');
    } finally {
      await behind.stop('SIGKILL');
    }
  });

  it('creates a key with the CLI while the server runs (key alone on the last line), lists it, and revokes it', async () => {
    const created = cli(['api-key', 'create', '--name', 'ci'], env);
    expect(created.status).toBe(0);
    const out = created.stdout.trimEnd().split('\n');
    const key = out[out.length - 1];
    expect(key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    const id = /Created API key (key_\w+)/.exec(created.stdout)![1];

    const ok = await checkedFetch(`${server!.url}/commerce/2024-07/stores`, { headers: { 'svc-api-key': key } });
    expect(ok.status).toBe(200);

    const list = cli(['api-key', 'list'], env);
    expect(list.stdout).toContain(id);
    expect(list.stdout).not.toContain(key);

    const revoked = cli(['api-key', 'revoke', id], env);
    expect(revoked.status).toBe(0);
    await new Promise((r) => setTimeout(r, 1_100)); // revocation is honoured within one second
    expect(
      (await checkedFetch(`${server!.url}/commerce/2024-07/stores`, { headers: { 'svc-api-key': key } })).status,
    ).toBe(401);
    expect(cli(['api-key', 'revoke', id], env).status).toBe(1);
    expect(cli(['api-key', 'create'], env).status).toBe(2);
  });

  it('gives a key a signing secret with the CLI: the running server then takes only signed requests with it', async () => {
    const created = cli(['api-key', 'create', '--name', 'signer'], env);
    const key = created.stdout.trimEnd().split('\n').at(-1)!;
    const id = /Created API key (key_\w+)/.exec(created.stdout)![1]!;
    const made = cli(['api-key', 'signing-secret', id], env);
    expect(made.status).toBe(0);
    expect(made.stdout).toContain(`API key ${id} now requires signed requests`);
    const secret = made.stdout.trimEnd().split('\n').at(-1)!;
    expect(secret).toMatch(/^svcsig_[A-Za-z0-9_-]{43}$/);
    expect(cli(['api-key', 'list'], env).stdout).toMatch(new RegExp(`${id} .* active, signed requests  signer`));
    expect(cli(['api-key', 'signing-secret', 'key_nothing'], env).status).toBe(1);

    await new Promise((r) => setTimeout(r, 1_100)); // a running server sees the change within one second
    const url = `${server!.url}/commerce/2024-07/stores`;
    expect((await checkedFetch(url, { headers: { 'svc-api-key': key } })).status).toBe(401);
    // The SignString of a GET without a body: method, empty MD5 and type, date, the svc- headers, the path.
    const date = new Date().toUTCString();
    const signature = createHmac('sha256', secret)
      .update(`GET\n\n\n${date}\nsvc-api-key:${key}\n/commerce/2024-07/stores`)
      .digest('base64');
    const signed = await checkedFetch(url, {
      headers: { 'svc-api-key': key, date, 'svc-signature-hmac-sha256': signature },
    });
    expect(signed.status).toBe(200);
  });

  it('does not print a new development key when keys exist, and exits 0 on SIGTERM', async () => {
    expect(await server!.stop('SIGTERM')).toBe(0);
    server = await startServer(env);
    expect(server.stdout()).not.toMatch(/^svc_/m);
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
  });

  it('never mints a key on its own with NODE_ENV=production', async () => {
    const prod = await startServer({
      DATABASE_URL: `file:${path.join(tempDir(), 'prod.db')}`,
      NODE_ENV: 'production',
      KEYGEN_ROOT_PASSPHRASE: 'a-long-enough-passphrase',
      KEYGEN_SEALED_ROOT_FILE: path.join(tempDir(), 'root.json'),
      KEYGEN_SEALED_ROOT_CREATE: 'true',
    });
    expect(prod.stdout()).not.toMatch(/^svc_/m);
    expect(prod.stdout()).toContain('No API keys exist yet');
    expect(await prod.stop()).toBe(0);
  });

  it('refuses invalid configuration with a clear message', async () => {
    // Nine starts that each stop at once: run side by side, each checked on its own.
    const unreachable = 'postgres://svc:s3cret-password@127.0.0.1:1/x';
    const refused = (extra: Record<string, string>) =>
      startServer({ ...env, ...extra }).then(
        async (s) => {
          await s.stop('SIGKILL');
          throw new Error(`started with ${JSON.stringify(extra)}`);
        },
        (err: Error) => err.message,
      );
    const [port, scheme, cliScheme, noPublicUrl, down, cliDown, flag] = await Promise.all([
      refused({ PORT: 'eighty' }),
      // A database URL of another scheme is refused, not taken for a folder named `mysql:`.
      refused({ DATABASE_URL: 'mysql://localhost/x' }),
      cliAsync(['api-key', 'list'], { DATABASE_URL: 'mysql://localhost/x' }),
      // On PostgreSQL every instance must name the one origin browsers reach.
      refused({ DATABASE_URL: 'postgres://localhost/x' }),
      // A server that cannot be reached stops the start (and the CLI) with the reason, never the password.
      refused({ DATABASE_URL: unreachable, PUBLIC_URL: 'http://127.0.0.1:8080' }),
      cliAsync(['api-key', 'list'], { DATABASE_URL: unreachable }),
      // Boolean settings are true/false or 1/0; anything else is a start error, not a silent false.
      refused({ KEYGEN_SEALED_ROOT_CREATE: 'maybe' }),
    ]);
    expect(port).toMatch(/Invalid configuration:[\s\S]*PORT/);
    expect(scheme).toMatch(
      /Invalid configuration:[\s\S]*DATABASE_URL: expected postgres:\/\/…, postgresql:\/\/…, file:PATH, a file path, or :memory:/,
    );
    expect(cliScheme.status).toBe(1);
    expect(cliScheme.stderr).toContain('DATABASE_URL: expected postgres://');
    expect(noPublicUrl).toMatch(/PUBLIC_URL: required on PostgreSQL/);
    expect(down).toMatch(/Failed to start: Cannot open the PostgreSQL database: connect ECONNREFUSED 127\.0\.0\.1:1/);
    expect(down).not.toMatch(/s3cret/);
    expect(cliDown.status).toBe(1);
    expect(cliDown.stderr).toContain('Cannot open the PostgreSQL database: connect ECONNREFUSED');
    expect(cliDown.stderr).not.toContain('s3cret');
    expect(flag).toMatch(/KEYGEN_SEALED_ROOT_CREATE: expected true or false \(or 1 or 0\), got "maybe"/);
  });
});
