import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  createFileOnce,
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
  file: string;
  passphrase?: string;
  keyFile?: string;
  /** In development a missing root (and, without a passphrase, a key file) is created with a warning. */
  development: boolean;
  allowCreate: boolean;
  pkcs11?: Pkcs11Config;
}

export interface Pkcs11Config {
  module: string;
  tokenLabel: string;
  /** Exactly one of `pin` and `pinFile`. */
  pin?: string;
  pinFile?: string;
  sessions: number;
  timeoutMs: number;
  threadPool?: boolean;
}

export const devKeyFileFor = (rootFile: string) => path.join(path.dirname(path.resolve(rootFile)), 'keygen-root.key');

function secretFor(
  cfg: SealedRootConfig,
  warn: (msg: string) => void,
): Pick<SealedRootOptions, 'secret' | 'secretSource'> {
  if (cfg.passphrase) {
    if (cfg.passphrase.length < 12)
      throw new SealedRootError('KEYGEN_ROOT_PASSPHRASE must be at least 12 characters long.');
    return { secret: Buffer.from(cfg.passphrase, 'utf8'), secretSource: 'KEYGEN_ROOT_PASSPHRASE' };
  }
  let keyFile = cfg.keyFile;
  if (!keyFile) {
    if (!cfg.development) {
      throw new SealedRootError(
        'The key service needs KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE to unseal its root secret.',
      );
    }
    keyFile = devKeyFileFor(cfg.file);
    if (!existsSync(keyFile) && createFileOnce(keyFile, `${randomBytes(32).toString('base64')}\n`))
      warn(
        `DEVELOPMENT ONLY: created the key file ${keyFile} that seals the key service's root secret. ` +
          'Set KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE in production, ' +
          'and back the key file up: without it no key can be recovered.',
      );
  }
  let contents: Buffer;
  try {
    contents = readFileSync(keyFile);
  } catch (err) {
    throw new SealedRootError(`Cannot read the key file ${keyFile}: ${(err as Error).message}`);
  }
  if (contents.toString('utf8').trim().length < 16)
    throw new SealedRootError(`The key file ${keyFile} holds fewer than 16 characters.`);
  return { secret: contents, secretSource: `the key file ${keyFile}` };
}

/** A wrong passphrase or key file fails here, at start, not at a key's recovery. */
export function loadSealedModule(
  cfg: SealedRootConfig,
  warn: (msg: string) => void,
  scryptN?: number,
): FileSealedModule {
  const opts: SealedRootOptions = { file: cfg.file, ...secretFor(cfg, warn), scryptN };
  if (!existsSync(cfg.file)) {
    if (!cfg.development && !cfg.allowCreate) {
      throw new SealedRootError(
        `The sealed root file ${cfg.file} does not exist. ` +
          'Restore it, or set KEYGEN_SEALED_ROOT_CREATE=true to create a new one.',
      );
    }
    // False when a server starting beside this one created it first: its root is the one to open.
    if (createSealedRoot(opts))
      warn(
        `Created a new sealed root secret in ${cfg.file}${cfg.development ? ' (development start)' : ''}. ` +
          'Back it up together with its passphrase or key file: losing either loses every key.',
      );
  }
  return openSealedModule(opts);
}

/** The sealed root in the shared database, so every instance opens the same root; it is never stored unsealed. */
export interface SealedRootStore {
  readonly where: string;
  read(): Promise<string | undefined>;
  /** One statement, so that of instances starting together exactly one root is kept. */
  createIfAbsent(document: string, createdAt: string): Promise<{ document: string; created: boolean }>;
  /** Compare-and-set; false when another rotation changed it first. */
  replace(previous: string, next: string): Promise<boolean>;
}

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
      throw new SealedRootError(
        `There is no sealed root in ${store.where} yet. ` +
          'Set KEYGEN_SEALED_ROOT_CREATE=true to create one on the first start.',
      );
    }
    const now = new Date();
    const stored = await store.createIfAbsent(
      serialiseSealedRoot(newSealedRoot({ secret: secret.secret, scryptN }, now)),
      now.toISOString(),
    );
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

interface OpenOptions {
  warn: (msg: string) => void;
  store?: SealedRootStore;
  /** Held while a token's roots are created, so that instances starting together make them once. */
  lock?: RootLock;
  /** Tests lower the scrypt cost. */
  scryptN?: number;
}

const noLock: RootLock = (fn) => fn();

/** The PIN is never echoed, in messages or logs. */
function pinFor(cfg: Pkcs11Config): { pin: string; pinSource: string } {
  if (cfg.pin) return { pin: cfg.pin, pinSource: 'KEYGEN_PKCS11_PIN' };
  let text: string;
  try {
    text = readFileSync(cfg.pinFile!, 'utf8');
  } catch (err) {
    throw new SealedRootError(
      `Cannot read KEYGEN_PKCS11_PIN_FILE ${cfg.pinFile}: ` +
        `${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  const pin = text.split(/\r?\n/)[0] ?? '';
  if (!pin) throw new SealedRootError(`KEYGEN_PKCS11_PIN_FILE ${cfg.pinFile} is empty.`);
  return { pin, pinSource: `the PIN in KEYGEN_PKCS11_PIN_FILE ${cfg.pinFile}` };
}

export const tokenSettings = (cfg: Pkcs11Config): Pkcs11Settings => ({
  module: cfg.module,
  tokenLabel: cfg.tokenLabel,
  ...pinFor(cfg),
  sessions: cfg.sessions,
  timeoutMs: cfg.timeoutMs,
  threadPool: cfg.threadPool ?? false,
});

/** Never created: a deployment that moved to a token opens its file root only to recover old keys. */
async function openFileRootForRecovery(
  cfg: SealedRootConfig,
  opts: OpenOptions,
): Promise<FileSealedModule | undefined> {
  const { where, document } = await storedFileRoot(cfg, opts.store);
  const secret = existingSecret(cfg, opts.warn);
  if (!secret) return undefined;
  if (document === undefined) {
    if (cfg.passphrase || cfg.keyFile)
      opts.warn(
        `${cfg.passphrase ? 'KEYGEN_ROOT_PASSPHRASE' : 'KEYGEN_ROOT_KEY_FILE'} is set, ` +
          `but there is no file root in ${where}: nothing to recover with it.`,
      );
    return undefined;
  }
  return unsealedModule(parseSealedRoot(document, where), { ...secret, where });
}

export async function storedFileRoot(
  cfg: SealedRootConfig,
  store?: SealedRootStore,
): Promise<{ where: string; document: string | undefined }> {
  if (store) return { where: store.where, document: await store.read() };
  return { where: cfg.file, document: existsSync(cfg.file) ? readFileSync(cfg.file, 'utf8') : undefined };
}

/** Never creates a key file, unlike a development start. */
export function existingSecret(
  cfg: SealedRootConfig,
  warn: (msg: string) => void,
): Pick<SealedRootOptions, 'secret' | 'secretSource'> | undefined {
  const devKeyFile = devKeyFileFor(cfg.file);
  const keyFile =
    cfg.keyFile ?? (cfg.development && !cfg.passphrase && existsSync(devKeyFile) ? devKeyFile : undefined);
  if (!cfg.passphrase && !keyFile) return undefined;
  return secretFor({ ...cfg, keyFile, development: false }, warn);
}

/** Every failure is a SealedRootError naming the wrong setting, never holding the PIN or the passphrase. */
export async function openConfiguredSealedModule(cfg: SealedRootConfig, opts: OpenOptions): Promise<SealedModule> {
  if (!cfg.pkcs11)
    return opts.store
      ? loadSealedModuleFrom(opts.store, cfg, opts.warn, opts.scryptN)
      : loadSealedModule(cfg, opts.warn, opts.scryptN);
  const { pkcs11 } = cfg;
  const token = await Pkcs11Token.open(tokenSettings(pkcs11), opts.lock);
  try {
    const made = await token.ensureRoots(cfg.development || cfg.allowCreate, opts.lock ?? noLock);
    if (made.length > 0) {
      opts.warn(
        `Created ${made.join(' and ')} in the PKCS#11 token ${JSON.stringify(pkcs11.tokenLabel)}` +
          `${cfg.development ? ' (development start)' : ''}: ` +
          'never-extractable keys that exist only in the token. ' +
          'Back the token up as its vendor describes: losing it loses every key made with it.',
      );
    }
    return pkcs11SealedModule(token, await openFileRootForRecovery(cfg, opts));
  } catch (err) {
    await token.close();
    throw err;
  }
}
