import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { ROOT, startServer, tempDir, type Started } from '../support/process.js';

let server: Started | undefined;
afterAll(async () => {
  await server?.stop();
});

it('the README curl session works as printed against a freshly started server', async () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = /<!-- readme-session[^>]*-->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeDefined();
  server = await startServer({ DATABASE_URL: `file:${path.join(tempDir(), 'readme.db')}` });
  const key = server.stdout().split('\n').find((l) => l.startsWith('svc_'))!;
  const script = block!.replace('svc_paste_the_printed_key_here', key).replaceAll('http://127.0.0.1:8080', server.url);
  const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], { encoding: 'utf8', timeout: 30_000 });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const lines = run.stdout.trim().split('\n');
  expect(lines[0]).toMatch(/^store: sto_\w+$/);
  expect(lines[1]).toMatch(/^order: ord_\w+$/);
  const list = JSON.parse(lines[2]);
  expect(list.meta.code).toBe(20000);
  expect(list.data.orders).toHaveLength(1);
  const got = JSON.parse(lines[3]);
  expect(got.meta).toEqual({ code: 20000, type: 'OK', message: 'OK.' });
  expect(got.data).toMatchObject({ source_id: '1001', discount_total: '3.00', order_total: '36.80' });
});
