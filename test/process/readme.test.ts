import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer, tempDir, type Started } from '../support/process.js';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The README's curl session, and the error answer it shows right after it. */
const block = /<!-- readme-session[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
/** The README's safe-retries session. */
const retries = /<!-- readme-retries[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
const shownError = /A step that fails prints the API's answer[^\n]*\n\n```\n([\s\S]*?)```/.exec(readme)?.[1];

let server: Started | undefined;
let key: string;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: `file:${path.join(tempDir(), 'readme.db')}` });
  key = server.stdout().split('\n').find((l) => l.startsWith('svc_'))!;
});
afterAll(async () => {
  await server?.stop();
});

/** Runs the block as a reader pastes it into a shell, with `key`. */
function session(withKey: string) {
  const script = block!.replace('svc_paste_the_printed_key_here', withKey).replaceAll('http://127.0.0.1:8080', server!.url);
  return spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 30_000 });
}

describe('the README curl session', () => {
  it('works as printed against a freshly started server, and again when run a second time', () => {
    expect(block).toBeDefined();
    for (let run = 0; run < 2; run++) {
      const { stdout, stderr, status } = session(key);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toMatch(/^store: sto_\w+$/);
      expect(lines[1]).toMatch(/^order: ord_\w+$/);
      const list = JSON.parse(lines[2]);
      expect(list.meta.code).toBe(20000);
      expect(list.data.orders).toHaveLength(1);
      const got = JSON.parse(lines[3]);
      expect(got.meta).toEqual({ code: 20000, type: 'OK', message: 'OK.' });
      expect(got.data).toMatchObject({ source_id: '1001', discount_total: '3.00', order_total: '36.80' });
    }
  });

  it('prints the error envelope the README shows (no stack trace, no `undefined`) when a step fails', () => {
    const { stdout, stderr } = session('svc_mistyped');
    // The first step's answer, as the README shows it; the later steps print their own answers.
    expect(stderr.startsWith(shownError!)).toBe(true);
    expect(JSON.parse(shownError!).meta.code).toBe(40100);
    expect(stdout + stderr).not.toMatch(/undefined|^\s+at |TypeError|Cannot read/m);
    expect(stdout).not.toMatch(/^(store|order): /m);
  });
});

describe('the README safe-retries session', () => {
  it('creates the store once, gets the same answer marked idempotent-replayed, and 422 for another request with the key', () => {
    expect(retries).toBeDefined();
    const script = retries!.replace('svc_paste_the_printed_key_here', key).replaceAll('http://127.0.0.1:8080', server!.url);
    const { stdout, stderr, status } = spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 30_000 });
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n').map((l) => l.trim());
    expect(lines).toHaveLength(5);
    const created = JSON.parse(lines[0]!);
    expect(created.meta.code).toBe(20100);
    expect(lines[1]).toBe('HTTP/1.1 201 Created');
    expect(lines[2]).toBe('idempotent-replayed: true');
    expect(JSON.parse(lines[3]!)).toEqual(created);
    expect(JSON.parse(lines[4]!).meta).toMatchObject({ code: 42200, errors: [{ path: 'header.idempotency-key' }] });
  });
});
