import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** The PostgreSQL server the suites may use (test/support/postgres-server.ts), or '' when there is none. */
export const postgresUrl = inject('postgresUrl');

/** A describe title that says why a PostgreSQL suite did not run. */
export const onPostgres = (title: string) =>
  postgresUrl ? `${title} (PostgreSQL)` : `${title} (PostgreSQL: SKIPPED, no server: apt-get install -y postgresql, or set TEST_DATABASE_URL)`;

/** A new, empty database on the test server, dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
