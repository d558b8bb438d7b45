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
 * The largest form body: the end user's pages (the prompt page's button, the development
 * provider's login form) send a few short fields.
 */
export const FORM_BODY_LIMIT = 16 * 1024;

/** hono's body limit for a body without a declared length (chunked), failing with a BodyError. */
const streamGuard = (limit: number) =>
  bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new BodyError('too_large', limit);
    },
  });

/**
 * `read(c)` of a body of at most `limit` bytes: a declared length over the limit is refused before
 * anything is read; a body without one (chunked) is read at most `limit` + one chunk, then refused.
 */
async function withinLimit<T>(
  c: Context,
  limit: number,
  guard: ReturnType<typeof bodyLimit>,
  read: () => Promise<T>,
): Promise<T> {
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    // The declared length decides (node's parser holds the body to it), and the body is read
    // straight from the socket: hono's bodyLimit would turn it into a web stream first.
    if (parseInt(length, 10) > limit) throw new BodyError('too_large', limit);
    return read();
  }
  let value: T | undefined;
  await guard(c, async () => {
    value = await read();
  });
  return value as T;
}

/**
 * A reader of the request's JSON body, for an operation that declares one: `application/json`,
 * at most `limit` bytes, UTF-8 JSON; otherwise a BodyError. The decoded text is left in hono's
 * body cache, so anything that reads the body again gets it without a second read.
 */
export function jsonBodyReader(limit: number): (c: Context) => Promise<unknown> {
  const guard = streamGuard(limit);
  return (c) => {
    if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? ''))
      return Promise.reject(new BodyError('media_type', limit));
    // Read already, within the limit (rawBodyReader, for a signature): parsed from hono's cache.
    if (c.req.bodyCache.arrayBuffer) return parseJson(c, limit);
    return withinLimit(c, limit, guard, () => parseJson(c, limit));
  };
}

/**
 * A reader of the request's body as bytes, whatever its media type, within `limit` (a signed
 * request's signature covers the body's MD5). hono keeps what it read, so a JSON body read
 * afterwards is not read again.
 */
export function rawBodyReader(limit: number): (c: Context) => Promise<Uint8Array> {
  const guard = streamGuard(limit);
  return (c) => withinLimit(c, limit, guard, async () => new Uint8Array(await c.req.arrayBuffer()));
}

async function parseJson(c: Context, limit: number): Promise<unknown> {
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
}

/** A reader of a form body (hono's parseBody) of at most `limit` bytes; a BodyError over it. */
export function formBodyReader(limit: number = FORM_BODY_LIMIT): (c: Context) => Promise<Record<string, unknown>> {
  const guard = streamGuard(limit);
  return (c) => withinLimit(c, limit, guard, () => c.req.parseBody());
}
