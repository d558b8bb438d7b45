import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { closingConnections } from '../../src/shared/closing-connections.js';

// A stop after closingConnections().closing() and server.close() ends when the answers in flight
// are written, without waiting for the client's keep-alive. Node alone keeps such a connection
// open for the keep-alive timeout (a minute here, past this file's test timeout).

const servers: Server[] = [];
const agents: Agent[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
  for (const a of agents.splice(0)) a.destroy();
});

/** A server that holds each request until the test answers it (`next()` gives the next one held). */
async function holdingServer() {
  /** Each held request, as a function that answers it with the given writer. */
  const held: Array<(write: (res: ServerResponse) => void) => void> = [];
  const waiting: Array<() => void> = [];
  const server = createServer({ keepAliveTimeout: 60_000 }, (_req, res) => {
    held.push((write) => write(res));
    waiting.splice(0).forEach((w) => w());
  });
  servers.push(server);
  const connections = closingConnections(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true });
  agents.push(agent);
  const get = () =>
    new Promise<{ res: IncomingMessage; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ res, body }));
      });
      req.on('error', reject);
      req.end();
    });
  /** The next held request, once the server has it. */
  const next = async () => {
    while (held.length === 0) await new Promise<void>((r) => waiting.push(r));
    return held.shift()!;
  };
  /** closing(), then server.close(): resolves when the server has no connection left. */
  const stop = () => {
    connections.closing();
    return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  };
  return { get, next, stop };
}

it('an answer not yet begun says connection: close, and the stop ends once it is written', async () => {
  const s = await holdingServer();
  const answer = s.get();
  const write = await s.next();
  const stopped = s.stop();
  write((res) => res.end('done'));
  const { res, body } = await answer;
  expect(body).toBe('done');
  expect(res.headers.connection).toBe('close');
  await stopped;
});

it('an answer already streaming when the stop begins: its connection closes once the answer ends', async () => {
  const s = await holdingServer();
  const answer = s.get();
  const write = await s.next();
  let stream: ServerResponse | undefined;
  write((res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('part one, ');
    stream = res;
  });
  const stopped = s.stop();
  stream!.end('part two');
  const { res, body } = await answer;
  expect(body).toBe('part one, part two');
  expect(res.headers.connection).toBe('keep-alive');
  await stopped;
});

it('an idle keep-alive connection does not hold the stop, and a client still gets its answer in flight', async () => {
  const s = await holdingServer();
  // Two connections: one idle after its answer, one with a request in flight.
  const first = s.get();
  const second = s.get();
  (await s.next())((res) => res.end('one'));
  (await s.next())((res) => res.end('two'));
  await Promise.all([first, second]);
  const third = s.get();
  const write = await s.next();
  const stopped = s.stop();
  write((res) => res.end('three'));
  expect((await third).body).toBe('three');
  await stopped;
});
