import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeysClient } from '../../packages/client/src/index.js';
import type { KeysConfig } from '../../src/keys/config.js';
import { MAX_FAILED_LOGINS } from '../../src/keys/oidc/dev-provider.js';
import { DEFAULT_DEV_USERS } from '../../src/keys/oidc/dev-users.js';
import type { DevOidcRecordRow, DevProviderRepository } from '../../src/keys/repository.js';
import { manualClock } from '../../src/shared/clock.js';
import type { Storage } from '../../src/storage.js';
import { appFor } from '../support/app.js';
import { contractFetch } from '../support/contract.js';
import { engines, sqliteEngine, type Engine } from '../support/engines.js';
import {
  ALICE,
  BOB,
  cookieJarFetch,
  createTransaction,
  initKey,
  keysContract,
  openTestSealed,
  signInByHttp,
  tempDir,
  testSealed,
  type KeysClient,
  type TestSealed,
} from './support.js';

// Instances of the key service on one database and one sealed root are one service, the embedded
// development provider included: its sessions, interactions, grants and codes are in the database,
// its signing key, cookie keys and client secret derived from the root. One listener (one public
// URL, which is the provider's issuer) hands each request to the next instance in turn, or, for a
// restart, to an instance built anew for that request.

type Served = { instance: number; method: string; path: string };

/**
 * Key service instances behind one HTTP listener, all on `engine`'s database and one sealed root (in
 * that database on PostgreSQL, as the server keeps it there; else the file in `sealedDir`). Each
 * instance opens the root itself, as a process of its own would.
 */
async function buildCluster(engine: Engine, sealedDir: string, backend: TestSealed = testSealed) {
  const clock = manualClock(new Date());
  // The engine's repository, noting the models of oidc-provider's records read back from it (in
  // one process, oidc-provider's default store would be shared by the instances too).
  const readBack = new Set<string>();
  const inner = engine.repos.devProvider;
  const noted = (row: DevOidcRecordRow | undefined) => {
    if (row) readBack.add(row.model);
    return row;
  };
  const devProvider: DevProviderRepository = {
    ...inner,
    find: async (id, now) => noted(await inner.find(id, now)),
    findByUid: async (model, uid, now) => noted(await inner.findByUid(model, uid, now)),
  };
  const storage: Storage = { ...engine.storage, repos: { ...engine.storage.repos, devProvider } };

  let route: () => number | Promise<number> = () => 0;
  const apps: Array<ReturnType<typeof appFor>> = [];
  const served: Served[] = [];
  const next = async (req: Request) => {
    const instance = await route();
    served.push({ instance, method: req.method, path: new URL(req.url).pathname });
    return apps[instance]!;
  };
  const server = serve({
    fetch: async (req, env) => (await next(req)).fetch(req, env),
    port: 0,
    hostname: '127.0.0.1',
  }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const sealedRoot = {
    file: path.join(sealedDir, 'root.sealed.json'),
    passphrase: 'correct horse battery staple',
    development: true,
    allowCreate: false,
  };
  const config: KeysConfig = {
    publicUrl: origin,
    basePath: '/keygen',
    allowHttpReturnUrl: false,
    providers: {},
    devProvider: { users: DEFAULT_DEV_USERS },
    sealedRoot,
  };

  /** A new instance (a new app on the root it opens itself: in the database on PostgreSQL, else the file); returns its number. */
  const start = async () => {
    // On the token (the pkcs11 project) every instance opens the token's root, whatever the engine.
    const sealed = await openTestSealed(sealedRoot, backend, storage);
    apps.push(appFor({ storage, clock, keys: { config, sealed }, publicUrl: origin }));
    return apps.length - 1;
  };

  const account = async (name: string): Promise<KeysClient> => {
    const { key } = await engine.account(name);
    // The API's requests go to the instances in turn too (in process; the provider's need HTTP).
    return createKeysClient({
      origin,
      apiKey: key,
      fetch: contractFetch({ request: async (req) => (await next(req)).request(req) }, keysContract),
    });
  };
  const close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return {
    origin,
    start,
    served,
    readBack,
    account,
    close,
    /** Each request to the next of `instances`, in turn. */
    roundRobin(instances: number[]) {
      let turn = 0;
      route = () => instances[turn++ % instances.length]!;
    },
    only(instance: number) {
      route = () => instance;
    },
    /** Every request to a new instance; the one before is not used again. */
    restartEveryRequest() {
      route = () => start();
    },
  };
}

type Cluster = Awaited<ReturnType<typeof buildCluster>>;

async function readKey(client: KeysClient, keyId: string, back: URL) {
  const keyToken = back.searchParams.get('keyToken');
  if (!keyToken) throw new Error(`the sign-in ended without a key token: ${back.href}`);
  const res = await client.GET('/keys/{keyId}', { params: { path: { keyId }, query: { keyToken } } });
  expect(res.response.status).toBe(200);
  return res.data!.recoveryKey;
}

/** The instance that served the first request matching `method` and `pattern` from `from` on. */
const servedBy = (served: Served[], method: string, pattern: RegExp, from = 0) => {
  const found = served.slice(from).find((s) => s.method === method && pattern.test(s.path));
  if (!found) throw new Error(`no ${method} ${pattern} among ${JSON.stringify(served.slice(from))}`);
  return found.instance;
};

describe.each(engines)('two key service instances on one %s database and one sealed root', (_name, open, available) => {
  let engine: Engine;
  let cluster: Cluster;
  beforeAll(async () => {
    if (!available) return;
    engine = await open();
    cluster = await buildCluster(engine, tempDir());
  });
  afterAll(async () => {
    await cluster?.close();
    await engine?.close();
  });

  it.skipIf(!available)(
    'complete a generation whose every step alternates between them; a recovery gives the same key',
    async () => {
      const a = await cluster.start();
      const b = await cluster.start();
      cluster.roundRobin([a, b]);
      const client = await cluster.account('alternating');
      const key = await initKey(client);
      const from = cluster.served.length;
      const back = await signInByHttp(cluster, (await createTransaction(client, 'generate', key)).userPromptUrl, ALICE);
      const generated = await readKey(client, key.id, back);
      expect(generated).toMatch(/^[0-9a-z]{50}$/);

      // Each step of the sign-in was answered by the other instance than the step before it: the
      // authorization request, the login page and form, the code's issue and its exchange (which the
      // callback's instance makes in process, with its own provider).
      const steps = [
        servedBy(cluster.served, 'GET', /\/prompt$/, from),
        servedBy(cluster.served, 'POST', /\/prompt$/, from),
        servedBy(cluster.served, 'GET', /\/oidc-dev\/auth$/, from),
        servedBy(cluster.served, 'GET', /\/oidc-dev\/interaction\/[^/]+$/, from),
        servedBy(cluster.served, 'POST', /\/oidc-dev\/interaction\/[^/]+\/login$/, from),
        servedBy(cluster.served, 'GET', /\/oidc-dev\/auth\/[^/]+$/, from),
        servedBy(cluster.served, 'GET', /\/oidc\/callback$/, from),
      ];
      for (let i = 1; i < steps.length; i++) expect(steps[i]).not.toBe(steps[i - 1]);
      // Through the database: the provider's records were read back from the repository.
      expect([...cluster.readBack]).toEqual(
        expect.arrayContaining(['AuthorizationCode', 'Grant', 'Interaction', 'Session']),
      );

      // A recovery, started on the other instance, alternating again.
      cluster.roundRobin([b, a]);
      const recovered = await readKey(
        client,
        key.id,
        await signInByHttp(cluster, (await createTransaction(client, 'recover', key)).userPromptUrl, ALICE),
      );
      expect(recovered).toBe(generated);
      // And on one instance alone, the other one's key.
      cluster.only(b);
      expect(
        await readKey(
          client,
          key.id,
          await signInByHttp(cluster, (await createTransaction(client, 'recover', key)).userPromptUrl, ALICE),
        ),
      ).toBe(generated);
      const bob = await signInByHttp(cluster, (await createTransaction(client, 'recover', key)).userPromptUrl, BOB);
      expect(bob.searchParams.get('error')).toBe('identity_mismatch');
    },
  );

  it.skipIf(!available)('continue a sign-in across restarts: every request on an instance started for it', async () => {
    cluster.only(await cluster.start());
    const client = await cluster.account('restarts');
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    cluster.restartEveryRequest();
    cluster.readBack.clear();
    const from = cluster.served.length;
    const back = await signInByHttp(cluster, txn.userPromptUrl, ALICE);
    const instances = cluster.served.slice(from).map((s) => s.instance);
    expect(instances.length).toBeGreaterThanOrEqual(7);
    expect(new Set(instances).size).toBe(instances.length);
    expect([...cluster.readBack]).toEqual(
      expect.arrayContaining(['AuthorizationCode', 'Grant', 'Interaction', 'Session']),
    );
    cluster.only(await cluster.start());
    const generated = await readKey(client, key.id, back);
    expect(
      await readKey(
        client,
        key.id,
        await signInByHttp(cluster, (await createTransaction(client, 'recover', key)).userPromptUrl, ALICE),
      ),
    ).toBe(generated);
  });

  it.skipIf(!available)(
    `refuse a user name after ${MAX_FAILED_LOGINS} wrong passwords spread over the instances`,
    async () => {
      const a = await cluster.start();
      const b = await cluster.start();
      cluster.only(a);
      const client = await cluster.account('throttle');
      const key = await initKey(client);
      const browser = cookieJarFetch(cluster.origin);
      const loginAction = await signInByHttp(
        cluster,
        (await createTransaction(client, 'generate', key)).userPromptUrl,
        ALICE,
        {
          browser,
          stopAt: (url) => url.pathname.includes('/oidc-dev/interaction/'),
        },
      );
      const form = (body: Record<string, string>) =>
        browser(`${loginAction.pathname}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(body).toString(),
        });
      cluster.roundRobin([a, b]);
      for (let i = 0; i < MAX_FAILED_LOGINS; i++)
        expect((await form({ username: 'bob', password: `wrong-${i}` })).status).toBe(400);
      for (const instance of [a, b]) {
        cluster.only(instance);
        const locked = await form(BOB);
        expect(locked.status).toBe(429);
        expect(await locked.text()).toContain('Too many wrong passwords');
      }
      // Another user name signs in.
      expect((await form(ALICE)).status).toBe(303);
    },
  );
});

describe('the development provider’s keys', () => {
  let engine: Engine;
  const clusters: Cluster[] = [];
  beforeAll(() => {
    engine = sqliteEngine();
  });
  afterAll(async () => {
    for (const c of clusters) await c.close();
    await engine.close();
  });

  const jwksOf = async (cluster: Cluster, instance: number) => {
    cluster.only(instance);
    const res = await fetch(`${cluster.origin}/keygen/oidc-dev/jwks`);
    expect(res.status).toBe(200);
    return (await res.json()) as { keys: Array<Record<string, unknown>> };
  };

  it('are the same on every instance of one root, an Ed25519 key published without its private part; another root has others', async () => {
    const one = await buildCluster(engine, tempDir());
    // Another root: on the token run, a file root beside the run's one token.
    const other = await buildCluster(engine, tempDir(), testSealed === 'pkcs11' ? 'file' : testSealed);
    clusters.push(one, other);
    const [a, b] = [await one.start(), await one.start()];
    const jwks = await jwksOf(one, a);
    expect(await jwksOf(one, b)).toEqual(jwks);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      alg: 'EdDSA',
      use: 'sig',
      kid: expect.any(String),
      x: expect.any(String),
    });
    // A restart keeps them.
    expect(await jwksOf(one, await one.start())).toEqual(jwks);

    const elsewhere = await jwksOf(other, await other.start());
    expect(elsewhere.keys[0]!.x).not.toBe(jwks.keys[0]!.x);
    expect(elsewhere.keys[0]!.kid).not.toBe(jwks.keys[0]!.kid);

    // Its discovery document offers only that signature for ID tokens.
    one.only(a);
    const discovery = (await (
      await fetch(`${one.origin}/keygen/oidc-dev/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(discovery.id_token_signing_alg_values_supported).toEqual(['EdDSA']);
  });
});
