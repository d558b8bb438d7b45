import type { MaybePromise } from '../maybe.js';

/** `body` may be sealed. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type Claim =
  /** No record, an expired one, or one whose holder's lease lapsed. */
  | { taken: true }
  /** `answer` is missing while the other request still runs. */
  | { taken: false; fingerprint: string; answer?: StoredAnswer };

export interface ClaimRequest {
  id: string;
  fingerprint: string;
  /** A random value, so that only this request completes or releases the record. */
  holder: string;
  ttlMs: number;
  leaseMs: number;
}

/**
 * PostgreSQL ignores `now` and uses the database's `now()` in each statement, so that instances whose clocks
 * differ agree; SQLite has one process and uses the injected clock.
 */
export interface IdempotencyRepository {
  /** One conditional statement, so exactly one of the requests racing for a key takes it. */
  claim(request: ClaimRequest, now: Date): MaybePromise<Claim>;
  /** False when the record is no longer the holder's. */
  complete(id: string, holder: string, answer: StoredAnswer): MaybePromise<boolean>;
  release(id: string, holder: string): MaybePromise<void>;
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

export function notTaken(row: RecordRow): Claim {
  if (row.status === null || row.body === null) return { taken: false, fingerprint: row.fingerprint };
  return {
    taken: false,
    fingerprint: row.fingerprint,
    answer: { status: row.status, headers: JSON.parse(row.headers ?? '{}') as Record<string, string>, body: row.body },
  };
}
