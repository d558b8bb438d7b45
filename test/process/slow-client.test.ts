import net from 'node:net';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer, tempDir, type Started } from '../support/process.js';

let server: Started | undefined;
afterAll(async () => {
  await server?.stop('SIGKILL');
});

/** Opens a connection, sends `partial`, and resolves with what the server answered and when it closed. */
function trickle(url: string, partial: string) {
  const { hostname, port } = new URL(url);
  return new Promise<{ answer: string; closedAfterMs: number }>((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(partial));
    socket.on('data', (d) => (answer += d));
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    socket.on('error', () => {});
  });
}

it('cuts off a client whose headers or body do not arrive in time (408), while others are served', async () => {
  server = await startServer({
    DATABASE_URL: `file:${path.join(tempDir(), 'slow.db')}`,
    HEADERS_TIMEOUT_MS: '1000',
    REQUEST_TIMEOUT_MS: '2000',
  });
  const key = server
    .stdout()
    .split('\n')
    .find((l) => l.startsWith('svc_'))!;
  const headers = trickle(server.url, 'GET /healthz HTTP/1.1\r\nHost: x\r\n');
  const body = trickle(
    server.url,
    `POST /commerce/2024-07/stores HTTP/1.1\r\nHost: x\r\nsvc-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`,
  );
  // Meanwhile a well-behaved client is answered at once.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const [h, b] = await Promise.all([headers, body]);
  expect(h.answer).toMatch(/^HTTP\/1\.1 408/);
  expect(h.closedAfterMs).toBeLessThan(5_000);
  expect(b.answer).toMatch(/^HTTP\/1\.1 408/);
  expect(b.closedAfterMs).toBeLessThan(6_000);
});
