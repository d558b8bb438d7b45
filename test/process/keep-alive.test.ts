import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startServer, tempDir, type Started } from '../support/process.js';

/**
 * A client that keeps idle keep-alive connections longer than the server did (a load balancer's
 * 60 s, Go's 90 s, a burst tool's pool) reused one just as the server closed it for idleness: the
 * request met a closed connection instead of an answer (1 of 463 requests of a burst across two
 * instances). The server now keeps idle connections longer than such clients (65 s), so the one
 * that closes is the client. Here: 40 keep-alive connections alternating two server processes,
 * each reused after 7 s idle (past the 5 s + 1 s the server allowed before).
 */
const servers: Started[] = [];
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.destroy();
  for (const s of servers) await s.stop();
});

/** One HTTP/1.1 keep-alive connection: each `get` writes a request and resolves with the status line and headers of its answer, or why there was none. */
function keepAliveConnection(origin: string) {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  sockets.push(socket);
  let buffer = '';
  let waiting: ((answer: string) => void) | undefined;
  socket.setEncoding('latin1');
  socket.on('data', (d: string) => {
    buffer += d;
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0 || !waiting) return;
    const head = buffer.slice(0, end);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    buffer = buffer.slice(end + 4 + length);
    const done = waiting;
    waiting = undefined;
    done(head);
  });
  const closed = (why: string) => () => waiting?.(why);
  socket.on('end', closed('closed by the server'));
  socket.on('error', (err) => waiting?.(`error ${err.message}`));
  return {
    ready: new Promise<void>((resolve) => socket.once('connect', () => resolve())),
    get: (pathname: string) =>
      new Promise<string>((resolve) => {
        waiting = resolve;
        if (socket.destroyed || socket.readyState !== 'open') return resolve('closed before the request');
        socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`);
      }),
  };
}

it('40 keep-alive connections alternating two instances, each reused after 7 s idle: every request answered', async () => {
  const dir = tempDir('keep-alive-');
  servers.push(
    ...(await Promise.all(
      ['a', 'b'].map((name) =>
        startServer({
          DATABASE_URL: `file:${path.join(dir, `${name}.db`)}`,
          KEYGEN_SEALED_ROOT_FILE: path.join(dir, `${name}.root.json`),
        }),
      ),
    )),
  );
  const connections = Array.from({ length: 40 }, (_, i) => keepAliveConnection(servers[i % 2]!.url));
  await Promise.all(connections.map((c) => c.ready));

  const first = await Promise.all(connections.map((c) => c.get('/healthz')));
  for (const head of first) {
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\nkeep-alive: timeout=65\b/i);
  }
  await new Promise((resolve) => setTimeout(resolve, 7_000));
  const again = await Promise.all(connections.map((c) => c.get('/commerce/2024-07/stores')));
  expect(again.map((head) => head.split('\r\n')[0])).toEqual(Array(40).fill('HTTP/1.1 401 Unauthorized'));
});
