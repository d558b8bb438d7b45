import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratePostgres } from '../../src/shared/db/postgres.js';
import { createDatabase, postgresBin, startPostgresCluster } from './postgres-cluster.js';

/**
 * vitest globalSetup: a PostgreSQL server for the suites that run on it. TEST_DATABASE_URL names
 * one (a database the tests may create databases beside); otherwise, where Debian's `postgresql`
 * binaries are installed, a throwaway cluster is started in a temp folder on a loopback port and
 * removed afterwards. Without either the PostgreSQL suites say they are skipped, except under CI,
 * where that is an error (.ci/run installs the package).
 *
 * On that server it creates one database with the PostgreSQL migrations applied, once per run:
 * the template each test file's database is copied from (CREATE DATABASE … TEMPLATE …), so that
 * no file runs the migrations itself. It is dropped at the end.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The migrated template database on that server ('' without a server). */
    postgresTemplate: string;
  }
}

/** Creates and migrates the template on the server at `url`; gives the function that drops it. */
async function createTemplate(project: TestProject, url: string): Promise<() => Promise<void>> {
  const name = `t_template_${process.pid}_${Date.now().toString(36)}`;
  const template = await createDatabase(url, name);
  const pool = new pg.Pool({ connectionString: template.url, max: 1 });
  try {
    await migratePostgres(pool);
  } finally {
    // No session may stay connected to a template while databases are copied from it.
    await pool.end();
  }
  project.provide('postgresTemplate', name);
  return template.drop;
}

export default async function setup(project: TestProject) {
  project.provide('postgresTemplate', '');
  if (process.env.TEST_DATABASE_URL) {
    const url = process.env.TEST_DATABASE_URL;
    project.provide('postgresUrl', url);
    return createTemplate(project, url);
  }
  const bin = postgresBin();
  if (!bin) {
    if (process.env.CI)
      throw new Error(
        'CI runs the PostgreSQL suites: install PostgreSQL (apt-get install -y postgresql) or set TEST_DATABASE_URL.',
      );
    project.provide('postgresUrl', '');
    return;
  }
  // Tests need no durability: no fsync, no waiting for the WAL at commit.
  const cluster = await startPostgresCluster(bin, ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']);
  project.provide('postgresUrl', cluster.url);
  try {
    await createTemplate(project, cluster.url);
  } catch (err) {
    cluster.stop();
    throw err;
  }
  // The template goes with the cluster.
  return () => cluster.stop();
}
