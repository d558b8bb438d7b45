import type { TestProject } from 'vitest/node';
import { postgresBin, startPostgresCluster } from './postgres-cluster.js';

/**
 * vitest globalSetup: a PostgreSQL server for the suites that run on it. TEST_DATABASE_URL names
 * one (a database the tests may create databases beside); otherwise, where Debian's `postgresql`
 * binaries are installed, a throwaway cluster is started in a temp folder on a loopback port and
 * removed afterwards. Without either the PostgreSQL suites say they are skipped, except under CI,
 * where that is an error (.ci/run installs the package).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const bin = postgresBin();
  if (!bin) {
    if (process.env.CI) throw new Error('CI runs the PostgreSQL suites: install PostgreSQL (apt-get install -y postgresql) or set TEST_DATABASE_URL.');
    project.provide('postgresUrl', '');
    return;
  }
  // Tests need no durability: no fsync, no waiting for the WAL at commit.
  const cluster = await startPostgresCluster(bin, ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']);
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
