// No database: the ServerResponse the server runs with when VERSION_HEADER is on (src/shared/server-header.ts), on a
// plain node:http server, answered in each of the ways Node.js lets a handler write a head.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverNamed } from '../../src/shared/server-header.js';

const NAME = 'contract-first-services/9.9.9 (0123456789ab)';

const answers: Record<string, (res: ServerResponse<IncomingMessage>) => void> = {
  // @hono/node-server's way: one plain object of headers.
  '/object': (res) => res.writeHead(200, { 'content-type': 'text/plain', 'x-one': '1' }).end('ok'),
  '/reason': (res) => res.writeHead(200, 'Fine', { 'content-type': 'text/plain' }).end('ok'),
  '/array': (res) => res.writeHead(200, ['content-type', 'text/plain', 'x-one', '1']).end('ok'),
  '/end-only': (res) => res.end('ok'),
  '/set-then-object': (res) => {
    res.setHeader('x-early', 'e');
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  },
  '/own-server': (res) => res.writeHead(200, { Server: 'someone-else' }).end('ok'),
  '/own-server-set': (res) => {
    res.setHeader('server', 'someone-else');
    res.end('ok');
  },
};

let port = 0;
const server = createServer({ ServerResponse: serverNamed(NAME) }, (req, res) => answers[req.url ?? '']!(res));
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The head of the answer as the bytes on the wire (node's fetch would hide a repeated header). */
function head(path: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('end', () => resolve(text.slice(0, text.indexOf('\r\n\r\n')).split('\r\n')));
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  });
}

const serverLines = (lines: string[]) => lines.filter((l) => /^server:/i.test(l));

describe('serverNamed: every answer names the server once', () => {
  it.each(['/object', '/reason', '/array', '/end-only', '/set-then-object'])('%s', async (path) => {
    const lines = await head(path);
    expect(lines[0]).toMatch(/^HTTP\/1\.1 200 /);
    expect(serverLines(lines)).toEqual([`server: ${NAME}`]);
  });

  it('as the first header of a head written at once, the others as given', async () => {
    const lines = await head('/object');
    expect(lines.slice(1, 4)).toEqual([`server: ${NAME}`, 'content-type: text/plain', 'x-one: 1']);
  });

  it('keeps a Server header the handler gives, whichever way it gives it', async () => {
    expect(serverLines(await head('/own-server'))).toEqual(['Server: someone-else']);
    expect(serverLines(await head('/own-server-set'))).toEqual(['server: someone-else']);
  });

  it('keeps a reason phrase and the headers set before the head', async () => {
    expect((await head('/reason'))[0]).toBe('HTTP/1.1 200 Fine');
    expect(await head('/set-then-object')).toContain('x-early: e');
  });
});
