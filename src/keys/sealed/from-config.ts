import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createSealedRoot,
  newSealedRoot,
  openSealedModule,
  parseSealedRoot,
  SealedRootError,
  serialiseSealedRoot,
  unsealedModule,
  type FileSealedModule,
  type SealedRootOptions,
} from './sealed-module.js';

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
export function loadSealedModule(cfg: SealedRootConfig, warn: (msg: string) => void, scryptN?: number): FileSealedModule {
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

/**
 * Where a PostgreSQL deployment keeps its sealed root: one row of the database, so that every
 * instance opens the same root with only the passphrase or key file. The root in it is sealed
 * exactly as in a file; the database never sees it unsealed.
 */
export interface SealedRootStore {
  /** How errors name it: "the database". */
  readonly where: string;
  read(): Promise<string | undefined>;
  /** Stores `document` unless a root is there already, in one statement; gives the root stored now. */
  createIfAbsent(document: string, createdAt: string): Promise<{ document: string; created: boolean }>;
}

/**
 * Opens the sealed root kept in `store`, creating it on a first start in development (or in
 * production when allowed). Instances that start together on an empty database each offer a new
 * root; one is stored, and every instance opens that one.
 */
export async function loadSealedModuleFrom(
  store: SealedRootStore,
  cfg: SealedRootConfig,
  warn: (msg: string) => void,
  scryptN?: number,
): Promise<FileSealedModule> {
  const secret = secretFor(cfg, warn);
  let document = await store.read();
  if (document === undefined) {
    if (!cfg.development && !cfg.allowCreate) {
      throw new SealedRootError(`There is no sealed root in ${store.where} yet. Set KEYGEN_SEALED_ROOT_CREATE=true to create one on the first start.`);
    }
    const now = new Date();
    const stored = await store.createIfAbsent(serialiseSealedRoot(newSealedRoot({ secret: secret.secret, scryptN }, now)), now.toISOString());
    document = stored.document;
    if (stored.created) {
      warn(
        `Created a new sealed root secret in ${store.where}${cfg.development ? ' (development start)' : ''}. ` +
          'Back up the database and keep its passphrase or key file: losing either loses every key.',
      );
    }
  }
  return unsealedModule(parseSealedRoot(document, store.where), { ...secret, where: store.where });
}
