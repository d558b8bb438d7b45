import type pg from 'pg';
import type { SealedRootStore } from './from-config.js';

/** Instances starting together on an empty database each offer a root; ON CONFLICT keeps the first for all. */
export function postgresSealedRoot(pool: pg.Pool): SealedRootStore {
  const read = async () =>
    (await pool.query<{ document: string }>('SELECT document FROM keygen_sealed_root WHERE id = 1')).rows[0]?.document;
  return {
    where: 'the database (keygen_sealed_root)',
    read,
    async createIfAbsent(document, createdAt) {
      const inserted = await pool.query(
        'INSERT INTO keygen_sealed_root (id, document, created_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
        [document, createdAt],
      );
      const stored = await read();
      if (stored === undefined) throw new Error('The sealed root row is missing right after it was written.');
      return { document: stored, created: inserted.rowCount === 1 };
    },
    async replace(previous, next) {
      return (
        (
          await pool.query('UPDATE keygen_sealed_root SET document = $2 WHERE id = 1 AND document = $1', [
            previous,
            next,
          ])
        ).rowCount === 1
      );
    },
  };
}
