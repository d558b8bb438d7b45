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
  type SealedModule,
  type SealedRootOptions,
} from './sealed-module.js';
import { Pkcs11Token, pkcs11SealedModule, type Pkcs11Settings, type RootLock } from './pkcs11.js';

export interface SealedRootConfig {
  /** KEYGEN_SEALED_ROOT_FILE */
  file: string;
  /** KEYGEN_ROOT_PASSPHRASE */
  passphrase?: string;
  /** KEYGEN_ROOT_KEY_FILE */
  keyFile?: string;
  /** In development a missing root (and, without a passphrase, a key file) is created with a warning. */
  development: boolean;
  /** KEYGEN_SEALED_ROOT_CREATE: lets a production start create a missing root file (or the token's root keys). */
  allowCreate: boolean;
  /**
   * KEYGEN_PKCS11_*: the root in a PKCS#11 token instead of the file (pkcs11.ts). The file root is
   * then never created, and opened only when its passphrase or key file is set, to recover keys
   * made under it.
   */
  pkcs11?: Pkcs11Config;
}

export interface Pkcs11Config {
  module: string;
  tokenLabel: string;
  /** KEYGEN_PKCS11_PIN, or KEYGEN_PKCS11_PIN_FILE (read at start): exactly one. */
  pin?: string;
  pinFile?: string;
  sessions: number;
  timeoutMs: number;
  /** KEYGEN_PKCS11_THREAD_POOL */
  threadPool?: boolean;
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
  /** Replaces the stored root by `next` if it is still `previous` (a rotation); false when another changed it first. */
  replace(previous: string, next: string): Promise<boolean>;
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

/** What opening the configured module needs besides the configuration. */
export interface OpenOptions {
  warn: (msg: string) => void;
  /** PostgreSQL: the database row the file root lives in (a file otherwise). */
  store?: SealedRootStore;
  /** The lock a token's root is created under (the shared database's, see Storage.rootLock). */
  lock?: RootLock;
  /** scrypt cost of a new file root; tests lower it. */
  scryptN?: number;
}

/** Without a shared database there is nothing to coordinate with: runs `fn` as it is. */
const noLock: RootLock = (fn) => fn();

/** The PIN as configured: KEYGEN_PKCS11_PIN, or KEYGEN_PKCS11_PIN_FILE's first line. Never echoed. */
function pinFor(cfg: Pkcs11Config): { pin: string; pinSource: string } {
  if (cfg.pin) return { pin: cfg.pin, pinSource: 'KEYGEN_PKCS11_PIN' };
  let text: string;
  try {
    text = readFileSync(cfg.pinFile!, 'utf8');
  } catch (err) {
    throw new SealedRootError(`Cannot read KEYGEN_PKCS11_PIN_FILE ${cfg.pinFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const pin = text.split(/\r?\n/)[0] ?? '';
  if (!pin) throw new SealedRootError(`KEYGEN_PKCS11_PIN_FILE ${cfg.pinFile} is empty.`);
  return { pin, pinSource: `the PIN in KEYGEN_PKCS11_PIN_FILE ${cfg.pinFile}` };
}

/** What the token backend opens a token with: the configuration and the PIN (read from its file, if so). */
export const tokenSettings = (cfg: Pkcs11Config): Pkcs11Settings => ({
  module: cfg.module,
  tokenLabel: cfg.tokenLabel,
  ...pinFor(cfg),
  sessions: cfg.sessions,
  timeoutMs: cfg.timeoutMs,
  threadPool: cfg.threadPool ?? false,
});

/**
 * The file root of a deployment that moved to a token, opened only to recover the keys made under
 * it: never created, and only when its passphrase or key file is set (in development also the key
 * file an earlier development start made). Undefined when there is none to open.
 */
async function openFileRootForRecovery(cfg: SealedRootConfig, opts: OpenOptions): Promise<FileSealedModule | undefined> {
  const { where, document } = await storedFileRoot(cfg, opts.store);
  const secret = existingSecret(cfg, opts.warn);
  if (!secret) return undefined;
  if (document === undefined) {
    if (cfg.passphrase || cfg.keyFile) opts.warn(`${cfg.passphrase ? 'KEYGEN_ROOT_PASSPHRASE' : 'KEYGEN_ROOT_KEY_FILE'} is set, but there is no file root in ${where}: nothing to recover with it.`);
    return undefined;
  }
  return unsealedModule(parseSealedRoot(document, where), { ...secret, where });
}

/** The file root as stored (in its file, or the database's row), undefined when there is none; `where` names it. */
export async function storedFileRoot(cfg: SealedRootConfig, store?: SealedRootStore): Promise<{ where: string; document: string | undefined }> {
  if (store) return { where: store.where, document: await store.read() };
  return { where: cfg.file, document: existsSync(cfg.file) ? readFileSync(cfg.file, 'utf8') : undefined };
}

/**
 * The file root's secret when one is configured (the passphrase or key file; in development the
 * key file an earlier development start made), never creating one.
 */
export function existingSecret(cfg: SealedRootConfig, warn: (msg: string) => void): Pick<SealedRootOptions, 'secret' | 'secretSource'> | undefined {
  const devKeyFile = devKeyFileFor(cfg.file);
  const keyFile = cfg.keyFile ?? (cfg.development && !cfg.passphrase && existsSync(devKeyFile) ? devKeyFile : undefined);
  if (!cfg.passphrase && !keyFile) return undefined;
  return secretFor({ ...cfg, keyFile, development: false }, warn);
}

/**
 * The sealed module the configuration names: the file root (in its file, or in the database on
 * PostgreSQL) as loadSealedModule(From) open it, or, with KEYGEN_PKCS11_MODULE, the token's roots
 * (made on a development start, or with KEYGEN_SEALED_ROOT_CREATE=true, under `opts.lock`) with
 * the file root beside them for recovery only. Every failure is a SealedRootError that says which
 * setting or object is wrong, and never holds the PIN or the passphrase.
 */
export async function openConfiguredSealedModule(cfg: SealedRootConfig, opts: OpenOptions): Promise<SealedModule> {
  if (!cfg.pkcs11) return opts.store ? loadSealedModuleFrom(opts.store, cfg, opts.warn, opts.scryptN) : loadSealedModule(cfg, opts.warn, opts.scryptN);
  const { pkcs11 } = cfg;
  const token = await Pkcs11Token.open(tokenSettings(pkcs11));
  try {
    const made = await token.ensureRoots(cfg.development || cfg.allowCreate, opts.lock ?? noLock);
    if (made.length > 0) {
      opts.warn(
        `Created ${made.join(' and ')} in the PKCS#11 token ${JSON.stringify(pkcs11.tokenLabel)}${cfg.development ? ' (development start)' : ''}: ` +
          'never-extractable keys that exist only in the token. Back the token up as its vendor describes: losing it loses every key made with it.',
      );
    }
    return pkcs11SealedModule(token, await openFileRootForRecovery(cfg, opts));
  } catch (err) {
    await token.close();
    throw err;
  }
}
