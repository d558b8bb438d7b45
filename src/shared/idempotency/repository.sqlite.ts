import { sqliteOf, type Db } from '../db/client.js';
import { notTaken, type IdempotencyRepository, type RecordRow } from './repository.js';

// Each method is one statement and nothing reads before writing in a transaction, so none needs BEGIN IMMEDIATE.

export function sqliteIdempotency(db: Db): IdempotencyRepository {
  const sqlite = sqliteOf(db);
  const take = sqlite.prepare<
    [{ id: string; fingerprint: string; holder: string; leaseUntil: number; expiresAt: number; now: number }]
  >(
    `INSERT INTO idempotency_records AS r (id, fingerprint, holder, status, headers, body, lease_until, expires_at)
     VALUES (@id, @fingerprint, @holder, NULL, NULL, NULL, @leaseUntil, @expiresAt)
     ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint, holder = excluded.holder,
       status = NULL, headers = NULL, body = NULL, lease_until = excluded.lease_until, expires_at = excluded.expires_at
     WHERE r.expires_at <= @now OR (r.holder IS NOT NULL AND r.lease_until <= @now)
     RETURNING id`,
  );
  const read = sqlite.prepare<[string, number]>(
    'SELECT fingerprint, status, headers, body FROM idempotency_records WHERE id = ? AND expires_at > ?',
  );
  const complete = sqlite.prepare<[number, string, string, string, string]>(
    'UPDATE idempotency_records SET holder = NULL, status = ?, headers = ?, body = ? WHERE id = ? AND holder = ?',
  );
  const release = sqlite.prepare<[string, string]>('DELETE FROM idempotency_records WHERE id = ? AND holder = ?');
  const purge = sqlite.prepare<[number, number]>(
    `DELETE FROM idempotency_records WHERE id IN
     (SELECT id FROM idempotency_records WHERE expires_at <= ? LIMIT CAST(? AS INTEGER))`,
  );
  return {
    claim: (request, now) => {
      const t = now.getTime();
      // .all(), not .get(): a RETURNING statement left unfinished would hold its transaction open.
      const { id, fingerprint, holder } = request;
      const taken = take.all({
        id,
        fingerprint,
        holder,
        leaseUntil: t + request.leaseMs,
        expiresAt: t + request.ttlMs,
        now: t,
      });
      if (taken.length === 1) return { taken: true };
      const row = read.get(request.id, t) as RecordRow | undefined;
      // Between the two statements nothing else runs on this connection: the row is there, and live.
      if (!row) throw new Error('An idempotency record that was not taken could not be read.');
      return notTaken(row);
    },
    complete: (id, holder, answer) =>
      complete.run(answer.status, JSON.stringify(answer.headers), answer.body, id, holder).changes === 1,
    release: (id, holder) => {
      release.run(id, holder);
    },
    purgeExpiredBatch: (now, limit) => purge.run(now.getTime(), limit).changes,
  };
}
