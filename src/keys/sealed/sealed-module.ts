import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MaybePromise } from '../../shared/maybe.js';

type RootBackend = 'file' | 'pkcs11';
export interface RootRef {
  readonly backend: RootBackend;
  readonly version: number;
}
export const sameRoot = (a: RootRef, b: RootRef) => a.backend === b.backend && a.version === b.version;
export const describeRoot = (r: RootRef) => `${r.backend} v${r.version}`;

/** The secure hardware, used only through operations, so that callers never hold a root. */
export interface SealedModule {
  readonly current: RootRef;
  /** True when no operation can fail for want of hardware: a one-time token may then be taken before unsealing. */
  readonly alwaysAvailable: boolean;
  /** A token may gain versions while running. */
  roots(): readonly RootRef[];
  derive(opts: {
    root: RootRef;
    purpose: string;
    context: string;
    inputs?: readonly Uint8Array[];
    length?: number;
  }): MaybePromise<Buffer>;
  /** `aad` binds the ciphertext to its use; the first two bytes name the root it was sealed under. */
  seal(plaintext: Uint8Array, aad: string): MaybePromise<string>;
  /** Null when the value was not sealed here for this `aad`, or was altered. */
  unseal(sealed: string, aad: string): MaybePromise<Buffer | null>;
  mac(opts: { root: RootRef; purpose: string; parts: readonly (string | Uint8Array)[] }): MaybePromise<Buffer>;
  close(): Promise<void>;
}

/** The file backend's roots are in memory, so every operation answers at once. */
export interface FileSealedModule extends SealedModule {
  derive(opts: Parameters<SealedModule['derive']>[0]): Buffer;
  seal(plaintext: Uint8Array, aad: string): string;
  unseal(sealed: string, aad: string): Buffer | null;
  mac(opts: Parameters<SealedModule['mac']>[0]): Buffer;
}

/** The hardware could not be reached: nothing was done, so the caller answers 503; the message names no secret. */
export class SealedModuleUnavailable extends Error {
  override name = 'SealedModuleUnavailable';
}

/** Marks a token's roots; file roots stay below it, so values sealed before tokens existed still read as the file's. */
const SEALED_HEADER_PKCS11 = 0x8000;
export function sealedHeader(raw: Buffer): RootRef | null {
  if (raw.length < 2) return null;
  const word = raw.readUInt16BE(0);
  const version = word & 0x7fff;
  if (version === 0) return null;
  return { backend: word & SEALED_HEADER_PKCS11 ? 'pkcs11' : 'file', version };
}
export function headerFor(root: RootRef): Buffer {
  if (root.version < 1 || root.version > 0x7fff)
    throw new RangeError(`Root version ${root.version} is out of range (1-32767).`);
  const b = Buffer.alloc(2);
  b.writeUInt16BE((root.backend === 'pkcs11' ? SEALED_HEADER_PKCS11 : 0) | root.version);
  return b;
}

export class SealedRootError extends Error {
  override name = 'SealedRootError';
}

const FORMAT = 'keygen-sealed-root/1';
const SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;

export interface SealedRootFile {
  format: typeof FORMAT;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  current: number;
  roots: Array<{ version: number; iv: string; ciphertext: string; tag: string; createdAt: string }>;
}

export interface SealedRootOptions {
  file: string;
  secret: Buffer;
  /** For error messages: `KEYGEN_ROOT_PASSPHRASE` or a key file path. */
  secretSource: string;
  scryptN?: number;
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
export const lengthPrefixed = (parts: readonly (string | Uint8Array)[]) =>
  Buffer.concat(
    parts.flatMap((p) => {
      const b = typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p);
      return [u32(b.length), b];
    }),
  );
export const hkdf = (ikm: Uint8Array, salt: string, info: Uint8Array | string, length = 32) =>
  Buffer.from(
    hkdfSync(
      'sha256',
      ikm,
      Buffer.from(salt, 'utf8'),
      typeof info === 'string' ? Buffer.from(info, 'utf8') : info,
      length,
    ),
  );

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
        `Cannot unseal the root secret in ${opts.where} (version ${r.version}): ` +
          `${opts.secretSource} is not the secret it was sealed with. ` +
          'Start with the original passphrase or key file; a new root would make every existing key unrecoverable.',
      );
    }
  }
  if (!roots.has(parsed.current))
    throw new SealedRootError(`${opts.where} names current version ${parsed.current}, which it does not hold.`);
  return roots;
}

export function newSealedRoot(opts: Pick<SealedRootOptions, 'secret' | 'scryptN'>, now = new Date()): SealedRootFile {
  const kdf = {
    name: 'scrypt' as const,
    ...SCRYPT,
    N: opts.scryptN ?? SCRYPT.N,
    salt: randomBytes(16).toString('base64'),
  };
  return { format: FORMAT, kdf, current: 1, roots: [sealRoot(wrappingKey(kdf, opts.secret), 1, randomBytes(32), now)] };
}

/**
 * Makes `file` hold `text` (mode 0600) unless a file is there: written whole beside it, then linked into place,
 * which fails if another process starting beside this one made it first. So no process reads it half-written,
 * and none replaces what another one already uses. False when the file was there.
 */
export function createFileOnce(file: string, text: string): boolean {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: 0o700 });
  const written = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(written, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(written, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    rmSync(written, { force: true });
  }
}

/**
 * Never overwrites: a new root would make every existing key unrecoverable. False when the file is there
 * already (made by another server starting beside this one, say), which is then the root to open.
 */
export function createSealedRoot(opts: SealedRootOptions, now = new Date()): boolean {
  return createFileOnce(opts.file, `${serialiseSealedRoot(newSealedRoot(opts, now))}\n`);
}

/** Keys created before keep their version and still recover. */
export function rotateSealedRoot(opts: SealedRootOptions, now = new Date()): number {
  const next = rotatedSealedRoot(readFile(opts.file), { ...opts, where: opts.file }, now);
  writeFileAtomically(opts.file, next);
  return next.current;
}

export function rotatedSealedRoot(parsed: SealedRootFile, opts: UnsealOptions, now = new Date()): SealedRootFile {
  const roots = unsealRoots(parsed, opts);
  const version = Math.max(...roots.keys()) + 1;
  for (const root of roots.values()) root.fill(0);
  const key = wrappingKey(parsed.kdf, opts.secret);
  return { ...parsed, current: version, roots: [...parsed.roots, sealRoot(key, version, randomBytes(32), now)] };
}

export function openSealedModule(opts: SealedRootOptions): FileSealedModule {
  return unsealedModule(readFile(opts.file), { ...opts, where: opts.file });
}

export function unsealedModule(parsed: SealedRootFile, opts: UnsealOptions): FileSealedModule {
  return sealedModuleFromRoots(unsealRoots(parsed, opts), parsed.current);
}

function sealedModuleFromRoots(roots: Map<number, Buffer>, currentVersion: number): FileSealedModule {
  const rootOf = (ref: RootRef) => {
    const root = ref.backend === 'file' ? roots.get(ref.version) : undefined;
    if (!root) throw new SealedRootError(`No root secret ${describeRoot(ref)} in the sealed root file.`);
    return root;
  };
  const sealKeys = new Map<number, Buffer>();
  const sealKey = (version: number) => {
    let k = sealKeys.get(version);
    if (!k) sealKeys.set(version, (k = hkdf(rootOf({ backend: 'file', version }), 'keygen/seal/v1', 'aes-256-gcm')));
    return k;
  };
  const current: RootRef = { backend: 'file', version: currentVersion };

  return {
    current,
    alwaysAvailable: true,
    roots: () => [...roots.keys()].sort((a, b) => a - b).map((version) => ({ backend: 'file', version })),
    derive({ root, purpose, context, inputs = [], length = 32 }) {
      const share = hkdf(rootOf(root), `keygen/hardware-share/${purpose}`, context);
      return hkdf(Buffer.concat([share, lengthPrefixed(inputs)]), `keygen/${purpose}`, context, length);
    },
    seal(plaintext, aad) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', sealKey(currentVersion), iv).setAAD(Buffer.from(aad, 'utf8'));
      const ct = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([headerFor(current), iv, ct, cipher.getAuthTag()]).toString('base64url');
    },
    unseal(sealed, aad) {
      const raw = Buffer.from(sealed, 'base64url');
      if (raw.length < 2 + 12 + 16 || raw.toString('base64url') !== sealed) return null;
      const header = sealedHeader(raw);
      if (header?.backend !== 'file' || !roots.has(header.version)) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', sealKey(header.version), raw.subarray(2, 14)).setAAD(
          Buffer.from(aad, 'utf8'),
        );
        decipher.setAuthTag(raw.subarray(raw.length - 16));
        return Buffer.concat([decipher.update(raw.subarray(14, raw.length - 16)), decipher.final()]);
      } catch {
        return null;
      }
    },
    mac({ root, purpose, parts }) {
      return createHmac('sha256', hkdf(rootOf(root), 'keygen/mac/v1', purpose))
        .update(lengthPrefixed(parts))
        .digest();
    },
    close: async () => {},
  };
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
