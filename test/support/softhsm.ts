import path from 'node:path';
import Database from 'better-sqlite3';
import { inject } from 'vitest';
import type { Pkcs11Config } from '../../src/keys/sealed/from-config.js';
import type { RootLock } from '../../src/keys/sealed/pkcs11.js';
import { SOFTHSM_MISSING } from './softhsm-bin.js';
import type { EmptyToken } from './softhsm-tokens.js';

/** The run's SoftHSM2 tokens (test/support/softhsm-tokens.ts), or null when SoftHSM2 is not installed. */
export const softhsm = inject('softhsm');
// SoftHSM2 reads its configuration when the library is initialised, in this process and in every
// server process a test starts (they inherit this environment).
if (softhsm) process.env.SOFTHSM2_CONF = softhsm.conf;

/** A describe title that says why a token suite did not run. */
export const onToken = (title: string) =>
  softhsm ? `${title} (SoftHSM2)` : `${title} (SoftHSM2: SKIPPED, ${SOFTHSM_MISSING})`;

/** The label of the suite's token (roots made by the global setup), or of an empty one of a test's own. */
export const tokenLabel = (which: 'suite' | EmptyToken) => (which === 'suite' ? softhsm!.suite : softhsm!.empty[which]);

/** The token settings as the configuration reads them. */
export const tokenConfig = (which: 'suite' | EmptyToken, overrides: Partial<Pkcs11Config> = {}): Pkcs11Config => ({
  module: softhsm!.module,
  tokenLabel: tokenLabel(which),
  pin: softhsm!.pin,
  sessions: 2,
  timeoutMs: 5000,
  ...overrides,
});

/** The same as a server's environment. */
export const tokenEnv = (which: 'suite' | EmptyToken): Record<string, string> => ({
  SOFTHSM2_CONF: softhsm!.conf,
  KEYGEN_PKCS11_MODULE: softhsm!.module,
  KEYGEN_PKCS11_TOKEN_LABEL: tokenLabel(which),
  KEYGEN_PKCS11_PIN: softhsm!.pin,
});

let queue: Promise<unknown> = Promise.resolve();
/**
 * Opening a token one process at a time across the run's workers, as a server's root lock does on one
 * database: SoftHSM2 reads every token's file when the library is initialised and a login rewrites the
 * token's file, so a worker starting while another logs in to the suite token can read it half-written
 * (the harnesses of two test files have databases, hence root locks, of their own). The lock is an
 * exclusive transaction on a SQLite file beside the tokens; within a process, a queue.
 */
export const tokenOpenLock: RootLock = (fn) => {
  const run = queue.then(() => {
    const db = new Database(path.join(path.dirname(softhsm!.conf), 'open.lock.db'), { timeout: 60_000 });
    try {
      db.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      db.close();
      throw err;
    }
    return fn().finally(() => {
      db.exec('COMMIT');
      db.close();
    });
  });
  queue = run.catch(() => {});
  return run;
};
