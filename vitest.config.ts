import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { postgresBin } from './test/support/postgres-cluster.js';
import { SOFTHSM_MISSING, softhsmAvailable } from './test/support/softhsm-bin.js';

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
  'test/review/spec-check-data.test.ts',
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
  console.warn(
    'postgres project: SKIPPED, no PostgreSQL server (apt-get install -y postgresql, or set TEST_DATABASE_URL); the HTTP suites run on SQLite only.',
  );
}

/**
 * The key-service suite runs a third time in the `pkcs11` project (on SQLite, KEYGEN_TEST_SEALED=pkcs11),
 * with the root in a SoftHSM2 token made for the run (test/support/softhsm-tokens.ts) instead of
 * the sealed file. Files about the file root itself, or about the token (which use the run's empty
 * tokens, one each), run once, in `sqlite`.
 */
const ON_TOKEN = ['test/keys/**/*.test.ts'];
const TOKEN_ONCE = [
  'test/keys/sealed.test.ts',
  'test/keys/sealed-admin.test.ts',
  'test/keys/pkcs11.test.ts',
  'test/keys/hsm-*.test.ts',
];
/** Without SoftHSM2 (and outside CI, where that fails the run) the project runs only this: a suite that says it is skipped, and why. */
const NO_SOFTHSM = 'test/support/no-softhsm.test.ts';
const onToken = softhsmAvailable() || Boolean(process.env.CI);
if (!onToken)
  console.warn(`pkcs11 project: SKIPPED, ${SOFTHSM_MISSING}; the key-service suite runs with the file root only.`);

/**
 * The files that start processes or browsers, load the machine or measure it (memory, timing under
 * load): in each project they run one at a time, after the others, which run two at a time
 * (vitest's default on two cores is one). They would slow each other down, or be slowed by the
 * others past what they check; the rest spend their time importing and waiting on I/O.
 */
const ALONE = [
  'test/process/**/*.test.ts',
  'test/scale/**/*.test.ts',
  'test/**/*.browser.test.ts',
  'test/keys/browser.test.ts',
  'test/keys/hsm-*.test.ts',
  'test/keys/instances.test.ts',
  'test/review/spec-diff.test.ts',
  'test/codebase/operation-table.test.ts',
  'test/shared/sqlite-write-lock.test.ts',
];
/** The test files, and which of them a list of this file's globs (`**` and `*` only) names. */
const TEST_FILES = readdirSync(fileURLToPath(new URL('test', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .map((f) => `test/${f.replaceAll('\\', '/')}`)
  .filter((f) => f.endsWith('.test.ts'));
const globRe = (glob: string) =>
  new RegExp(
    `^${glob
      .split('**/')
      .map((part) =>
        part
          .split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('[^/]*'),
      )
      .join('(?:.*/)?')}$`,
  );
const named = (globs: string[]) => TEST_FILES.filter((f) => globs.some((g) => globRe(g).test(f)));

/**
 * A project as two: its files outside ALONE, two at a time, then (`<name>:alone`) those in ALONE,
 * one at a time. `--project '<name>*'` runs both.
 *
 * The first group's files share their worker's module cache (`isolate: false`): each file imported
 * the app and its libraries anew, 40-60 % of the group's time, and the group now runs in about
 * 40 % of it (SQLite 101 s to 37 s). They share no state through it: every app, database and
 * server a test uses is made by the test (test/support), and the files pass in any order
 * (`--sequence.shuffle.files`). The ALONE files keep a fresh worker each.
 */
const project = (name: string, include: string[], exclude: string[], env: Record<string, string>) => {
  const excluded = new Set(named(exclude));
  const alone = named(ALONE).filter((f) => named(include).includes(f) && !excluded.has(f));
  return [
    {
      extends: true as const,
      test: {
        name,
        include,
        exclude: [...configDefaults.exclude, ...exclude, ...ALONE],
        env,
        maxWorkers: 2,
        isolate: false,
        sequence: { groupOrder: 0 },
      },
    },
    ...(alone.length === 0
      ? []
      : [
          {
            extends: true as const,
            test: {
              name: `${name}:alone`,
              include: alone,
              exclude: [...configDefaults.exclude],
              env,
              fileParallelism: false,
              maxWorkers: 1,
              sequence: { groupOrder: 1 },
            },
          },
        ]),
  ];
};

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The test files' imports of drizzle-orm resolve as `npm start`'s do (scripts/lib/drizzle-resolve.mjs): a
    // third of the import time of every file without it.
    execArgv: ['--import', new URL('scripts/lib/drizzle-resolve.mjs', import.meta.url).href],
    setupFiles: ['test/support/temp-dirs.ts'],
    // Run once for every project: one PostgreSQL server and one migrated template, one set of SoftHSM2 tokens.
    globalSetup: [
      'test/support/clean-checkout.ts',
      'test/support/postgres-server.ts',
      'test/support/softhsm-tokens.ts',
    ],
    projects: [
      ...project('sqlite', ['test/**/*.test.ts'], [NO_POSTGRES, NO_SOFTHSM], { TEST_ENGINE: 'sqlite' }),
      ...project('postgres', onPostgres ? BOTH_ENGINES : [NO_POSTGRES], [...RUN_ONCE, ...TOKEN_ONCE], {
        TEST_ENGINE: 'postgres',
      }),
      ...project('pkcs11', onToken ? ON_TOKEN : [NO_SOFTHSM], TOKEN_ONCE, {
        TEST_ENGINE: 'sqlite',
        KEYGEN_TEST_SEALED: 'pkcs11',
      }),
    ],
  },
});
