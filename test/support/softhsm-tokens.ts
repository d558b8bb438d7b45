import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SOFTHSM_MISSING, SOFTHSM_MODULE, SOFTHSM_UTIL, softhsmAvailable } from './softhsm-bin.js';

/**
 * vitest globalSetup: a throwaway SoftHSM2 token store for the run, in a temp folder (its own
 * softhsm2.conf with `directories.tokendir` there; SOFTHSM2_CONF names it for every worker and
 * every server the tests start), with the tokens the tests use, each made by `softhsm2-util
 * --init-token`. The `suite` token gets its version-1 root keys here, made by the service's own
 * code (openConfiguredSealedModule on a development start), so that the key-service suite's
 * harnesses, which run in parallel processes, never race to create them; the `empty` tokens are
 * for the tests of creation itself. SoftHSM2 finds tokens when the library is initialised, so all
 * of them are made before any worker starts. Without SoftHSM2 the token runs say they are
 * skipped, except under CI, where that is an error (.ci/run installs the package).
 */
export interface SoftHsmRun {
  conf: string;
  tokenDir: string;
  module: string;
  pin: string;
  soPin: string;
  /** The token with version-1 roots that the key-service suite runs on. */
  suite: string;
  /** Empty tokens, one per test that needs one (see EMPTY_TOKENS). */
  empty: Record<EmptyToken, string>;
}

/** The tests that need an empty token of their own. */
export const EMPTY_TOKENS = [
  'create',
  'production',
  'race',
  'move',
  'rotate',
  'processes',
  'edges',
  'cli',
  'rest',
] as const;
export type EmptyToken = (typeof EMPTY_TOKENS)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    softhsm: SoftHsmRun | null;
  }
}

export default async function setup(project: TestProject) {
  if (!softhsmAvailable()) {
    if (process.env.CI) throw new Error(`CI runs the key-service suite on a SoftHSM2 token: ${SOFTHSM_MISSING}.`);
    console.warn(`pkcs11 project: SKIPPED, ${SOFTHSM_MISSING}; the key-service suite runs on the file root only.`);
    project.provide('softhsm', null);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'softhsm-'));
  const tokenDir = path.join(dir, 'tokens');
  mkdirSync(tokenDir, { mode: 0o700 });
  const conf = path.join(dir, 'softhsm2.conf');
  writeFileSync(
    conf,
    `directories.tokendir = ${tokenDir}\nobjectstore.backend = file\nlog.level = ERROR\nslots.removable = false\nslots.mechanisms = ALL\nlibrary.reset_on_fork = false\n`,
  );
  const run: SoftHsmRun = {
    conf,
    tokenDir,
    module: SOFTHSM_MODULE,
    pin: `pin-${randomBytes(6).toString('hex')}`,
    soPin: `so-${randomBytes(6).toString('hex')}`,
    suite: 'keygen-suite',
    empty: Object.fromEntries(EMPTY_TOKENS.map((t) => [t, `keygen-empty-${t}`])) as Record<EmptyToken, string>,
  };
  const env = { ...process.env, SOFTHSM2_CONF: conf };
  for (const label of [run.suite, ...Object.values(run.empty)]) {
    execFileSync(SOFTHSM_UTIL, ['--init-token', '--free', '--label', label, '--so-pin', run.soPin, '--pin', run.pin], {
      env,
      stdio: 'pipe',
    });
  }
  // The suite token's roots, made in a process of their own (this one keeps no library loaded).
  execFileSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'softhsm-roots.ts')], {
    env: {
      ...env,
      KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'no-file-root.json'),
      KEYGEN_PKCS11_MODULE: run.module,
      KEYGEN_PKCS11_TOKEN_LABEL: run.suite,
      KEYGEN_PKCS11_PIN: run.pin,
    },
    stdio: 'pipe',
  });
  project.provide('softhsm', run);
  return () => rmSync(dir, { recursive: true, force: true });
}
