import { createServer, request } from 'node:http';
import { duplexPair } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { CustomFetch } from 'openid-client';

type Handler = (req: Request, env: unknown) => unknown;

/**
 * A fetch that answers every request from `handler` over an in-memory HTTP connection: a real
 * HTTP exchange (Node's client and server, @hono/node-server's listener, so a handler that needs
 * the Node request and response works), to an http.Server that never listens on a port.
 *
 * The service's own requests to the embedded development provider (discovery, JWKS, token) use
 * it instead of the public URL: on SIGTERM the public listener closes while a sign-in callback is
 * still in flight, and a request to the public URL would then be refused (issue 15 item 8).
 */
export function inProcessFetch(handler: Handler): CustomFetch {
  // Not listening: no port, nothing to close; connections are handed to it one request at a time.
  // overrideGlobalObjects: false, so that building it does not swap the global Request/Response.
  const listener = getRequestListener(handler as never, { overrideGlobalObjects: false });
  // The listener answers its own errors (a 500), so its promise is not awaited.
  const server = createServer((req, res) => void listener(req, res));

  return async (url, options) => {
    const target = new URL(url);
    const body = options.body == null ? undefined : Buffer.from(await new Response(options.body as BodyInit).arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const [client, peer] = duplexPair();
      server.emit('connection', peer);
      const req = request(
        {
          createConnection: () => client as never,
          method: options.method,
          path: `${target.pathname}${target.search}`,
          headers: { ...options.headers, host: target.host },
          signal: options.signal ?? undefined,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            client.destroy();
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
            }
            resolve(new Response(chunks.length > 0 ? Buffer.concat(chunks) : null, { status: res.statusCode ?? 500, headers }));
          });
        },
      );
      req.on('error', (err) => {
        client.destroy();
        reject(err);
      });
      req.end(body);
    });
  };
}
