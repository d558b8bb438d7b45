import { describe, expect, it } from 'vitest';
import { onPostgres, postgresUrl } from './postgres.js';

// The `postgres` project's only file when this run has no PostgreSQL server (vitest.config.ts):
// it shows in the output that the HTTP suites did not run on PostgreSQL, and why.
describe.skipIf(!postgresUrl)(onPostgres('the HTTP suites'), () => {
  it('run on PostgreSQL whenever a server is available', () => {
    expect(postgresUrl).not.toBe('');
  });
});
