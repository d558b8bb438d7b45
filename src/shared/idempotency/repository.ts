import type { MaybePromise } from '../maybe.js';

/** An answer as it is kept for replay: its status, the headers that are replayed, its body (maybe sealed). */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What a request learns when it asks for an Idempotency-Key. */
export type Claim =
  /** The key is this request's to run under: no record, an expired one, or one whose holder's hold lapsed. */
  | { taken: true }
  /** Another request holds or answered the key: its fingerprint, and its answer once there is one. */
  | { taken: false; fingerprint: string; answer?: StoredAnswer };

export interface ClaimRequest {
  /** The record's id: a hash of the API key's id and the Idempotency-Key. */
  id: string;
  fingerprint: string;
  /** A random value naming this request, so that only it completes or releases the record. */
  holder: string;
  /** How long the record lives, and how long the holder's hold lasts without an answer. */
  ttlMs: number;
  leaseMs: number;
}

/**
 * The records of safe retries, one per (API key, Idempotency-Key). Time is one clock per engine:
 * SQLite compares with `now`, the process's injected clock; PostgreSQL with the database's `now()`
 * in each statement, so that instances whose clocks differ agree, and `now` is not used there.
 */
export interface IdempotencyRepository {
  /** Takes the key for this request in one conditional statement, or says who has it. */
  claim(request: ClaimRequest, now: Date): MaybePromise<Claim>;
  /** Stores the holder's answer; false when the record is no longer the holder's. */
  complete(id: string, holder: string, answer: StoredAnswer): MaybePromise<boolean>;
  /** Frees the key (the request's answer is not kept): a retry with it runs again. */
  release(id: string, holder: string): MaybePromise<void>;
  /** Deletes up to `limit` expired records; the count deleted. */
  purgeExpiredBatch(now: Date, limit: number): MaybePromise<number>;
}

export interface IdempotencyRepositories {
  idempotency: IdempotencyRepository;
}

export interface RecordRow {
  fingerprint: string;
  status: number | null;
  headers: string | null;
  body: string | null;
}

/** The record as a claim that was not taken: its fingerprint, and its answer when it has one. */
export function notTaken(row: RecordRow): Claim {
  if (row.status === null || row.body === null) return { taken: false, fingerprint: row.fingerprint };
  return {
    taken: false,
    fingerprint: row.fingerprint,
    answer: { status: row.status, headers: JSON.parse(row.headers ?? '{}') as Record<string, string>, body: row.body },
  };
}
