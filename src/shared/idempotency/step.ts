import { hash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Principal } from '../api-keys.js';
import type { Clock } from '../clock.js';
import { jsonAnswerOf, jsonResponse, keepJsonAnswers } from '../http.js';
import type { MaybePromise } from '../maybe.js';
import type { IdempotencyRepository, StoredAnswer } from './repository.js';

/** The IETF httpapi draft's `Idempotency-Key` header. */
export const IDEMPOTENCY_KEY = 'idempotency-key';
const REPLAYED = 'idempotent-replayed';

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * Far longer than any request runs (statements and sealed-module calls time out within seconds), yet short enough
 * that a key whose instance stopped mid-request is free again instead of answering "still running" for a day.
 */
const IDEMPOTENCY_LEASE_MS = 60 * 1000;

// The request id and the rate-limit headers belong to the retry, not the replayed answer.
const KEPT_HEADERS = ['content-type', 'location'];

/** Keeps stored answers unreadable at rest, for the key service whose answers hold client secrets. */
interface AnswerSealer {
  seal(body: string, context: string): MaybePromise<string>;
  unseal(sealed: string, context: string): MaybePromise<string | null>;
}

interface IdempotencyOptions {
  records: IdempotencyRepository;
  clock: Clock;
  sealer?: AnswerSealer;
  inProgress(): Error;
  reused(): Error;
  /** The answer still goes to the client when its record cannot be completed or released. */
  onStoreError(err: unknown): void;
}

/** What a retry must repeat exactly; anything else under the same key is refused as a reuse. */
interface RequestIdentity {
  method: string;
  /** Path and query. */
  target: string;
  headers: Record<string, string | undefined>;
  body: unknown;
}

/**
 * JSON with every object's keys sorted, so two bodies that parse to the same value have the same fingerprint; an
 * undefined value (a header not sent) is `null`. Records outlive a deploy, so its output must not change
 * (test/shared/idempotency-fingerprint.test.ts holds it to the first release's).
 *
 * Written by one `JSON.stringify` of a copy whose keys were inserted in order: a string built key by key cost a
 * tenth of a create sent with a key (perf). An undefined member is copied as `null`. A copy cannot keep the order of a
 * key that is an array index (objects list those first), nor hold `__proto__` as a key, so a value with one of those is
 * written key by key (canonicalText).
 */
export function canonical(value: unknown): string {
  const copy = sortedCopy(value);
  return copy === UNSUITABLE ? canonicalText(value) : (JSON.stringify(copy) ?? 'null');
}

const UNSUITABLE: unique symbol = Symbol('unsuitable');
const INDEX_OR_PROTO = /^(?:0|[1-9][0-9]{0,9}|__proto__)$/;

function sortedCopy(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = sortedCopy(value[i]);
      if (item === UNSUITABLE) return UNSUITABLE;
      out[i] = item;
    }
    return out;
  }
  const keys = Object.keys(value).sort();
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const member = (value as Record<string, unknown>)[k];
    if (INDEX_OR_PROTO.test(k)) return UNSUITABLE;
    const copy = member === undefined ? null : sortedCopy(member);
    if (copy === UNSUITABLE) return UNSUITABLE;
    out[k] = copy;
  }
  return out;
}

function canonicalText(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalText(value[i]);
    return out + ']';
  }
  const keys = Object.keys(value).sort();
  out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    out += (i === 0 ? '' : ',') + JSON.stringify(k) + ':' + canonicalText((value as Record<string, unknown>)[k]);
  }
  return out + '}';
}

// One-shot `hash`, which makes no Hash object: a create sent with a key hashes twice.
const fingerprintOf = (r: RequestIdentity) => hash('sha256', canonical([r.method, r.target, r.headers, r.body]));

export const recordId = (apiKeyId: string, key: string) => hash('sha256', `${apiKeyId}\n${key}`);

const sealContext = (id: string) => `idempotent-answer|${id}`;

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * Only 2xx answers are stored; any other answer frees the key, because it changed nothing (or failed before it
 * could) and a retry should run again.
 */
export function createIdempotency(options: IdempotencyOptions) {
  const { records, clock, sealer } = options;

  // Made as every JSON answer is (the retry's own request id and rate-limit headers in one plain object), then the
  // first answer's kept headers over the defaults.
  const replay = async (c: Context, id: string, stored: StoredAnswer): Promise<Response> => {
    const body = sealer ? await sealer.unseal(stored.body, sealContext(id)) : stored.body;
    if (body === null) throw new Error('A stored idempotent answer could not be unsealed.');
    return jsonResponse(c, stored.status, body, { ...stored.headers, [REPLAYED]: 'true' });
  };

  /**
   * The answer's body and kept headers, and the response to send. An answer of `jsonResponse` is read from what it
   * was made of and goes out as it is; any other is read through its body, which consumes it, so it is made again.
   */
  const readAnswer = async (c: Context, res: Response) => {
    const headers: Record<string, string> = {};
    const made = jsonAnswerOf(c, res);
    if (made) {
      for (const [name, value] of Object.entries(made.headers))
        if (KEPT_HEADERS.includes(name.toLowerCase())) headers[name.toLowerCase()] = value;
      return { body: made.body, headers, answer: res };
    }
    const body = await res.text();
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const answer = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
    return { body, headers, answer };
  };

  const keep = async (c: Context, id: string, holder: string, res: Response): Promise<Response> => {
    const { body, headers, answer } = await readAnswer(c, res);
    try {
      const stored = sealer ? await sealer.seal(body, sealContext(id)) : body;
      await records.complete(id, holder, { status: res.status, headers, body: stored });
    } catch (err) {
      // The work is done, so the client gets its answer; a retry finds the key held until the lease lapses.

      options.onStoreError(err);
    }
    return answer;
  };

  const free = async (id: string, holder: string) => {
    try {
      await records.release(id, holder);
    } catch (err) {
      options.onStoreError(err);
    }
  };

  return {
    async run(
      c: Context,
      key: string,
      request: RequestIdentity,
      work: () => Response | Promise<Response>,
    ): Promise<Response> {
      const principal = c.get('principal') as Principal;
      const id = recordId(principal.apiKeyId, key);
      const fingerprint = fingerprintOf(request);
      const holder = randomUUID();
      const claim = await records.claim(
        { id, fingerprint, holder, ttlMs: IDEMPOTENCY_TTL_MS, leaseMs: IDEMPOTENCY_LEASE_MS },
        clock.now(),
      );
      if (!claim.taken) {
        if (claim.fingerprint !== fingerprint) throw options.reused();
        if (!claim.answer) throw options.inProgress();
        return replay(c, id, claim.answer);
      }
      let res: Response;
      keepJsonAnswers(c);
      try {
        res = await work();
      } catch (err) {
        await free(id, holder);
        throw err;
      }
      if (res.status >= 200 && res.status < 300) return keep(c, id, holder, res);
      await free(id, holder);
      return res;
    },
  };
}
