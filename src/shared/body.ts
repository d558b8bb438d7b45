import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** Why a request body could not be read; each service answers it in its own error body. */
export class BodyError extends Error {
  constructor(
    readonly reason: 'media_type' | 'too_large' | 'not_json',
    readonly limit: number,
  ) {
    super(`request body: ${reason}`);
  }
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
// JSON text is UTF-8 (RFC 8259): bytes that are not are refused, not silently replaced by U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A reader of the request's JSON body, for an operation that declares one: `application/json`,
 * at most `limit` bytes, UTF-8 JSON; otherwise a BodyError. The decoded text is left in hono's
 * body cache, so anything that reads the body again gets it without a second read.
 */
export function jsonBodyReader(limit: number): (c: Context) => Promise<unknown> {
  // For a body without a declared length (chunked): hono's limit on the stream.
  const sizeGuard = bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new BodyError('too_large', limit);
    },
  });
  return (c) => readJsonBody(c, limit, sizeGuard);
}

async function readJsonBody(c: Context, limit: number, sizeGuard: ReturnType<typeof bodyLimit>): Promise<unknown> {
  if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) throw new BodyError('media_type', limit);
  const parse = async () => {
    let text: string;
    try {
      text = utf8.decode(await c.req.arrayBuffer());
    } catch (err) {
      if (err instanceof BodyError) throw err;
      throw new BodyError('not_json', limit);
    }
    // hono's body cache holds promises at run time (its type says string).
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new BodyError('not_json', limit);
    }
  };
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    // The declared length decides (node's parser holds the body to it), and the body is read
    // straight from the socket: hono's bodyLimit would turn it into a web stream first.
    if (parseInt(length, 10) > limit) throw new BodyError('too_large', limit);
    return parse();
  }
  let value: unknown;
  await sizeGuard(c, async () => {
    value = await parse();
  });
  return value;
}
