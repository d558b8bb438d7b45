import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysClient, createOrdersClient } from '../../packages/client/src/index.js';
import type { KeysConfig } from '../../src/keys/config.js';
import { DEFAULT_DEV_USERS } from '../../src/keys/oidc/dev-users.js';
import { loadSealedModuleFrom } from '../../src/keys/sealed/from-config.js';
import { systemClock } from '../../src/shared/clock.js';
import { migratePostgres, openPostgresPool } from '../../src/shared/db/postgres.js';
import { postgresStorage, type Storage } from '../../src/storage.js';
import { appFor } from '../support/app.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { orderBody, storeBody } from '../support/factories.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';
import { keysContract, tempDir } from '../keys/support.js';

// Safe retries across two instances of the process on one PostgreSQL database (each its own pool,
// app and memory): a key is taken by one conditional statement in the database, so retries sent
// to either instance at once do the work once. Every answer is checked against the YAML.

const orders = contractFor('orders');
const PUBLIC_URL = 'http://balancer.test';
const sealedRoot = {
  file: path.join(tempDir(), 'unused-on-postgres.json'),
  passphrase: 'correct horse battery staple',
  development: true,
  allowCreate: false,
};

interface Instance {
  pool: pg.Pool;
  storage: Storage;
  app: ReturnType<typeof appFor>;
}

describe.skipIf(!postgresUrl)(onPostgres('Idempotency-Key across two instances on one database'), () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let instances: Instance[] = [];

  async function startInstance(): Promise<Instance> {
    const pool = openPostgresPool(db.url, { poolSize: 6, statementTimeoutMs: 10_000 });
    await migratePostgres(pool);
    const storage = postgresStorage(pool);
    const sealed = await loadSealedModuleFrom(storage.sealedRoot!, sealedRoot, () => {}, 2 ** 12);
    const config: KeysConfig = {
      publicUrl: PUBLIC_URL,
      basePath: '/keygen',
      allowHttpReturnUrl: false,
      providers: {},
      devProvider: { users: DEFAULT_DEV_USERS },
      sealedRoot,
    };
    const app = appFor({ storage, clock: systemClock, keys: { config, sealed }, publicUrl: PUBLIC_URL });
    return { pool, storage, app };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    instances = [await startInstance(), await startInstance()];
  });
  afterAll(async () => {
    for (const i of instances) await i.pool.end();
    await db?.drop();
  });

  it('20 concurrent retries of one order create with one key, alternating instances, make one order; each answer is the first or 409 in progress', async () => {
    const apiKey = (await instances[0]!.storage.repos.apiKeys.create(new Date(), { name: 'retries' })).key;
    const clients = instances.map((i) =>
      createOrdersClient({ origin: PUBLIC_URL, apiKey, fetch: contractFetch(i.app, orders) }),
    );
    const store = await clients[0]!.POST('/stores', { body: storeBody() });
    const storeId = store.data!.data.id;
    const body = orderBody();
    const params = { header: { 'svc-store-id': storeId, 'idempotency-key': 'one-order' } };

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => clients[n % 2]!.POST('/orders', { params, body })),
    );
    const first = answers.filter(
      (a) => a.response.status === 201 && a.response.headers.get('idempotent-replayed') === null,
    );
    expect(first).toHaveLength(1);
    for (const a of answers) {
      if (a.response.status === 201) {
        expect(a.data).toEqual(first[0]!.data);
      } else {
        expect(a.response.status).toBe(409);
        expect(a.error?.meta.errors).toEqual([{ path: 'header.idempotency-key', info: 'Still in progress.' }]);
      }
    }
    const stored = await instances[1]!.pool.query('SELECT count(*)::int AS n FROM orders WHERE store_id = $1', [
      storeId,
    ]);
    expect(stored.rows[0].n).toBe(1);

    // Once answered, a retry through either instance gets the first answer.
    for (const c of clients) {
      const again = await c.POST('/orders', { params, body });
      expect([again.response.status, again.response.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
      expect(again.data).toEqual(first[0]!.data);
    }
  });

  it('20 concurrent retries of one key init with one key, alternating instances, make one key with one client secret', async () => {
    const created = await instances[0]!.storage.repos.apiKeys.create(new Date(), { name: 'key-retries' });
    const clients = instances.map((i) =>
      createKeysClient({ origin: PUBLIC_URL, apiKey: created.key, fetch: contractFetch(i.app, keysContract) }),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        clients[n % 2]!.POST('/keys', {
          params: { header: { 'Idempotency-Key': 'one-key' } },
          body: { userSecretProvider: 'dev' },
        }),
      ),
    );
    const ok = answers.filter((a) => a.response.status === 200);
    expect(new Set(ok.map((a) => `${a.data!.id} ${a.data!.clientSecret}`)).size).toBe(1);
    for (const a of answers.filter((x) => x.response.status !== 200)) {
      expect(a.response.status).toBe(409);
      expect(a.error?.error).toMatchObject({ code: 'conflict', reason: 'in_progress' });
    }
    const keys = await instances[0]!.pool.query('SELECT count(*)::int AS n FROM keygen_keys WHERE account_id = $1', [
      created.accountId,
    ]);
    expect(keys.rows[0].n).toBe(1);
  });
});
