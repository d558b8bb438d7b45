import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { createKeysClient } from '../../packages/client/src/index.js';
import { appFor } from '../support/app.js';
import type { KeysConfig } from '../../src/keys/config.js';
import { DEFAULT_DEV_USERS } from '../../src/keys/oidc/dev-users.js';
import { openConfiguredSealedModule, type SealedRootConfig } from '../../src/keys/sealed/from-config.js';
import type { RootLock } from '../../src/keys/sealed/pkcs11.js';
import type { SealedModule } from '../../src/keys/sealed/sealed-module.js';
import { manualClock } from '../../src/shared/clock.js';
import type { Storage } from '../../src/storage.js';
import { contractFetch, contractFor } from '../support/contract.js';
import { dataAccess, openTestDatabase, type KeptDatabase } from '../support/database.js';
import { tempDir as processTempDir } from '../support/process.js';
import { softhsm, tokenConfig, tokenOpenLock } from '../support/softhsm.js';
import { openAuditTrail } from '../../src/keys/audit.js';
import type { Metrics } from '../../src/shared/metrics.js';

export const keysContract = contractFor('keys');

/**
 * Where the key service's root is in this run: the sealed file, or (the `pkcs11` vitest project,
 * KEYGEN_TEST_SEALED=pkcs11) the SoftHSM2 token the global setup made for the suite
 * (test/support/softhsm-tokens.ts). The same test files run on both.
 */
export type TestSealed = 'file' | 'pkcs11';
export const testSealed: TestSealed = process.env.KEYGEN_TEST_SEALED === 'pkcs11' ? 'pkcs11' : 'file';
if (testSealed === 'pkcs11' && !softhsm)
  throw new Error('KEYGEN_TEST_SEALED=pkcs11 without SoftHSM2: the pkcs11 project should not have run.');

export interface HarnessOptions {
  /** Serve over HTTP on 127.0.0.1 (needed for the OpenID sign-in). A port reuses an earlier server's. */
  listen?: boolean | number;
  /** A database that outlives the harness (restart tests, a look at what is stored); a new one, dropped at close, otherwise. */
  database?: KeptDatabase;
  /** Directory of the sealed root file; a new temporary one otherwise. */
  sealedDir?: string;
  /** The root's backend; the run's (testSealed) otherwise. */
  sealed?: TestSealed;
  /** Settings of the root beyond these (another token's, say: `{ pkcs11: tokenConfig('move') }`). */
  sealedRoot?: Partial<SealedRootConfig>;
  passphrase?: string;
  config?: Partial<KeysConfig>;
  /** Per-API-key token bucket (none by default). */
  rateLimit?: { perSecond: number; burst: number };
  /** Where the service's warnings and errors go; nowhere by default. */
  logger?: { warn: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };
  /** Metrics of the app (the server's when METRICS_PORT is set); none by default. */
  metrics?: Metrics;
  /** The audit trail, as KEYGEN_AUDIT_LOG and KEYGEN_AUDIT_CONTINUE_ON_FAILURE give it; none by default. */
  audit?: { destination: string; continueOnFailure?: boolean };
}

/** A pino logger that hands each warning and error (its fields, its message) to `to`. */
function forwardingLogger(to: NonNullable<HarnessOptions['logger']>) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        const { level, msg, ...fields } = JSON.parse(line) as { level: number; msg: string };
        if (level >= 50) to.error(fields, msg);
        else if (level >= 40) to.warn(fields, msg);
      }
      done();
    },
  });
  return pino({ level: 'warn', base: undefined, timestamp: false }, stream);
}

export const tempDir = () => processTempDir('keygen-test-');

/** The first lock held around the second. */
const both =
  (outer: RootLock, inner?: RootLock): RootLock =>
  (fn) =>
    outer(() => (inner ? inner(fn) : fn()));

/**
 * The sealed module as the server opens it (src/keys/runtime.ts), on the run's backend: the file
 * root where the server keeps it on `storage` (the database's row on PostgreSQL, the file
 * `sealedRoot.file` on SQLite; scrypt's N of 2^12 keeps the tests fast), or the suite's token,
 * with that file root beside it for recovery when there is one. The token is opened under the run's
 * token lock as well as the database's (test/support/softhsm.ts, tokenOpenLock).
 */
export const openTestSealed = (
  sealedRoot: SealedRootConfig,
  backend: TestSealed = testSealed,
  storage?: Storage,
): Promise<SealedModule> =>
  openConfiguredSealedModule(
    { ...sealedRoot, ...(backend === 'pkcs11' && { pkcs11: sealedRoot.pkcs11 ?? tokenConfig('suite') }) },
    {
      warn: () => {},
      scryptN: 2 ** 12,
      store: storage?.sealedRoot,
      lock: backend === 'pkcs11' ? both(tokenOpenLock, storage?.rootLock) : storage?.rootLock,
    },
  );
/** openTestSealed on the run's backend, where the server keeps the root on `storage`. */
export const loadTestSealed = (storage: Storage, sealedRoot: SealedRootConfig) =>
  openTestSealed(sealedRoot, testSealed, storage);

/**
 * A key service on its own database (of the run's engine: test/support/database.ts), sealed root
 * and movable clock, mounted under /keygen as the root app does, with a typed client whose every
 * response is checked against keys.yaml. The sealed root is where the server keeps it: a file in
 * `sealedDir` on SQLite, the database's row on PostgreSQL.
 */
export async function buildKeysHarness(opts: HarnessOptions = {}) {
  const database = await openTestDatabase({ kept: opts.database });
  const { storage } = database;
  const clock = manualClock(new Date());
  const sealedDir = opts.sealedDir ?? tempDir();
  const sealedRoot: SealedRootConfig = {
    file: path.join(sealedDir, 'root.sealed.json'),
    passphrase: opts.passphrase ?? 'correct horse battery staple',
    development: true,
    allowCreate: false,
    ...opts.sealedRoot,
  };
  const sealed = await openTestSealed(sealedRoot, opts.sealed, storage);

  let handler: (req: Request, env: unknown) => Response | Promise<Response> = () =>
    new Response('starting', { status: 503 });
  let server: Server | null = null;
  let origin = 'http://keys.test';
  if (opts.listen) {
    server = serve({
      fetch: (req, env) => handler(req, env),
      port: typeof opts.listen === 'number' ? opts.listen : 0,
      hostname: '127.0.0.1',
    }) as Server;
    await new Promise<void>((resolve) => (server!.listening ? resolve() : server!.once('listening', () => resolve())));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const config: KeysConfig = {
    publicUrl: origin,
    basePath: '/keygen',
    allowHttpReturnUrl: false,
    providers: {},
    devProvider: { users: DEFAULT_DEV_USERS },
    sealedRoot,
    ...opts.config,
  };
  const audit =
    opts.audit &&
    (await openAuditTrail({ continueOnFailure: false, ...opts.audit, sealed, clock, logger: { error: () => {} } }));
  // The whole process's app, as the server builds it: the key service under /keygen beside the rest.
  const root = appFor({
    metrics: opts.metrics,
    audit,
    storage,
    clock,
    config: { RATE_LIMIT_PER_SECOND: opts.rateLimit?.perSecond ?? 0, RATE_LIMIT_BURST: opts.rateLimit?.burst ?? 1 },
    ...(opts.logger && { logger: forwardingLogger(opts.logger) }),
    keys: { config, sealed },
    publicUrl: origin,
  });
  handler = (req, env) => root.fetch(req, env);
  const fetch = contractFetch(root, keysContract);

  /** A new account with its own key (made by the API key repository), and a client that sends it. */
  const account = async (name = 'test') => {
    const key = await storage.repos.apiKeys.create(clock.now(), { name });
    const client = createKeysClient({ origin, apiKey: key.key, fetch });
    return { key, client };
  };
  /** Requests outside the typed client (no API key, odd bodies); still checked against the YAML. */
  const raw = (pathAndQuery: string, init: RequestInit = {}) => fetch(`${origin}/keygen${pathAndQuery}`, init);

  const close = async () => {
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    }
    audit?.close();
    await sealed.close();
    await database.close();
  };
  return {
    root,
    ...dataAccess(database),
    clock,
    config,
    sealed,
    sealedDir,
    origin,
    account,
    raw,
    close,
  };
}

export type KeysHarness = Awaited<ReturnType<typeof buildKeysHarness>>;
export type KeysClient = Awaited<ReturnType<KeysHarness['account']>>['client'];

export async function initKey(client: KeysClient) {
  const res = await client.POST('/keys', { body: { userSecretProvider: 'dev' } });
  if (res.response.status !== 200 || !res.data)
    throw new Error(`initKey: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data;
}

export async function createTransaction(
  client: KeysClient,
  kind: 'generate' | 'recover',
  key: { id: string; clientSecret: string },
  clientReturnUrl = 'http://127.0.0.1:9/return',
) {
  const res = await client.POST(`/keys/{keyId}/transactions/${kind}`, {
    params: { path: { keyId: key.id } },
    body: { clientSecret: key.clientSecret, clientReturnUrl },
  });
  if (res.response.status !== 200 || !res.data)
    throw new Error(`${kind}: ${res.response.status} ${JSON.stringify(res.error)}`);
  return res.data;
}

/**
 * fetch as a browser without JavaScript does it: one cookie jar across calls, redirects not
 * followed (the caller reads `location`). Relative URLs resolve against `base`.
 */
export function cookieJarFetch(base?: string) {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
}

/**
 * A minimal browser without JavaScript: follows the flow from userPromptUrl through the embedded
 * provider's login form to the redirect to clientReturnUrl, by hand, with a cookie jar. Responses
 * of the key service's own pages are checked against the YAML. `stopAt` ends the walk at the first
 * redirect whose target it accepts (that URL is returned, not visited); `browser` is the cookie
 * jar to use, so that the caller can go on with it.
 */
export async function signInByHttp(
  h: { origin: string },
  userPromptUrl: string,
  user: { username: string; password: string } | 'cancel',
  opts: { browser?: ReturnType<typeof cookieJarFetch>; stopAt?: (url: URL) => boolean } = {},
): Promise<URL> {
  const returnOrigin = new URL('http://127.0.0.1:9');
  const send = opts.browser ?? cookieJarFetch();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await send(url, init);
    const pathname = new URL(url).pathname;
    if (pathname.startsWith('/keygen/') && !pathname.startsWith('/keygen/oidc-dev/')) {
      keysContract.check(init.method ?? 'GET', url, res.status, res.headers, undefined);
    }
    return res;
  };
  const follow = async (res: Response, from: string): Promise<Response | URL> => {
    while (res.status === 303 || res.status === 302) {
      const next = new URL(res.headers.get('location')!, from);
      if (next.origin === returnOrigin.origin || !next.href.startsWith(h.origin) || opts.stopAt?.(next)) return next;
      from = next.href;
      res = await go(from);
    }
    return res;
  };

  const page = await go(userPromptUrl);
  if (page.status !== 200) throw new Error(`prompt page: ${page.status}`);
  let url = userPromptUrl;
  let res: Response | URL = await follow(
    await go(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' }),
    url,
  );
  if (res instanceof URL) return res;
  if (res.status !== 200) throw new Error(`expected the login page, got ${res.status}: ${await res.text()}`);
  const html = await res.text();
  const actions = [...html.matchAll(/action="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const action = actions.find((a) => a.endsWith(user === 'cancel' ? '/abort' : '/login'))!;
  url = new URL(action, h.origin).href;
  const body = user === 'cancel' ? '' : new URLSearchParams(user).toString();
  res = await follow(
    await go(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
    url,
  );
  if (res instanceof URL) return res;
  throw new Error(`the sign-in ended at ${res.status}: ${(await res.text()).slice(0, 500)}`);
}

export const ALICE = { username: 'alice', password: 'alice-password' };
export const BOB = { username: 'bob', password: 'bob-password' };
