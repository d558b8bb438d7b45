import { createServer, request } from 'node:http';
import { duplexPair } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import type { CustomFetch } from 'openid-client';

type Handler = (req: Request, env: unknown) => unknown;

/** An in-memory HTTP connection, because on SIGTERM the public listener closes while sign-in callbacks still run. */
export function inProcessFetch(handler: Handler): CustomFetch {
  // Building it must not swap the global Request/Response.
  const listener = getRequestListener(handler as never, { overrideGlobalObjects: false });
  // The listener answers its own errors with a 500.
  const server = createServer((req, res) => void listener(req, res));

  return async (url, options) => {
    const target = new URL(url);
    const body =
      options.body == null ? undefined : Buffer.from(await new Response(options.body as BodyInit).arrayBuffer());
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
              for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
                headers.append(name, v);
            }
            resolve(
              new Response(chunks.length > 0 ? Buffer.concat(chunks) : null, {
                status: res.statusCode ?? 500,
                headers,
              }),
            );
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
