import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';

/** What `writeHead` takes besides the status and the reason phrase. */
type HeadHeaders = OutgoingHttpHeaders | OutgoingHttpHeader[];

/**
 * The answers of a server that names itself (`Server: value`), every answer on the port: the app's, the docs
 * site's and @hono/node-server's own error answers.
 *
 * The header goes into the head with the answer's other headers: @hono/node-server writes each head at once
 * (`writeHead(status, headers)`, a plain object), and `value` joins that object. Set beforehand with `setHeader` (a
 * `request` listener, as before), it made Node.js take its path for headers set one by one for every answer: each
 * of the answer's headers validated, lowercased and stored again before the head was written (BENCHMARKS.md,
 * "Thirty-first look"). A head written without headers (`res.end()` alone, @hono/node-server's answer without a body
 * or headers) or with an array of them gets the header the old way. A handler's own `server` or `Server` header is
 * kept.
 */
export function serverNamed(value: string): typeof ServerResponse {
  return class NamedServerResponse<Req extends IncomingMessage = IncomingMessage> extends ServerResponse<Req> {
    override writeHead(statusCode: number, reason?: string | HeadHeaders, headers?: HeadHeaders): this {
      const withReason = typeof reason === 'string';
      const given = withReason ? headers : (reason ?? headers);
      let sent = given;
      if (!this.hasHeader('server')) {
        if (given === undefined || Array.isArray(given)) this.setHeader('server', value);
        else if (!('server' in given || 'Server' in given)) sent = { server: value, ...given };
      }
      return withReason ? super.writeHead(statusCode, reason, sent) : super.writeHead(statusCode, sent);
    }
  };
}
