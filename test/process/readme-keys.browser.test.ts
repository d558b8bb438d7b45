import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, startServer, tempDir, type Started } from '../support/process.js';
import { CHROMIUM_FLAGS, chromiumPath } from '../support/chromium.js';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const block = /<!-- readme-keys[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

let server: Started | undefined;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: `file:${path.join(tempDir(), 'keys.db')}` });
});
afterAll(async () => {
  await server?.stop();
});

it("the README's key flow works as printed: init, generate, sign in in a browser, the key token caught, exchanged", async () => {
  expect(block).toBeDefined();
  const key = server!
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('svc_'))!;
  const returnPort = await freePort();
  const script = block!
    .replace('svc_paste_the_printed_key_here', key)
    .replaceAll('http://127.0.0.1:8080', server!.url)
    .replaceAll('9999', String(returnPort));
  // As pasted into a shell: the block waits at step 3 until the browser comes back.
  const shell = spawn('bash', ['-c', script], {
    cwd: tempDir('readme-keys-'),
    env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` },
  });
  let out = '';
  let err = '';
  shell.stdout.on('data', (d) => (out += d));
  shell.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => shell.on('exit', resolve));

  const deadline = Date.now() + 15_000;
  while (!/^http\S+$/m.test(out) && Date.now() < deadline && shell.exitCode === null)
    await new Promise((r) => setTimeout(r, 50));
  const promptUrl = /^(http\S+)$/m.exec(out)?.[1];
  expect(promptUrl, `stdout: ${out}\nstderr: ${err}`).toMatch(/\/keygen\/prompt\?/);

  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    await page.goto(promptUrl!);
    await page.getByRole('button', { name: /Continue with/ }).click();
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Key token received: back to the terminal.').waitFor();
  } finally {
    await browser.close();
  }

  expect(await exited).toBe(0);
  expect(err).toBe('');
  const lines = out.trim().split('\n');
  expect(lines[0]).toMatch(/^key: key_\w+$/);
  expect(lines[2]).toBe('key token received');
  expect(lines[3]).toMatch(/^[0-9a-z]{50}$/);
});
