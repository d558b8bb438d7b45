import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startServer, tempDir, type Started } from '../support/process.js';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
/** The README's curl session, and the error answer it shows right after it. */
const block = /<!-- readme-session[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
/** The key service's walk-through (its success path runs in readme-keys.browser.test.ts, with a browser). */
const keysBlock = /<!-- readme-keys[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
const PLACEHOLDER = 'svc_paste_the_printed_key_here';
/** The safe-retries session (docs/safe-retries.md, linked from the README). */
const retries = /<!-- readme-retries[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(
  readFileSync(path.join(ROOT, 'docs/safe-retries.md'), 'utf8'),
)?.[1];
const shownError = /A step that fails prints the API's answer[^\n]*\n\n```\n([\s\S]*?)```/.exec(readme)?.[1];

let server: Started | undefined;
let key: string;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: `file:${path.join(tempDir(), 'readme.db')}` });
  key = server
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('svc_'))!;
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Runs a block as a reader pastes it into a shell, with `key` in place of the placeholder (or the block as
 * printed) and `origin` for the server. Asynchronous: the test server's process must keep answering. A block
 * that does not end within `timeoutMs` is killed, and reported as such by a null status.
 */
function run(script: string, { key, origin, timeoutMs }: { key?: string; origin: string; timeoutMs: number }) {
  const text = (key === undefined ? script : script.replace(PLACEHOLDER, key)).replaceAll(
    'http://127.0.0.1:8080',
    origin,
  );
  return new Promise<{ stdout: string; stderr: string; status: number | null }>((resolve) => {
    const shell = spawn('bash', ['-c', text], { cwd: tempDir('readme-block-'), detached: true });
    let stdout = '';
    let stderr = '';
    shell.stdout.on('data', (d) => (stdout += d));
    shell.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => process.kill(-shell.pid!, 'SIGKILL'), timeoutMs);
    shell.on('close', (code) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, status: code });
    });
  });
}
const session = (key: string) => run(block!, { key, origin: server!.url, timeoutMs: 30_000 });

/** An origin where nothing listens: a port taken from the system, then given back. */
const stoppedOrigin = () =>
  new Promise<string>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(`http://127.0.0.1:${port}`));
    });
  });

describe('the README curl session', () => {
  it('works as printed against a freshly started server, and again when run a second time', async () => {
    expect(block).toBeDefined();
    for (let run = 0; run < 2; run++) {
      const { stdout, stderr, status } = await session(key);
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

  it('stops at the first step with the error envelope the README shows when the key is wrong', async () => {
    const { stdout, stderr, status } = await session('svc_mistyped');
    // The first step's answer, as the README shows it, and nothing after it.
    expect(stderr).toBe(`${shownError!}`);
    expect(JSON.parse(shownError!).meta.code).toBe(40100);
    expect(stdout).toBe('');
    expect(status).not.toBe(0);
  });
});

/** The failures a newcomer meets first, for both walk-throughs: each ends at once, saying why, never waiting. */
describe.each([
  ['the curl session', () => block],
  ['the key-service walk-through', () => keysBlock],
])('%s, when it cannot work', (_name, text) => {
  it('refuses the placeholder key with a sentence, before any request', async () => {
    expect(text()).toBeDefined();
    const { stdout, stderr, status } = await run(text()!, { origin: server!.url, timeoutMs: 5_000 });
    expect(stderr).toBe('KEY is still the placeholder: set it to the svc_… key npm start printed.\n');
    expect(stdout).toBe('');
    expect(status).toBe(1);
  });

  it('stops at the first step when the server is not running, saying so', async () => {
    const { stdout, stderr, status } = await run(text()!, { key, origin: await stoppedOrigin(), timeoutMs: 5_000 });
    // curl's own sentence (Couldn't connect to server), once: no later step ran, no listener waits for a browser.
    expect(stderr.match(/^curl: \(7\) Failed to connect.*Couldn't connect to server$/gm)).toHaveLength(1);
    expect(stderr).not.toMatch(/No such route/);
    expect(stdout).toBe('');
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
  });

  it("stops at the first step with the API's answer when the key is wrong", async () => {
    const { stdout, stderr, status } = await run(text()!, {
      key: 'svc_mistyped',
      origin: server!.url,
      timeoutMs: 5_000,
    });
    const answer = JSON.parse(stderr) as { meta?: { code: number }; error?: { parameter: string; reason: string } };
    expect(answer.meta?.code ?? answer.error?.parameter).toBe(answer.meta ? 40100 : 'X-Api-Key');
    expect(stderr).not.toMatch(/No such route|undefined|^\s+at /m);
    expect(stdout).toBe('');
    expect(status).toBe(1);
  });
});

describe('the README safe-retries session', () => {
  it('creates the store once, gets the same answer marked idempotent-replayed, and 422 for another request with the key', () => {
    expect(retries).toBeDefined();
    const script = retries!
      .replace('svc_paste_the_printed_key_here', key)
      .replaceAll('http://127.0.0.1:8080', server!.url);
    const { stdout, stderr, status } = spawnSync('bash', ['-c', script], { encoding: 'utf8', timeout: 30_000 });
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => l.trim());
    expect(lines).toHaveLength(5);
    const created = JSON.parse(lines[0]!);
    expect(created.meta.code).toBe(20100);
    expect(lines[1]).toBe('HTTP/1.1 201 Created');
    expect(lines[2]).toBe('idempotent-replayed: true');
    expect(JSON.parse(lines[3]!)).toEqual(created);
    expect(JSON.parse(lines[4]!).meta).toMatchObject({ code: 42200, errors: [{ path: 'header.idempotency-key' }] });
  });
});
