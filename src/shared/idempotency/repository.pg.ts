import type pg from 'pg';
import { inPostgresTransaction, SWEEP_LOCK, tryTransactionLock } from '../db/postgres.js';
import { notTaken, type IdempotencyRepository } from './repository.js';

// One clock for every instance.
const NOW_MS = '(extract(epoch from now()) * 1000)::bigint';

const TAKE = `INSERT INTO idempotency_records AS r (id, fingerprint, holder, lease_until, expires_at)
  VALUES ($1, $2, $3, ${NOW_MS} + $4::bigint, ${NOW_MS} + $5::bigint)
  ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, holder = EXCLUDED.holder,
    status = NULL, headers = NULL, body = NULL, lease_until = EXCLUDED.lease_until, expires_at = EXCLUDED.expires_at
  WHERE r.expires_at <= ${NOW_MS} OR (r.holder IS NOT NULL AND r.lease_until <= ${NOW_MS})
  RETURNING id`;
const READ = `SELECT fingerprint, status, headers, body FROM idempotency_records
  WHERE id = $1 AND expires_at > ${NOW_MS}`;
const PURGE = `DELETE FROM idempotency_records WHERE id IN
  (SELECT id FROM idempotency_records WHERE expires_at <= ${NOW_MS} LIMIT $1 FOR UPDATE SKIP LOCKED)`;

export function postgresIdempotency(pool: pg.Pool): IdempotencyRepository {
  return {
    claim: async (request) => {
      // Retried when the record was released or swept between the two statements; rare, so a few tries do.
      for (let attempt = 0; attempt < 3; attempt++) {
        const values = [request.id, request.fingerprint, request.holder, request.leaseMs, request.ttlMs];
        if ((await pool.query({ name: 'idempotency-take', text: TAKE, values })).rowCount === 1) return { taken: true };
        const row = (await pool.query({ name: 'idempotency-read', text: READ, values: [request.id] })).rows[0];
        if (row) return notTaken(row);
      }
      throw new Error('An idempotency record could neither be taken nor read.');
    },
    complete: async (id, holder, answer) =>
      (
        await pool.query({
          name: 'idempotency-complete',
          text: `UPDATE idempotency_records SET holder = NULL, status = $3, headers = $4, body = $5
            WHERE id = $1 AND holder = $2`,
          values: [id, holder, answer.status, JSON.stringify(answer.headers), answer.body],
        })
      ).rowCount === 1,
    release: async (id, holder) => {
      await pool.query({
        name: 'idempotency-release',
        text: 'DELETE FROM idempotency_records WHERE id = $1 AND holder = $2',
        values: [id, holder],
      });
    },
    purgeExpiredBatch: (_now, limit) =>
      inPostgresTransaction(pool, async (client) => {
        if (!(await tryTransactionLock(client, SWEEP_LOCK))) return 0;
        // A record a request is taking over is left for the next sweep.

        return (await client.query(PURGE, [limit])).rowCount ?? 0;
      }),
  };
}
