import { configDefaults, defineConfig } from 'vitest/config';
import { postgresBin } from './test/support/postgres-cluster.js';

/**
 * The suites that talk HTTP to the app (and the kill -9 test of the server): the `postgres`
 * project runs them again with TEST_ENGINE=postgres, each file on its own database copied from
 * the migrated template (test/support/database.ts). Everything runs in the `sqlite` project.
 */
const BOTH_ENGINES = [
  'test/orders/**/*.test.ts',
  'test/keys/**/*.test.ts',
  'test/conformance/**/*.test.ts',
  'test/fuzz/**/*.test.ts',
  'test/shared/operation-layer.test.ts',
  'test/process/crash.test.ts',
];
/**
 * Files under those folders that run once, in `sqlite`: two touch no database, or only SQLite's
 * migrations (each says so at its top); two run both engines inside (test/support/engines.ts).
 */
const RUN_ONCE = [
  'test/orders/orders.json.test.ts',
  'test/orders/page-gate.test.ts',
  'test/keys/instances.test.ts',
  'test/keys/dev-provider-adapter.test.ts',
];
/** Without a PostgreSQL server (and outside CI, where that fails the run) the project runs only this: a suite that says it is skipped, and why. */
const NO_POSTGRES = 'test/support/no-postgres.test.ts';
/** As test/support/postgres-server.ts decides: TEST_DATABASE_URL, else a throwaway cluster from Debian's binaries; under CI a missing server fails there. */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL) || postgresBin() !== undefined || Boolean(process.env.CI);
if (!onPostgres) {
  console.warn('postgres project: SKIPPED, no PostgreSQL server (apt-get install -y postgresql, or set TEST_DATABASE_URL); the HTTP suites run on SQLite only.');
}

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Run once for both projects: one PostgreSQL server and one migrated template (and the SoftHSM2 tokens).
    globalSetup: ['test/support/clean-checkout.ts', 'test/support/postgres-server.ts', 'test/support/softhsm-tokens.ts'],
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, NO_POSTGRES], env: { TEST_ENGINE: 'sqlite' } } },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: onPostgres ? BOTH_ENGINES : [NO_POSTGRES],
          exclude: [...configDefaults.exclude, ...RUN_ONCE],
          env: { TEST_ENGINE: 'postgres' },
        },
      },
    ],
  },
});
