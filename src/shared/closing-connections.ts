import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * What a graceful stop does to the connections that are open when it begins: Node's
 * `server.close()` closes the idle ones and stops accepting, but a connection with a request in
 * flight stays open after its answer, idle under keep-alive, until the client lets it go or the
 * keep-alive timeout (65 s here) ends it; so every such stop ran into SHUTDOWN_TIMEOUT_MS and
 * logged "shutdown timed out".
 *
 * Once `closing()` is called, every answer still to be written says `connection: close`, and Node
 * ends its connection after it: the clients know not to send another request on it. An answer
 * whose head was already written (a page being streamed) cannot say so; its connection is closed
 * as soon as it is idle after that answer.
 *
 * The connections are found through the socket's current response (`_httpMessage`, which Node
 * sets on every server response it writes to a socket; http-terminator relies on it too).
 */
export function closingConnections(server: Server): { closing(): void } {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
    else res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
  };
  return {
    closing() {
      // A request that arrives on a connection already open (the next one under keep-alive) is answered, then it closes.
      server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => closeAfter(res));
      for (const socket of open) {
        const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        if (res && !res.writableFinished) closeAfter(res);
      }
    },
  };
}
