import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysClient } from '../../packages/client/src/index.js';
import type { KeysConfig } from '../../src/keys/config.js';
import { DEFAULT_DEV_USERS } from '../../src/keys/oidc/dev-users.js';
import { loadSealedModuleFrom } from '../../src/keys/sealed/from-config.js';
import { startSweeper } from '../../src/keys/sweeper.js';
import { anchoredClock, manualClock, type Clock } from '../../src/shared/clock.js';
import { migratePostgres, openPostgresPool } from '../../src/shared/db/postgres.js';
import { postgresStorage, sharedClock, sqliteStorage, type Storage } from '../../src/storage.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { appFor } from '../support/app.js';
import { contractFetch } from '../support/contract.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';
import { createTransaction, initKey, keysContract, tempDir } from '../keys/support.js';

/**
 * Two instances on one PostgreSQL database, one of them with a clock 25 hours ahead (an injected
 * clock): each keeps to the database's clock (sharedClock, as the server builds its clock), so the
 * skewed one neither sweeps the other's open transactions, nor makes transactions that live 49
 * hours, nor moves the shared rate-limit bucket into the future; it warns in its log.
 */
const DAY = 24 * 3600_000;
const SKEW = 25 * 3600_000;
const PASSPHRASE = 'correct horse battery staple';
const PUBLIC_URL = 'http://keys.test';

describe.skipIf(!postgresUrl)(onPostgres('an instance whose clock is 25 h ahead'), () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const pools: pg.Pool[] = [];
  const stops: Array<() => void> = [];
  // Both machines' clocks stand still unless the test moves them; B's reads 25 h more than A's.
  const machineA = manualClock(new Date());
  const machineB: Clock = { now: () => new Date(machineA.now().getTime() + SKEW) };
  const sealedRoot = {
    file: path.join(tempDir(), 'unused-on-postgres.json'),
    passphrase: PASSPHRASE,
    development: true,
    allowCreate: false,
  };

  async function startInstance(machine: Clock) {
    const pool = openPostgresPool(db.url, { poolSize: 4, statementTimeoutMs: 10_000 });
    pools.push(pool);
    await migratePostgres(pool);
    const storage: Storage = postgresStorage(pool);
    const warnings: Array<{ fields: object; message: string }> = [];
    const clock = await sharedClock(storage, machine, (fields, message) => warnings.push({ fields, message }));
    stops.push(clock.stop);
    const sealed = await loadSealedModuleFrom(storage.sealedRoot!, sealedRoot, () => {}, 2 ** 12);
    const config: KeysConfig = {
      publicUrl: PUBLIC_URL,
      basePath: '/keygen',
      allowHttpReturnUrl: false,
      providers: {},
      devProvider: { users: DEFAULT_DEV_USERS },
      sealedRoot,
    };
    const app = appFor({
      storage,
      clock,
      config: { RATE_LIMIT_PER_SECOND: 1, RATE_LIMIT_BURST: 2 },
      keys: { config, sealed },
      publicUrl: PUBLIC_URL,
    });
    const client = (apiKey: string) =>
      createKeysClient({ origin: PUBLIC_URL, apiKey, fetch: contractFetch(app, keysContract) });
    return { pool, storage, clock, app, client, warnings };
  }
  let a: Awaited<ReturnType<typeof startInstance>>;
  let b: Awaited<ReturnType<typeof startInstance>>;
  const row = async (sql: string, values: unknown[] = []) =>
    (await a.pool.query(sql, values)).rows[0] as Record<string, unknown>;

  beforeAll(async () => {
    db = await createTestDatabase();
    machineA.set(new Date());
    a = await startInstance(machineA);
    b = await startInstance(machineB);
  });
  afterAll(async () => {
    for (const stop of stops) stop();
    for (const p of pools) await p.end();
    await db?.drop();
  });

  it('the skewed instance warns in its log, saying by how much; the other does not', () => {
    expect(a.warnings).toEqual([]);
    expect(b.warnings).toHaveLength(1);
    expect(b.warnings[0]!.message).toMatch(
      /^this machine's clock is (8999\d|9000\d)\.\d s ahead of the database server's/,
    );
    expect((b.warnings[0]!.fields as { clockOffsetMs: number }).clockOffsetMs).toBeLessThan(-SKEW + 5_000);
  });

  it("its sweeper leaves the other instance's open transactions alone, and their links work", async () => {
    const apiKey = (await a.storage.repos.apiKeys.create(a.clock.now(), { name: 'sweep' })).key;
    const key = await initKey(a.client(apiKey));
    const { id, userPromptUrl } = await createTransaction(a.client(apiKey), 'generate', key);
    await startSweeper(
      { transactions: b.storage.repos.transactions, devProvider: b.storage.repos.devProvider, clock: b.clock },
      { intervalMs: 3_600_000 },
    ).sweep();
    expect(
      await row('SELECT sealed_client_secret IS NOT NULL AS kept FROM keygen_transactions WHERE id = $1', [id]),
    ).toEqual({ kept: true });
    const page = await b.app.request(userPromptUrl.replace(PUBLIC_URL, ''));
    expect(page.status).toBe(200);
  });

  it("a transaction it creates expires 24 h after the database's now, not 49 h", async () => {
    const apiKey = (await b.storage.repos.apiKeys.create(b.clock.now(), { name: 'expiry' })).key;
    const key = await initKey(b.client(apiKey));
    const { id } = await createTransaction(b.client(apiKey), 'generate', key);
    const { created_at, expires_at, db_now } = (await row(
      'SELECT created_at, expires_at, clock_timestamp() AS db_now FROM keygen_transactions WHERE id = $1',
      [id],
    )) as {
      created_at: string;
      expires_at: string;
      db_now: Date;
    };
    expect(Date.parse(expires_at) - Date.parse(created_at)).toBe(DAY);
    // The machines' clocks stand still; the database's moves on: within a minute of it either way.
    expect(Math.abs(Date.parse(created_at) - db_now.getTime())).toBeLessThan(60_000);
  });

  it('one request through it does not move the shared rate-limit bucket into the future: the key refills on the other instance', async () => {
    const apiKey = await a.storage.repos.apiKeys.create(a.clock.now(), { name: 'rate' });
    // Burst 2, 1 per second: one token through the skewed instance, one through the other, then none.
    expect((await b.client(apiKey.key).POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(
      200,
    );
    expect((await a.client(apiKey.key).POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(
      200,
    );
    expect((await a.client(apiKey.key).POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(
      429,
    );
    const { at } = (await row('SELECT at FROM rate_limits WHERE api_key_id = $1', [apiKey.id])) as { at: string };
    expect(Number(at)).toBeLessThan(Date.now() + 60_000);
    // Two seconds later (on the machines' clocks), the key has tokens again, on both instances.
    machineA.advance(2_000);
    expect((await a.client(apiKey.key).POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(
      200,
    );
    expect((await b.client(apiKey.key).POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(
      200,
    );
  });
});

describe('the shared clock', () => {
  it('on SQLite (one process, one database) is the process clock itself, with no warning', async () => {
    const handle = openDatabase(':memory:');
    const machine = manualClock(new Date('2030-01-01T00:00:00.000Z'));
    const warnings: string[] = [];
    const clock = await sharedClock(sqliteStorage(handle.db), machine, (_f, m) => warnings.push(m));
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(warnings).toEqual([]);
    handle.close();
  });

  it('keeps to its reference between readings, follows its base, and warns again only after the warning interval', async () => {
    const machine = manualClock(new Date('2030-01-01T00:00:00.000Z'));
    let reference = new Date('2030-01-01T00:00:10.000Z');
    const offsets: number[] = [];
    const clock = await anchoredClock(
      machine,
      async () => reference,
      (o) => offsets.push(o),
      { warnIntervalMs: 60_000 },
    );
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:10.000Z');
    machine.advance(1_000);
    expect(clock.now().toISOString()).toBe('2030-01-01T00:00:11.000Z');
    reference = new Date('2030-01-01T00:00:11.500Z');
    expect(await clock.sync()).toBe(10_500);
    expect(offsets).toEqual([10_000]);
    machine.advance(60_000);
    reference = new Date('2030-01-01T00:01:11.500Z');
    await clock.sync();
    expect(offsets).toEqual([10_000, 10_500]);
    // Within a second: no warning.
    reference = new Date(machine.now().getTime() + 900);
    machine.advance(60_000);
    reference = new Date(machine.now().getTime() + 900);
    await clock.sync();
    expect(offsets).toHaveLength(2);
    clock.stop();
  });
});
