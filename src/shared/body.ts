import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export class BodyError extends Error {
  constructor(
    readonly reason: 'media_type' | 'too_large' | 'not_json',
    readonly limit: number,
  ) {
    super(`request body: ${reason}`);
  }
}

const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
// RFC 8259: JSON text is UTF-8, so invalid bytes are refused rather than replaced by U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The end user's pages (prompt button, development provider's login form) send a few short fields. */
export const FORM_BODY_LIMIT = 16 * 1024;

const streamGuard = (limit: number) =>
  bodyLimit({
    maxSize: limit,
    onError: () => {
      throw new BodyError('too_large', limit);
    },
  });

/** A declared length over the limit is refused before reading; a chunked body is read to `limit` + one chunk. */
async function withinLimit<T>(
  c: Context,
  limit: number,
  guard: ReturnType<typeof bodyLimit>,
  read: () => Promise<T>,
): Promise<T> {
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    // Node's parser holds the body to its declared length, so it is read straight from the socket
    // instead of through hono's bodyLimit, which would turn it into a web stream first.
    if (parseInt(length, 10) > limit) throw new BodyError('too_large', limit);
    return read();
  }
  let value: T | undefined;
  await guard(c, async () => {
    value = await read();
  });
  return value as T;
}

/** Leaves the decoded text in hono's body cache, so a later reader does not read the body again. */
export function jsonBodyReader(limit: number): (c: Context) => Promise<unknown> {
  const guard = streamGuard(limit);
  return (c) => {
    if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? ''))
      return Promise.reject(new BodyError('media_type', limit));
    // rawBodyReader already read it within the limit, for a signature.
    if (c.req.bodyCache.arrayBuffer) return parseJson(c, limit);
    return withinLimit(c, limit, guard, () => parseJson(c, limit));
  };
}

/** For signed requests, whose signature covers the body's MD5 whatever its media type. */
export function rawBodyReader(limit: number): (c: Context) => Promise<Uint8Array> {
  const guard = streamGuard(limit);
  return (c) => withinLimit(c, limit, guard, async () => new Uint8Array(await c.req.arrayBuffer()));
}

// JSON text can only spell U+0000 or an unpaired surrogate with a `\u` escape: raw control characters are not
// JSON, and parseJson decodes the text as strict UTF-8. So the checker need not look at the strings of a body
// whose text has none.
const withoutEscapes = new WeakSet<object>();

/** False for a JSON body whose text had no `\u` escape: none of its strings holds U+0000 or a lone surrogate. */
export const mayHoldEscapes = (body: unknown): boolean =>
  typeof body !== 'object' || body === null || !withoutEscapes.has(body);

async function parseJson(c: Context, limit: number): Promise<unknown> {
  let text: string;
  try {
    text = utf8.decode(await c.req.arrayBuffer());
  } catch (err) {
    if (err instanceof BodyError) throw err;
    throw new BodyError('not_json', limit);
  }
  // hono's body cache holds promises at run time, whatever its type says.
  (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BodyError('not_json', limit);
  }
  if (typeof body === 'object' && body !== null && !text.includes('\\u')) withoutEscapes.add(body);
  return body;
}

export function formBodyReader(limit: number = FORM_BODY_LIMIT): (c: Context) => Promise<Record<string, unknown>> {
  const guard = streamGuard(limit);
  return (c) => withinLimit(c, limit, guard, () => c.req.parseBody());
}
