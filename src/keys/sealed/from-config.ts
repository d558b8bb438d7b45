import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createSealedRoot, openSealedModule, SealedRootError, type SealedModule, type SealedRootOptions } from './sealed-module.js';

export interface SealedRootConfig {
  /** KEYGEN_SEALED_ROOT_FILE */
  file: string;
  /** KEYGEN_ROOT_PASSPHRASE */
  passphrase?: string;
  /** KEYGEN_ROOT_KEY_FILE */
  keyFile?: string;
  /** In development a missing root (and, without a passphrase, a key file) is created with a warning. */
  development: boolean;
  /** KEYGEN_SEALED_ROOT_CREATE: lets a production start create a missing root file. */
  allowCreate: boolean;
}

/** The key file used in development when neither a passphrase nor a key file is configured. */
export const devKeyFileFor = (rootFile: string) => path.join(path.dirname(path.resolve(rootFile)), 'keygen-root.key');

function secretFor(cfg: SealedRootConfig, warn: (msg: string) => void): Pick<SealedRootOptions, 'secret' | 'secretSource'> {
  if (cfg.passphrase) {
    if (cfg.passphrase.length < 12) throw new SealedRootError('KEYGEN_ROOT_PASSPHRASE must be at least 12 characters long.');
    return { secret: Buffer.from(cfg.passphrase, 'utf8'), secretSource: 'KEYGEN_ROOT_PASSPHRASE' };
  }
  let keyFile = cfg.keyFile;
  if (!keyFile) {
    if (!cfg.development) {
      throw new SealedRootError('The key service needs KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE to unseal its root secret.');
    }
    keyFile = devKeyFileFor(cfg.file);
    if (!existsSync(keyFile)) {
      mkdirSync(path.dirname(keyFile), { recursive: true, mode: 0o700 });
      writeFileSync(keyFile, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
      warn(
        `DEVELOPMENT ONLY: created the key file ${keyFile} that seals the key service's root secret. ` +
          'Set KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE in production, and back the key file up: without it no key can be recovered.',
      );
    }
  }
  let contents: Buffer;
  try {
    contents = readFileSync(keyFile);
  } catch (err) {
    throw new SealedRootError(`Cannot read the key file ${keyFile}: ${(err as Error).message}`);
  }
  if (contents.toString('utf8').trim().length < 16) throw new SealedRootError(`The key file ${keyFile} holds fewer than 16 characters.`);
  return { secret: contents, secretSource: `the key file ${keyFile}` };
}

/**
 * Opens the sealed root described by configuration, creating it on a first start in development
 * (or in production when allowed). A wrong passphrase or key file fails here, at start.
 */
export function loadSealedModule(cfg: SealedRootConfig, warn: (msg: string) => void, scryptN?: number): SealedModule {
  const opts: SealedRootOptions = { file: cfg.file, ...secretFor(cfg, warn), scryptN };
  if (!existsSync(cfg.file)) {
    if (!cfg.development && !cfg.allowCreate) {
      throw new SealedRootError(
        `The sealed root file ${cfg.file} does not exist. Restore it, or set KEYGEN_SEALED_ROOT_CREATE=true to create a new one.`,
      );
    }
    createSealedRoot(opts);
    warn(
      `Created a new sealed root secret in ${cfg.file}${cfg.development ? ' (development start)' : ''}. ` +
        'Back it up together with its passphrase or key file: losing either loses every key.',
    );
  }
  return openSealedModule(opts);
}
