import { inGroupCommit, ONE_STATEMENT, sqliteOf, type Db } from '../db/client.js';
import { notTaken, type Claim, type ClaimRequest, type IdempotencyRepository, type RecordRow } from './repository.js';

// Each write is one statement in the turn's group commit (a claim reads its record after it, in the same transaction),
// so a safe retry's two writes share their COMMITs with the turn's other writes instead of paying one each.

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
    claim: (request, now) => inGroupCommit(db, () => claimNow(request, now), ONE_STATEMENT),
    complete: (id, holder, answer) =>
      inGroupCommit(
        db,
        () => complete.run(answer.status, JSON.stringify(answer.headers), answer.body, id, holder).changes === 1,
        ONE_STATEMENT,
      ),
    release: (id, holder) =>
      inGroupCommit(
        db,
        () => {
          release.run(id, holder);
        },
        ONE_STATEMENT,
      ),
    purgeExpiredBatch: (now, limit) => purge.run(now.getTime(), limit).changes,
  };

  function claimNow(request: ClaimRequest, now: Date): Claim {
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
  }
}
