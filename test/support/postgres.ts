import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDatabase } from './postgres-cluster.js';

/** The PostgreSQL server the suites may use (test/support/postgres-server.ts), or '' when there is none. */
export const postgresUrl = inject('postgresUrl');
/** The migrated template database on that server (test/support/postgres-server.ts). */
const postgresTemplate = inject('postgresTemplate');

/** A describe title that says why a PostgreSQL suite did not run. */
export const onPostgres = (title: string) =>
  postgresUrl
    ? `${title} (PostgreSQL)`
    : `${title} (PostgreSQL: SKIPPED, no server: apt-get install -y postgresql, or set TEST_DATABASE_URL)`;

/**
 * A new database on the test server, dropped by the returned function: empty, or with `migrated`
 * a copy of the migrated template (the schema every migration made, in one CREATE DATABASE).
 */
export async function createTestDatabase(
  opts: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('No PostgreSQL server for this run (test/support/postgres-server.ts).');
  if (opts.migrated && !postgresTemplate) throw new Error('No migrated template database on the PostgreSQL server.');
  return createDatabase(
    postgresUrl,
    `t_${randomBytes(6).toString('hex')}`,
    opts.migrated ? postgresTemplate : undefined,
  );
}
