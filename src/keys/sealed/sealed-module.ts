import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The stand-in for the service's secure hardware. Root secrets (one per hardware-key version)
 * are sealed at rest with AES-256-GCM under a key that scrypt derives from a passphrase or a key
 * file, and never leave this module: callers only get the results of derive, seal, unseal and mac.
 * The interface is the one a real HSM or cloud KMS would sit behind.
 */
export interface SealedModule {
  /** The version new key records are created with. */
  readonly currentVersion: number;
  hasVersion(version: number): boolean;
  /**
   * HKDF-SHA256 over the version's hardware share for `context` (itself HKDF of the root) followed
   * by each input, length-prefixed. Purposes keep derivations for different uses apart.
   */
  derive(opts: { version: number; purpose: string; context: string; inputs?: readonly Uint8Array[]; length?: number }): Buffer;
  /** AES-256-GCM under a key of the current version; `aad` binds the ciphertext to its use. Base64url. */
  seal(plaintext: Uint8Array, aad: string): string;
  /** The plaintext, or null when the value was not sealed here for this `aad` (or was altered). */
  unseal(sealed: string, aad: string): Buffer | null;
  /** HMAC-SHA256 under a key of `version` for `purpose`, over length-prefixed parts. */
  mac(opts: { version: number; purpose: string; parts: readonly (string | Uint8Array)[] }): Buffer;
}

export class SealedRootError extends Error {
  override name = 'SealedRootError';
}

const FORMAT = 'keygen-sealed-root/1';
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

/** The sealed root as stored: in a file (SQLite deployments) or in the database (PostgreSQL). */
export interface SealedRootFile {
  format: typeof FORMAT;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  current: number;
  roots: Array<{ version: number; iv: string; ciphertext: string; tag: string; createdAt: string }>;
}

export interface SealedRootOptions {
  /** Where the sealed root file lives. */
  file: string;
  /** The secret the wrapping key is derived from: a passphrase or a key file's contents. */
  secret: Buffer;
  /** Where the secret came from, for error messages (`KEYGEN_ROOT_PASSPHRASE`, a key file path). */
  secretSource: string;
  /** scrypt cost for a new file; tests lower it. */
  scryptN?: number;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const lengthPrefixed = (parts: readonly (string | Uint8Array)[]) =>
  Buffer.concat(parts.flatMap((p) => {
    const b = typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p);
    return [u32(b.length), b];
  }));
const hkdf = (ikm: Uint8Array, salt: string, info: Uint8Array | string, length = 32) =>
  Buffer.from(hkdfSync('sha256', ikm, Buffer.from(salt, 'utf8'), typeof info === 'string' ? Buffer.from(info, 'utf8') : info, length));

function wrappingKey(kdf: SealedRootFile['kdf'], secret: Buffer): Buffer {
  return scryptSync(secret, Buffer.from(kdf.salt, 'base64'), 32, {
    N: kdf.N,
    r: kdf.r,
    p: kdf.p,
    maxmem: 256 * kdf.N * kdf.r,
  });
}

const rootAad = (version: number) => Buffer.from(`${FORMAT}|root|${version}`, 'utf8');

function sealRoot(key: Buffer, version: number, root: Buffer, now: Date) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(rootAad(version));
  const ciphertext = Buffer.concat([cipher.update(root), cipher.final()]);
  return {
    version,
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    createdAt: now.toISOString(),
  };
}

/** Parses a stored sealed root; `where` names it in errors (a file path, "the database"). */
export function parseSealedRoot(text: string, where: string): SealedRootFile {
  let parsed: SealedRootFile;
  try {
    parsed = JSON.parse(text) as SealedRootFile;
  } catch (err) {
    throw new SealedRootError(`Cannot read the sealed root in ${where}: ${(err as Error).message}`);
  }
  if (parsed?.format !== FORMAT || !Array.isArray(parsed.roots) || parsed.roots.length === 0) {
    throw new SealedRootError(`${where} does not hold a sealed root (${FORMAT}).`);
  }
  return parsed;
}

function readFile(file: string): SealedRootFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new SealedRootError(`Cannot read the sealed root file ${file}: ${(err as Error).message}`);
  }
  return parseSealedRoot(text, file);
}

function writeFileAtomically(file: string, content: SealedRootFile) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${serialiseSealedRoot(content)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
  chmodSync(file, 0o600);
}

export const serialiseSealedRoot = (content: SealedRootFile) => JSON.stringify(content, null, 2);

type UnsealOptions = Pick<SealedRootOptions, 'secret' | 'secretSource'> & { where: string };

function unsealRoots(parsed: SealedRootFile, opts: UnsealOptions): Map<number, Buffer> {
  const key = wrappingKey(parsed.kdf, opts.secret);
  const roots = new Map<number, Buffer>();
  for (const r of parsed.roots) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(r.iv, 'base64')).setAAD(rootAad(r.version));
      decipher.setAuthTag(Buffer.from(r.tag, 'base64'));
      roots.set(r.version, Buffer.concat([decipher.update(Buffer.from(r.ciphertext, 'base64')), decipher.final()]));
    } catch {
      throw new SealedRootError(
        `Cannot unseal the root secret in ${opts.where} (version ${r.version}): ${opts.secretSource} is not the secret it was sealed with. ` +
          'Start with the original passphrase or key file; a new root would make every existing key unrecoverable.',
      );
    }
  }
  if (!roots.has(parsed.current)) throw new SealedRootError(`${opts.where} names current version ${parsed.current}, which it does not hold.`);
  return roots;
}

/** A new sealed root holding version 1, sealed under `secret`; the caller stores it. */
export function newSealedRoot(opts: Pick<SealedRootOptions, 'secret' | 'scryptN'>, now = new Date()): SealedRootFile {
  const kdf = { name: 'scrypt' as const, ...SCRYPT, N: opts.scryptN ?? SCRYPT.N, salt: randomBytes(16).toString('base64') };
  return { format: FORMAT, kdf, current: 1, roots: [sealRoot(wrappingKey(kdf, opts.secret), 1, randomBytes(32), now)] };
}

/** Creates a sealed root file holding version 1. Refuses to overwrite an existing file. */
export function createSealedRoot(opts: SealedRootOptions, now = new Date()): void {
  if (existsSync(opts.file)) throw new SealedRootError(`${opts.file} already exists; it is never overwritten.`);
  writeFileAtomically(opts.file, newSealedRoot(opts, now));
}

/**
 * Adds a new root version and makes it current. Keys created before keep their version and
 * still recover; new keys use the new one. Returns the new version.
 */
export function rotateSealedRoot(opts: SealedRootOptions, now = new Date()): number {
  const parsed = readFile(opts.file);
  const roots = unsealRoots(parsed, { ...opts, where: opts.file });
  const version = Math.max(...roots.keys()) + 1;
  const key = wrappingKey(parsed.kdf, opts.secret);
  writeFileAtomically(opts.file, { ...parsed, current: version, roots: [...parsed.roots, sealRoot(key, version, randomBytes(32), now)] });
  return version;
}

/** Opens the sealed root file; fails with a SealedRootError when the secret does not unseal it. */
export function openSealedModule(opts: SealedRootOptions): SealedModule {
  return unsealedModule(readFile(opts.file), { ...opts, where: opts.file });
}

/** Opens a stored sealed root (see parseSealedRoot); fails with a SealedRootError when the secret does not unseal it. */
export function unsealedModule(parsed: SealedRootFile, opts: UnsealOptions): SealedModule {
  return sealedModuleFromRoots(unsealRoots(parsed, opts), parsed.current);
}

function sealedModuleFromRoots(roots: Map<number, Buffer>, currentVersion: number): SealedModule {
  const rootOf = (version: number) => {
    const root = roots.get(version);
    if (!root) throw new SealedRootError(`No root secret of version ${version}.`);
    return root;
  };
  const sealKeys = new Map<number, Buffer>();
  const sealKey = (version: number) => {
    let k = sealKeys.get(version);
    if (!k) sealKeys.set(version, (k = hkdf(rootOf(version), 'keygen/seal/v1', 'aes-256-gcm')));
    return k;
  };

  return {
    currentVersion,
    hasVersion: (version) => roots.has(version),
    derive({ version, purpose, context, inputs = [], length = 32 }) {
      const share = hkdf(rootOf(version), `keygen/hardware-share/${purpose}`, context);
      return hkdf(Buffer.concat([share, lengthPrefixed(inputs)]), `keygen/${purpose}`, context, length);
    },
    seal(plaintext, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey(currentVersion), iv).setAAD(Buffer.from(aad, 'utf8'));
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      const version = Buffer.alloc(2);
      version.writeUInt16BE(currentVersion);
      return Buffer.concat([version, iv, ct, cipher.getAuthTag()]).toString('base64url');
    },
    unseal(sealed, aad) {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 2 + 12 + 16 || raw.toString('base64url') !== sealed) return null;
      const version = raw.readUInt16BE(0);
      if (!roots.has(version)) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey(version), raw.subarray(2, 14)).setAAD(Buffer.from(aad, 'utf8'));
        decipher.setAuthTag(raw.subarray(raw.length - 16));
        return Buffer.concat([decipher.update(raw.subarray(14, raw.length - 16)), decipher.final()]);
      } catch {
        return null;
      }
    },
    mac({ version, purpose, parts }) {
      return createHmac('sha256', hkdf(rootOf(version), 'keygen/mac/v1', purpose)).update(lengthPrefixed(parts)).digest();
    },
  };
}

/** Constant-time equality of two MACs or verifiers. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
