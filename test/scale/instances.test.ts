import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysClient, createOrdersClient } from '../../packages/client/src/index.js';
import type { KeysConfig } from '../../src/keys/config.js';
import { DEFAULT_DEV_USERS } from '../../src/keys/oidc/dev-users.js';
import { loadSealedModuleFrom } from '../../src/keys/sealed/from-config.js';
import { systemClock, manualClock, type Clock } from '../../src/shared/clock.js';
import { migratePostgres, openPostgresPool } from '../../src/shared/db/postgres.js';
import { postgresStorage, type Storage } from '../../src/storage.js';
import { appFor } from '../support/app.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { orderBody, storeBody } from '../support/factories.js';
import { TEST_CONNECT_TIMEOUT_MS } from '../support/database.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';
import { ALICE, createTransaction, initKey, keysContract, signInByHttp, tempDir } from '../keys/support.js';

// Two instances of the process on one PostgreSQL database, as behind a load balancer: each with
// its own pool, its own app and its own memory; only the database is shared. Every answer is
// checked against the YAML (contractFetch).

const orders = contractFor('orders');
const PASSPHRASE = 'correct horse battery staple';

interface Instance {
  name: string;
  pool: pg.Pool;
  storage: Storage;
  app: ReturnType<typeof appFor>;
}

describe.skipIf(!postgresUrl)(onPostgres('two instances on one database'), () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: Server;
  let publicUrl: string;
  let instances: Instance[] = [];
  /** Which instance the test's "load balancer" (one listener) hands the next request to. */
  let route: () => Instance;
  const extraPools: pg.Pool[] = [];
  const sealedRoot = {
    file: path.join(tempDir(), 'unused-on-postgres.json'),
    passphrase: PASSPHRASE,
    development: true,
    allowCreate: false,
  };

  /** One instance as the server starts it: migrate (under the lock), open the sealed root from the database, build the app. */
  async function startInstance(
    name: string,
    opts: { clock?: Clock; rate?: { perSecond: number; burst: number } } = {},
  ): Promise<Instance> {
    const pool = openPostgresPool(db.url, {
      poolSize: 6,
      statementTimeoutMs: 10_000,
      connectTimeoutMs: TEST_CONNECT_TIMEOUT_MS,
    });
    await migratePostgres(pool);
    const storage = postgresStorage(pool);
    const sealed = await loadSealedModuleFrom(storage.sealedRoot!, sealedRoot, () => {}, 2 ** 12);
    const config: KeysConfig = {
      publicUrl,
      basePath: '/keygen',
      allowHttpReturnUrl: false,
      providers: {},
      devProvider: { users: DEFAULT_DEV_USERS },
      sealedRoot,
    };
    const app = appFor({
      storage,
      clock: opts.clock ?? systemClock,
      config: { RATE_LIMIT_PER_SECOND: opts.rate?.perSecond ?? 0, RATE_LIMIT_BURST: opts.rate?.burst ?? 1 },
      keys: { config, sealed },
      publicUrl,
    });
    return { name, pool, storage, app };
  }

  const ordersClient = (i: Instance, apiKey: string) =>
    createOrdersClient({ origin: publicUrl, apiKey, fetch: contractFetch(i.app, orders) });
  const keysClient = (i: Instance, apiKey: string) =>
    createKeysClient({ origin: publicUrl, apiKey, fetch: contractFetch(i.app, keysContract) });
  const newKey = async (name: string) => (await instances[0]!.storage.repos.apiKeys.create(new Date(), { name })).key;

  beforeAll(async () => {
    db = await createTestDatabase();
    server = serve({ fetch: (req, env) => route().app.fetch(req, env), port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    publicUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Both start at once on an empty database: migrations and the sealed root are made once.
    instances = await Promise.all([startInstance('A'), startInstance('B')]);
    route = () => instances[0]!;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    for (const p of [...instances.map((i) => i.pool), ...extraPools]) await p.end();
    await db?.drop();
  });

  it('both come up on an empty database: the migrations applied once, one sealed root', async () => {
    const [a, b] = instances;
    expect((await a!.app.request('/readyz')).status).toBe(200);
    expect((await b!.app.request('/readyz')).status).toBe(200);
    const migrations = await a!.pool.query(
      'SELECT hash, count(*)::int AS n FROM drizzle."__drizzle_migrations" GROUP BY hash',
    );
    expect(migrations.rows.length).toBeGreaterThanOrEqual(3);
    expect(migrations.rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    expect((await a!.pool.query('SELECT count(*)::int AS n FROM keygen_sealed_root')).rows[0].n).toBe(1);
  });

  it('40 concurrent creates of one source_id across both: exactly one 201, the rest 409/40900', async () => {
    const key = await newKey('race');
    const clients = instances.map((i) => ordersClient(i, key));
    const stores = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        clients[n % 2]!.POST('/stores', { body: storeBody({ source_id: 'one-shop', name: `Shop ${n}` }) }),
      ),
    );
    expect(stores.filter((r) => r.response.status === 201)).toHaveLength(1);
    expect(stores.filter((r) => r.response.status === 409 && r.error?.meta.code === 40900)).toHaveLength(39);

    const storeId = stores.find((r) => r.response.status === 201)!.data!.data.id;
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        clients[n % 2]!.POST('/orders', {
          params: { header: { 'svc-store-id': storeId } },
          body: orderBody({ source_id: 'order-1', number: `#${n}` }),
        }),
      ),
    );
    expect(created.filter((r) => r.response.status === 201)).toHaveLength(1);
    expect(created.filter((r) => r.response.status === 409 && r.error?.meta.code === 40900)).toHaveLength(39);
    const listed = await clients[1]!.GET('/orders', {
      params: { header: { 'svc-store-id': storeId }, query: { limit: 50 } },
    });
    expect(listed.data!.data.orders.map((o) => o.source_id)).toEqual(['order-1']);
  });

  it('concurrent patches on both lose nothing: each field ends at its own last value', async () => {
    const key = await newKey('patches');
    const [a, b] = instances.map((i) => ordersClient(i, key));
    const store = await a!.POST('/stores', { body: storeBody() });
    const id = store.data!.data.id;
    // Three writers, one per field, each sending its patches one after the other to alternating
    // instances; the writers run at the same time. A lost update would put a field back.
    const writer = async (field: 'name' | 'support_email' | 'phone', value: (n: number) => string) => {
      for (let n = 0; n < 12; n++) {
        const res = await (n % 2 ? b! : a!).PATCH('/stores/{id}', {
          params: { path: { id } },
          body: { [field]: value(n) },
        });
        expect(res.response.status).toBe(200);
      }
    };
    await Promise.all([
      writer('name', (n) => `Name ${n}`),
      writer('support_email', (n) => `support${n}@example.com`),
      writer('phone', (n) => `+4930123456${n.toString().padStart(2, '0')}`),
    ]);
    for (const client of [a!, b!]) {
      const got = (await client.GET('/stores/{id}', { params: { path: { id } } })).data!.data;
      expect([got.name, got.support_email, got.phone]).toEqual(['Name 11', 'support11@example.com', '+493012345611']);
    }
  });

  it('shares the rate limit: two instances give a key its burst once, not twice', async () => {
    // Frozen clocks: no token comes back during the test. Two more instances, on their own pools.
    const clock = manualClock(new Date('2030-01-01T00:00:00.000Z'));
    const limited = await Promise.all([
      startInstance('A-limited', { clock, rate: { perSecond: 1, burst: 5 } }),
      startInstance('B-limited', { clock, rate: { perSecond: 1, burst: 5 } }),
    ]);
    extraPools.push(...limited.map((i) => i.pool));
    const key = await newKey('limited');
    const clients = limited.map((i) => ordersClient(i, key));
    const answers = [];
    for (let n = 0; n < 12; n++) answers.push(await clients[n % 2]!.GET('/stores', {}));
    expect(answers.map((r) => r.response.status)).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    expect(answers[4]!.response.headers.get('ratelimit-remaining')).toBe('0');
    expect(answers[5]!.response.headers.get('retry-after')).toBe('1');
    // Concurrent requests on both draw on the same bucket too: a second key, 20 at once, 5 pass.
    const other = await newKey('limited-2');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, n) => ordersClient(limited[n % 2]!, other).GET('/stores', {})),
    );
    expect(burst.filter((r) => r.response.status === 200)).toHaveLength(5);
  });

  it('a revocation reaches both instances within a second', async () => {
    const created = await instances[0]!.storage.repos.apiKeys.create(new Date(), { name: 'revoked' });
    const clients = instances.map((i) => ordersClient(i, created.key));
    // Both have just let the key in (and remember it for up to a second).
    for (const c of clients) expect((await c.GET('/stores', {})).response.status).toBe(200);
    const revokedAt = Date.now();
    expect(await instances[1]!.storage.repos.apiKeys.revoke(new Date(), created.id)).toBe(true);
    const refusedAfter = await Promise.all(
      clients.map(async (c) => {
        for (;;) {
          const res = await c.GET('/stores', {});
          if (res.response.status === 401) return Date.now() - revokedAt;
          expect(res.response.status).toBe(200);
          await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
    for (const ms of refusedAfter) expect(ms).toBeLessThan(1_000 + 250);
  });

  it('a key initialised on one is generated and recovered on the other; a key token exchanged on both at once is spent once', async () => {
    const apiKey = await newKey('keys');
    const [a, b] = instances.map((i) => keysClient(i, apiKey));
    const key = await initKey(a!);

    // generate: the transaction is created on B; the sign-in goes through the load balancer, which
    // hands its requests to A and B in turn (the provider's state is in the database).
    let turn = 0;
    route = () => instances[turn++ % 2]!;
    const generate = await createTransaction(b!, 'generate', key);
    const back = await signInByHttp({ origin: publicUrl }, generate.userPromptUrl, ALICE);
    const keyToken = back.searchParams.get('keyToken')!;
    // The same key token sent to both instances at once: exactly one answer carries the key.
    const both = await Promise.all(
      [a!, b!, a!, b!].map((c) => c.GET('/keys/{keyId}', { params: { path: { keyId: key.id }, query: { keyToken } } })),
    );
    const ok = both.filter((r) => r.response.status === 200);
    expect(ok).toHaveLength(1);
    expect(
      both.filter((r) => r.response.status !== 200).every((r) => r.response.status >= 400 && r.response.status < 500),
    ).toBe(true);
    const generated = ok[0]!.data!.recoveryKey;

    // recover: created on A, signed in, exchanged on B: the same key.
    const recover = await createTransaction(a!, 'recover', key);
    const back2 = await signInByHttp({ origin: publicUrl }, recover.userPromptUrl, ALICE);
    const recovered = await b!.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: back2.searchParams.get('keyToken')! } },
    });
    expect(recovered.response.status).toBe(200);
    expect(recovered.data!.recoveryKey).toBe(generated);
    // Both instances served the sign-ins.
    expect(turn).toBeGreaterThanOrEqual(8);
  });
});
