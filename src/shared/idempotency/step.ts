import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { Principal } from '../api-keys.js';
import type { Clock } from '../clock.js';
import { API_HEADERS } from '../http.js';
import type { MaybePromise } from '../maybe.js';
import type { IdempotencyRepository, StoredAnswer } from './repository.js';

/** The request header of safe retries (the IETF httpapi draft's `Idempotency-Key`), and the mark of a replay. */
export const IDEMPOTENCY_KEY = 'idempotency-key';
export const REPLAYED = 'idempotent-replayed';

/** How long a key's answer is kept, from the first request with it. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a request holds its key without an answer: far longer than any request runs (statements
 * and sealed-module calls time out within seconds), so that a key whose instance stopped mid-request
 * is free again a minute later instead of answering "still running" for a day.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

/** The answer's headers a replay repeats; the request id and the rate-limit headers are the retry's own. */
const KEPT_HEADERS = ['content-type', 'location'];

/** Keeps a stored answer's body unreadable at rest (the key service: it holds client secrets and prompt URLs). */
export interface AnswerSealer {
  seal(body: string, context: string): MaybePromise<string>;
  /** The body, or null when it cannot be unsealed here. */
  unseal(sealed: string, context: string): MaybePromise<string | null>;
}

export interface IdempotencyOptions {
  records: IdempotencyRepository;
  clock: Clock;
  sealer?: AnswerSealer;
  /** The service's errors, thrown: the key's first request is still running, or had another fingerprint. */
  inProgress(): Error;
  reused(): Error;
  /** Hears a record that could not be completed or released (the answer still goes to the client). */
  onStoreError(err: unknown): void;
}

/** The request as a retry must repeat it: what is compared, beside the key, to tell a retry from a new request. */
export interface RequestIdentity {
  method: string;
  /** Path and query. */
  target: string;
  /** The operation's own headers (the order service's `svc-store-id`), by name. */
  headers: Record<string, string | undefined>;
  body: unknown;
}

/** JSON with object keys sorted: two bodies that parse to the same value have one form. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const fingerprintOf = (r: RequestIdentity) =>
  createHash('sha256')
    .update(canonical([r.method, r.target, r.headers, r.body]))
    .digest('hex');

/** The record of an API key's Idempotency-Key: keys of different API keys never meet. */
export const recordId = (apiKeyId: string, key: string) =>
  createHash('sha256').update(`${apiKeyId}\n${key}`).digest('hex');

const sealContext = (id: string) => `idempotent-answer|${id}`;

export type Idempotency = ReturnType<typeof createIdempotency>;

/**
 * Safe retries for one service: `run` does the request under its Idempotency-Key once. The first
 * request with a key takes its record and runs; a 2xx answer is stored for 24 hours, any other
 * answer frees the key (it changed nothing, or failed before it could: a retry runs again). A later
 * request with the key and the same fingerprint gets the stored answer, marked `Idempotent-Replayed`;
 * with another fingerprint it is refused (`reused`), and while the first still runs, `inProgress`.
 */
export function createIdempotency(options: IdempotencyOptions) {
  const { records, clock, sealer } = options;

  const replay = async (id: string, stored: StoredAnswer): Promise<Response> => {
    const body = sealer ? await sealer.unseal(stored.body, sealContext(id)) : stored.body;
    if (body === null) throw new Error('A stored idempotent answer could not be unsealed.');
    return new Response(body, {
      status: stored.status,
      headers: { ...API_HEADERS, ...stored.headers, [REPLAYED]: 'true' },
    });
  };

  const keep = async (id: string, holder: string, res: Response): Promise<Response> => {
    const body = await res.text();
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    try {
      const stored = sealer ? await sealer.seal(body, sealContext(id)) : body;
      await records.complete(id, holder, { status: res.status, headers, body: stored });
    } catch (err) {
      // The work is done: its answer goes to the client; a retry finds the key held until the hold lapses.
      options.onStoreError(err);
    }
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
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
        return replay(id, claim.answer);
      }
      let res: Response;
      try {
        res = await work();
      } catch (err) {
        await free(id, holder);
        throw err;
      }
      if (res.status >= 200 && res.status < 300) return keep(id, holder, res);
      await free(id, holder);
      return res;
    },
  };
}
