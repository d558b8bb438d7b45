import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/shared/db/client.js';
import { checkedFetch } from '../support/contract.js';
import { createTestDatabase, postgresUrl } from '../support/postgres.js';
import { cli, NODE_TS, ROOT, startServer, tempDir, type Started } from '../support/process.js';
import { onToken, softhsm, tokenEnv } from '../support/softhsm.js';
import { ALICE, signInByHttp } from './support.js';

// Several processes on one token. Processes that find the token empty at the same instant make one
// root between them (the root lock in the shared database); two server instances on one PostgreSQL
// database and one token, started together on the empty token in production, make one root, and a
// key generated through one is recovered through the other with the same recovery key. Each process
// opens the token under that lock too: on SoftHSM2's file store, processes that initialised the
// library together lost the token's label or PIN, or missed the root another made, and made a
// second (failed CI at 0e9baaf on Node 22 and 26; see Pkcs11Token.open).

type Race = { empty: boolean; made: string[] };

/** A process that opens the token (found empty), says "ready", and on "go" makes sure it has a root (test/support/softhsm-race.ts). */
function racer(label: string, file: string) {
  const child = spawn(
    NODE_TS[0]!,
    [...NODE_TS.slice(1), path.join(ROOT, 'test/support/softhsm-race.ts'), label, file],
    {
      cwd: ROOT,
      env: { ...process.env, ...tokenEnv('race') },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<Race>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.split('\n')[1]!) as Race)
        : reject(new Error(`racer exited with ${code}: ${err}`)),
    ),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => out.startsWith('ready\n') && resolve());
    exited.catch(reject);
  });
  return { ready, go: () => child.stdin.end('go\n'), exited };
}

describe.skipIf(!softhsm)(onToken('several processes on one token'), () => {
  it('processes that find the token empty and create at the same moment make one root, under the database lock', async () => {
    const file = path.join(tempDir('hsm-race-'), 'lock.db');
    // The database they share, made and migrated before they start (as a server's first start would).
    openDatabase(`file:${file}`).close();
    const racers = [1, 2, 3, 4].map(() => racer(softhsm!.empty.race, file));
    await Promise.all(racers.map((r) => r.ready));
    for (const r of racers) r.go();
    const results = await Promise.all(racers.map((r) => r.exited));
    // Each found the token empty, and exactly one made the pair.
    expect(results.map((r) => r.empty)).toEqual([true, true, true, true]);
    expect(results.map((r) => r.made).sort((a, b) => b.length - a.length)).toEqual([
      ['keygen-root-v1-mac', 'keygen-root-v1-seal'],
      [],
      [],
      [],
    ]);
    // The token holds one object of each label (two would stop every start).
    const list = cli(['sealed-root', 'list'], { DATABASE_URL: `file:${file}`, ...tokenEnv('race') });
    expect(list.stderr).toBe('');
    expect(list.stdout.trim().split('\n')).toHaveLength(1);
    expect(list.stdout).toMatch(/^pkcs11 v1 {2}token "keygen-empty-race"/);
  });

  describe.skipIf(!postgresUrl)('two server instances on one PostgreSQL database and one token', () => {
    const started: Started[] = [];
    let proxy: Server | undefined;
    let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    afterAll(async () => {
      for (const s of started) await s.stop('SIGKILL');
      proxy?.close();
      await db?.drop();
    });

    it('start together on the empty token in production, make one root, and a key generated through one is recovered through the other', async () => {
      db = await createTestDatabase();
      // The load balancer: PUBLIC_URL names it; each step goes to the instance the test picks.
      let target = '';
      proxy = createServer((req, res) => {
        const to = new URL(req.url!, target);
        const forward = request(to, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        });
        forward.on('error', () => res.writeHead(502).end());
        req.pipe(forward);
      }).listen(0, '127.0.0.1');
      await new Promise((resolve) => proxy!.once('listening', resolve));
      const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const env = {
        DATABASE_URL: db.url,
        NODE_ENV: 'production',
        PUBLIC_URL: origin,
        KEYGEN_SEALED_ROOT_CREATE: 'true',
        // The embedded provider, on in production only for this test: a key is made without Google.
        KEYGEN_DEV_OIDC: 'true',
        LOG_LEVEL: 'warn',
        ...tokenEnv('processes'),
      };
      const [a, b] = await Promise.all([startServer(env), startServer(env)]);
      started.push(a!, b!);
      const created = [a!, b!].filter((s) =>
        s.stdout().includes('Created keygen-root-v1-mac and keygen-root-v1-seal in the PKCS#11 token'),
      );
      expect(created).toHaveLength(1);
      const made = cli(['api-key', 'create', '--name', 'hsm'], { DATABASE_URL: db.url });
      expect(made.status).toBe(0);
      const apiKey = made.stdout.trim().split('\n').at(-1)!;
      const listed = cli(['sealed-root', 'list'], env);
      expect(listed.stdout.trim().split('\n')).toEqual([
        `pkcs11 v1  token "keygen-empty-processes": keygen-root-v1-mac, keygen-root-v1-seal  private, sensitive, never extractable  new keys  keys: 0`,
      ]);

      const call = async (method: string, url: string, body?: unknown) => {
        const res = await checkedFetch(`${origin}/keygen${url}`, {
          method,
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as Record<string, string> };
      };
      const flow = async (kind: 'generate' | 'recover', key: { id: string; clientSecret: string }) => {
        const txn = await call('POST', `/keys/${key.id}/transactions/${kind}`, {
          clientSecret: key.clientSecret,
          clientReturnUrl: 'http://127.0.0.1:9/return',
        });
        expect(txn.status).toBe(200);
        const back = await signInByHttp({ origin }, txn.body.userPromptUrl!, ALICE);
        const got = await call('GET', `/keys/${key.id}?keyToken=${back.searchParams.get('keyToken')}`);
        expect(got.status).toBe(200);
        return got.body.recoveryKey!;
      };

      target = a!.url;
      const init = await call('POST', '/keys', { userSecretProvider: 'dev' });
      expect(init.status).toBe(200);
      const key = { id: init.body.id!, clientSecret: init.body.clientSecret! };
      const generated = await flow('generate', key);
      target = b!.url;
      expect(await flow('recover', key)).toBe(generated);
      // A key made through B recovers through A too.
      const other = await call('POST', '/keys', { userSecretProvider: 'dev' });
      const otherKey = { id: other.body.id!, clientSecret: other.body.clientSecret! };
      const second = await flow('generate', otherKey);
      target = a!.url;
      expect(await flow('recover', otherKey)).toBe(second);
      expect(second).not.toBe(generated);
      for (const s of [a!, b!]) expect(`${s.stdout()}${s.stderr()}`).not.toContain(softhsm!.pin);
    });
  });
});
