import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedFetch } from '../support/contract.js';
import { cli, startServer, tempDir, type Started } from '../support/process.js';
import { onToken, softhsm, tokenEnv } from '../support/softhsm.js';

// The server and the operator CLI on a token, as processes: a development start makes the root in
// the token and logs which roots are in use; `cli sealed-root list` shows them, `rotate` makes a
// new version that the next start uses for new keys while keys made before keep theirs; a start or
// a CLI run with a wrong PIN stops with a message that says so, and no output holds the PIN (the
// other start errors, in process: test/keys/pkcs11.test.ts).

describe.skipIf(!softhsm)(onToken('the server and the CLI on a token'), () => {
  const started: Started[] = [];
  afterAll(async () => {
    for (const s of started) await s.stop('SIGKILL');
  });

  it('makes the root on a development start, lists it, rotates it, and refuses a wrong PIN', async () => {
    const dir = tempDir('hsm-cli-');
    const db = path.join(dir, 'service.db');
    const env = { DATABASE_URL: `file:${db}`, LOG_LEVEL: 'info', ...tokenEnv('cli') };
    const output: string[] = [];
    const start = async () => {
      const s = await startServer(env);
      started.push(s);
      return s;
    };
    const initKey = async (s: Started, apiKey: string) => {
      const res = await checkedFetch(`${s.url}/keygen/keys`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: '{"userSecretProvider":"dev"}',
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    };
    const rootOf = (keyId: string) => {
      const sqlite = new Database(db, { readonly: true });
      try {
        return sqlite
          .prepare('SELECT hardware_backend AS backend, hardware_version AS version FROM keygen_keys WHERE id = ?')
          .get(keyId);
      } finally {
        sqlite.close();
      }
    };

    const first = await start();
    const apiKey = /^(svc_\S+)$/m.exec(first.stdout())![1]!;
    // The log's JSON lines are written asynchronously: they may follow the "Listening on" line.
    for (let i = 0; i < 50 && !/Created keygen-root/.test(first.stdout()); i++)
      await new Promise((r) => setTimeout(r, 100));
    const log = first.stdout();
    expect(log).toMatch(
      /Created keygen-root-v1-mac and keygen-root-v1-seal in the PKCS#11 token \\"keygen-empty-cli\\" \(development start\)/,
    );
    const keyV1 = await initKey(first, apiKey);
    expect(rootOf(keyV1)).toEqual({ backend: 'pkcs11', version: 1 });
    // The start log says which roots are in use (pino writes it asynchronously: wait for it).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const roots = first
      .stdout()
      .split('\n')
      .filter((l) => l.includes('key service roots in use'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(roots).toEqual([
      expect.objectContaining({
        token: `"keygen-empty-cli" (${softhsm!.module})`,
        current: 'pkcs11 v1',
        roots: [{ root: 'pkcs11 v1', use: 'new keys', keys: 0 }],
      }),
    ]);
    output.push(first.stdout(), first.stderr());

    // No root file, no key file: the token backend writes none.
    expect(spawnSync('ls', [dir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).sort()).toEqual([
      'service.db',
      'service.db-shm',
      'service.db-wal',
    ]);

    const list = cli(['sealed-root', 'list'], env);
    output.push(list.stdout, list.stderr);
    expect(list.status).toBe(0);
    expect(list.stdout.trim().split('\n')).toEqual([
      'pkcs11 v1  token "keygen-empty-cli": keygen-root-v1-mac, keygen-root-v1-seal  private, sensitive, never extractable  new keys  keys: 1',
    ]);

    const rotate = cli(['sealed-root', 'rotate'], env);
    output.push(rotate.stdout, rotate.stderr);
    expect(rotate.status).toBe(0);
    expect(rotate.stdout).toMatch(
      /^Made keygen-root-v2-mac and keygen-root-v2-seal in the PKCS#11 token "keygen-empty-cli": pkcs11 v2\./,
    );
    const after = cli(['sealed-root', 'list'], env);
    expect(after.stdout.trim().split('\n')).toEqual([
      'pkcs11 v1  token "keygen-empty-cli": keygen-root-v1-mac, keygen-root-v1-seal  private, sensitive, never extractable  earlier keys  keys: 1',
      'pkcs11 v2  token "keygen-empty-cli": keygen-root-v2-mac, keygen-root-v2-seal  private, sensitive, never extractable  new keys  keys: 0',
    ]);

    // The running server keeps making keys under the version it started with; after a restart, v2.
    expect(rootOf(await initKey(first, apiKey))).toEqual({ backend: 'pkcs11', version: 1 });
    await first.stop();
    const second = await start();
    expect(rootOf(await initKey(second, apiKey))).toEqual({ backend: 'pkcs11', version: 2 });
    output.push(second.stdout(), second.stderr());
    await second.stop();

    // A wrong PIN: the start stops, and the CLI, each saying which setting is wrong.
    const wrong = { ...env, KEYGEN_PKCS11_PIN: 'not-the-pin-1234' };
    const refused = await startServer(wrong).then(
      () => undefined,
      (err: Error) => err.message,
    );
    expect(refused).toMatch(
      /Failed to start: KEYGEN_PKCS11_PIN is not the user PIN of the PKCS#11 token "keygen-empty-cli" \(CKR_PIN_INCORRECT\)\./,
    );
    const cliRefused = cli(['sealed-root', 'list'], wrong);
    expect(cliRefused.status).toBe(1);
    expect(cliRefused.stderr).toMatch(/^KEYGEN_PKCS11_PIN is not the user PIN of the PKCS#11 token "keygen-empty-cli"/);
    output.push(refused!, cliRefused.stdout, cliRefused.stderr);

    for (const text of output) expect(text).not.toContain(softhsm!.pin);
  });
});
