import type pg from 'pg';
import { inPostgresTransaction, SWEEP_LOCK, tryTransactionLock } from '../db/postgres.js';
import { columnArrays, turnBatched } from '../db/pg-turn.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { notTaken, type Claim, type ClaimRequest, type IdempotencyRepository, type RecordRow } from './repository.js';

// One clock for every instance.
const NOW_MS = '(extract(epoch from now()) * 1000)::bigint';

const TAKE_SET = `ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, holder = EXCLUDED.holder,
    status = NULL, headers = NULL, body = NULL, lease_until = EXCLUDED.lease_until, expires_at = EXCLUDED.expires_at
  WHERE r.expires_at <= ${NOW_MS} OR (r.holder IS NOT NULL AND r.lease_until <= ${NOW_MS})
  RETURNING id`;
const TAKE = `INSERT INTO idempotency_records AS r (id, fingerprint, holder, lease_until, expires_at)
  VALUES ($1, $2, $3, ${NOW_MS} + $4::bigint, ${NOW_MS} + $5::bigint) ${TAKE_SET}`;
const TAKE_TURN = `INSERT INTO idempotency_records AS r (id, fingerprint, holder, lease_until, expires_at)
  SELECT id, fingerprint, holder, ${NOW_MS} + lease_ms, ${NOW_MS} + ttl_ms
  FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[]) AS a(id, fingerprint, holder, lease_ms, ttl_ms)
  ${TAKE_SET}`;
const READ = `SELECT fingerprint, status, headers, body FROM idempotency_records
  WHERE id = $1 AND expires_at > ${NOW_MS}`;
const READ_TURN = `SELECT id, fingerprint, status, headers, body FROM idempotency_records
  WHERE id = ANY($1::text[]) AND expires_at > ${NOW_MS}`;
const COMPLETE_TURN = `UPDATE idempotency_records AS r SET holder = NULL, status = u.status, headers = u.headers,
    body = u.body
  FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[]) WITH ORDINALITY
    AS u(id, holder, status, headers, body, n)
  WHERE r.id = u.id AND r.holder = u.holder
  RETURNING u.n::int AS n`;
const PURGE = `DELETE FROM idempotency_records WHERE id IN
  (SELECT id FROM idempotency_records WHERE expires_at <= ${NOW_MS} LIMIT $1 FOR UPDATE SKIP LOCKED)`;

/** Claims and completions per statement; a completion counts its answer's characters against its own bound. */
const CLAIMS_PER_STATEMENT = 500;
const ANSWER_CHARS_PER_STATEMENT = 4 * 2 ** 20;

interface Completion {
  id: string;
  holder: string;
  status: number;
  headers: string;
  body: string;
}

/**
 * A claim on its own: retried when the record was released or swept between the two statements; rare, so a few
 * tries do.
 */
async function claimAlone(pool: pg.Pool, request: ClaimRequest): Promise<Claim> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const values = [request.id, request.fingerprint, request.holder, request.leaseMs, request.ttlMs];
    if ((await pool.query({ name: 'idempotency-take', text: TAKE, values })).rowCount === 1) return { taken: true };
    const row = (await pool.query<RecordRow>({ name: 'idempotency-read', text: READ, values: [request.id] })).rows[0];
    if (row) return notTaken(row);
  }
  throw new Error('An idempotency record could neither be taken nor read.');
}

/**
 * A turn's claims as one statement (turnBatched): one `INSERT … ON CONFLICT DO UPDATE … WHERE` over the arrays of
 * the turn's distinct keys, then one read of the records it did not take. A key claimed twice in a turn is sent once:
 * the later claims get what a claim right after the first would get (held and running when the first took it, else
 * the first's record). A record neither taken nor read (released or swept in between) is claimed again on its own.
 *
 * Only the first statement's failure fails the batch (and has its calls run alone): once it committed, a call it took
 * must not be claimed again, which would find its own hold. What fails after it fails only the calls it concerns, as
 * each call's value is a promise of its own.
 */
function claimsInTurn(pool: pg.Pool): (request: ClaimRequest) => Promise<Claim> {
  const claim = turnBatched<ClaimRequest, Promise<Claim>>(
    { max: CLAIMS_PER_STATEMENT, eachAlone: (err) => !isDatabaseUnavailable(err) },
    async (requests) => {
      const first = new Map<string, ClaimRequest>();
      for (const r of requests) if (!first.has(r.id)) first.set(r.id, r);
      const distinct = [...first.values()];
      const { rows } = await pool.query<{ id: string }>({
        name: 'idempotency-take-turn',
        text: TAKE_TURN,
        values: columnArrays(distinct, ['id', 'fingerprint', 'holder', 'leaseMs', 'ttlMs']),
      });
      const taken = new Set(rows.map((row) => row.id));
      const others = distinct.filter((r) => !taken.has(r.id));
      const records =
        others.length === 0
          ? Promise.resolve(new Map<string, RecordRow>())
          : pool
              .query<RecordRow & { id: string }>({
                name: 'idempotency-read-turn',
                text: READ_TURN,
                values: [others.map((r) => r.id)],
              })
              .then(({ rows: read }) => new Map(read.map(({ id, ...row }) => [id, row])));
      const claims = new Map<string, Promise<Claim>>();
      for (const r of distinct) {
        claims.set(
          r.id,
          taken.has(r.id)
            ? Promise.resolve({ taken: true })
            : records.then((found) => {
                const row = found.get(r.id);
                return row ? notTaken(row) : claimAlone(pool, r);
              }),
        );
      }
      return requests.map((r) =>
        claims
          .get(r.id)!
          .then((c): Claim =>
            first.get(r.id) === r || !c.taken ? c : { taken: false, fingerprint: first.get(r.id)!.fingerprint },
          ),
      );
    },
  );
  // A promise resolved with a promise takes its outcome: each call settles as its own claim does.
  return (request) => claim(request).then((c) => c);
}

/** A turn's completions as one `UPDATE … FROM` the arrays of their records, each still its holder's or not. */
function completionsInTurn(pool: pg.Pool): (completion: Completion) => Promise<boolean> {
  return turnBatched<Completion, boolean>(
    {
      max: ANSWER_CHARS_PER_STATEMENT,
      weight: (c) => c.body.length,
      eachAlone: (err) => !isDatabaseUnavailable(err),
    },
    async (completions) => {
      const { rows } = await pool.query<{ n: number }>({
        name: 'idempotency-complete-turn',
        text: COMPLETE_TURN,
        values: columnArrays(completions, ['id', 'holder', 'status', 'headers', 'body']),
      });
      const done = completions.map(() => false);
      for (const { n } of rows) done[n - 1] = true;
      return done;
    },
  );
}

/**
 * A turn's claims go to PostgreSQL as one statement, and so do its completions (pg-turn.ts), so that a create sent
 * with an Idempotency-Key costs a turn's share of two statements beside its own (BENCHMARKS.md).
 */
export function postgresIdempotency(pool: pg.Pool): IdempotencyRepository {
  const claim = claimsInTurn(pool);
  const complete = completionsInTurn(pool);
  return {
    claim: (request) => claim(request),
    complete: (id, holder, answer) =>
      complete({ id, holder, status: answer.status, headers: JSON.stringify(answer.headers), body: answer.body }),
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
