import type { Db } from '../db/client.js';
import { sqliteOf } from '../db/client.js';
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

interface RecordRow {
  fingerprint: string;
  status: number | null;
  headers: string | null;
  body: string | null;
}

/** The record as a claim that was not taken: its fingerprint, and its answer when it has one. */
export function notTaken(row: RecordRow): Claim {
  if (row.status === null || row.body === null) return { taken: false, fingerprint: row.fingerprint };
  return { taken: false, fingerprint: row.fingerprint, answer: { status: row.status, headers: JSON.parse(row.headers ?? '{}') as Record<string, string>, body: row.body } };
}

/**
 * On SQLite each method is one statement, atomic on the one connection; nothing reads before it
 * writes inside a transaction, so none needs BEGIN IMMEDIATE.
 */
export function sqliteIdempotency(db: Db): IdempotencyRepository {
  const sqlite = sqliteOf(db);
  const take = sqlite.prepare<[{ id: string; fingerprint: string; holder: string; leaseUntil: number; expiresAt: number; now: number }]>(
    `INSERT INTO idempotency_records AS r (id, fingerprint, holder, status, headers, body, lease_until, expires_at)
     VALUES (@id, @fingerprint, @holder, NULL, NULL, NULL, @leaseUntil, @expiresAt)
     ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint, holder = excluded.holder, status = NULL, headers = NULL, body = NULL,
       lease_until = excluded.lease_until, expires_at = excluded.expires_at
     WHERE r.expires_at <= @now OR (r.holder IS NOT NULL AND r.lease_until <= @now)
     RETURNING id`,
  );
  const read = sqlite.prepare<[string, number]>('SELECT fingerprint, status, headers, body FROM idempotency_records WHERE id = ? AND expires_at > ?');
  const complete = sqlite.prepare<[number, string, string, string, string]>(
    'UPDATE idempotency_records SET holder = NULL, status = ?, headers = ?, body = ? WHERE id = ? AND holder = ?',
  );
  const release = sqlite.prepare<[string, string]>('DELETE FROM idempotency_records WHERE id = ? AND holder = ?');
  const purge = sqlite.prepare<[number, number]>(
    'DELETE FROM idempotency_records WHERE id IN (SELECT id FROM idempotency_records WHERE expires_at <= ? LIMIT CAST(? AS INTEGER))',
  );
  return {
    claim: (request, now) => {
      const t = now.getTime();
      // .all(), not .get(): a RETURNING statement left unfinished would hold its transaction open.
      const { id, fingerprint, holder } = request;
      if (take.all({ id, fingerprint, holder, leaseUntil: t + request.leaseMs, expiresAt: t + request.ttlMs, now: t }).length === 1) return { taken: true };
      const row = read.get(request.id, t) as RecordRow | undefined;
      // Between the two statements nothing else runs on this connection: the row is there, and live.
      if (!row) throw new Error('An idempotency record that was not taken could not be read.');
      return notTaken(row);
    },
    complete: (id, holder, answer) => complete.run(answer.status, JSON.stringify(answer.headers), answer.body, id, holder).changes === 1,
    release: (id, holder) => {
      release.run(id, holder);
    },
    purgeExpiredBatch: (now, limit) => purge.run(now.getTime(), limit).changes,
  };
}
