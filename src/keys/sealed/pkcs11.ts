import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import type * as Pkcs11 from 'pkcs11js';
import {
  describeRoot,
  headerFor,
  hkdf,
  lengthPrefixed,
  SealedModuleUnavailable,
  SealedRootError,
  sealedHeader,
  type FileSealedModule,
  type RootRef,
  type SealedModule,
} from './sealed-module.js';

/*
 * The PKCS#11 backend keeps one pair of never-extractable secret keys per root version in the token, so no root
 * byte is ever in this process:
 *
 * - `keygen-root-vN-mac`, for CKM_SHA256_HMAC. `derive` takes the hardware share as an HMAC and combines it outside
 *   with HKDF-SHA256, because SoftHSM2 2.6 has no CKM_HKDF_DERIVE and an HMAC is what every HSM and KMS offers.
 * - `keygen-root-vN-seal`, for CKM_AES_GCM. The value's header (backend and version) is in the additional data, so a
 *   value cannot be moved to another version.
 *
 * A token failure drops the sessions and is tried once more on fresh ones; after that the operation rejects with
 * SealedModuleUnavailable, which the service answers with 503 before anything is consumed.
 */

type Api = typeof import('pkcs11js');
type Handle = Buffer;

export interface Pkcs11Settings {
  module: string;
  /** By label, because a slot id changes when a token is initialised. */
  tokenLabel: string;
  /** Never logged, never in an error. */
  pin: string;
  /** Names the PIN's origin in messages, e.g. `the PIN file /path`. */
  pinSource: string;
  sessions: number;
  timeoutMs: number;
  /**
   * For a network HSM, whose calls wait: the loop is not blocked and the time limit can end them. Off by default
   * because with a local token it costs the loop more than the call (scripts/bench/sealed-loop.ts).
   */
  threadPool?: boolean;
}

/** A lock in the shared database, so that no two processes create or rotate a root at once. */
export type RootLock = <T>(fn: () => Promise<T>) => Promise<T>;

// Nothing unbounded reaches the token.
const MAX_MAC_INPUT = 4096;
const MAX_SEAL_INPUT = 64 * 1024;
const GCM_IV = 12;
const GCM_TAG = 16;
const HEADER = 2;

export const rootLabel = (version: number, kind: 'mac' | 'seal') => `keygen-root-v${version}-${kind}`;
const LABEL = /^keygen-root-v([1-9]\d{0,4})-(mac|seal)$/;

interface Loaded {
  api: Api;
  lib: Pkcs11.PKCS11;
  /**
   * PKCS#11 logs in the application, not a session, so C_Login answers CKR_USER_ALREADY_LOGGED_IN whatever PIN a
   * second module gives; the accepted PIN's hash per token label lets a wrong one be refused all the same.
   */
  accepted: Map<string, Buffer>;
  gate: LibraryGate;
}

/**
 * Bounds the operations in the library at once, across modules and threads. PKCS#11 with CKF_OS_LOCKING_OK must be
 * thread-safe, but SoftHSM2 2.6 is not (SoftHSMv2 issue #688: overlapping calls crash in C_Encrypt), so it gets a
 * gate of one. With the thread pool an operation holds its place until its call returns, even past its time limit.
 */
export class LibraryGate {
  private active = 0;
  private queue: Array<{ enter: () => void; timer: NodeJS.Timeout }> = [];

  constructor(readonly capacity: number) {}

  enter(deadline: number, onTimeout: () => Error): true | Promise<void> {
    if (this.active < this.capacity) {
      this.active++;
      return true;
    }
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        enter: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(
          () => {
            this.queue = this.queue.filter((w) => w !== waiter);
            reject(onTimeout());
          },
          Math.max(0, deadline - Date.now()),
        ),
      };
      this.queue.push(waiter);
    });
  }

  leave(): void {
    const next = this.queue.shift();
    if (next) next.enter();
    else this.active--;
  }
}
const libraries = new Map<string, Promise<Loaded>>();

const codeName = (err: unknown) => {
  const e = err as { message?: string; code?: number };
  return (
    /^CKR_\w+/.exec(e.message ?? '')?.[0] ??
    (typeof e.code === 'number' && e.code !== 0 ? `CKR 0x${e.code.toString(16)}` : (e.message ?? String(err)))
  );
};
const isCode = (err: unknown, ...names: string[]) => names.includes(codeName(err));

/** Names the same pkcs11js version as package.json. */
const PKCS11_BINDING_MISSING =
  'KEYGEN_PKCS11_MODULE is set, but the PKCS#11 binding pkcs11js is not installed (it is an optional dependency). ' +
  'Install it in this checkout with `npm install pkcs11js@2.1.7` (it compiles: a C++ compiler, make, Python and ' +
  "Node.js's headers, npm_config_nodedir), or use a bundle built where it was installed " +
  '(dist/pkcs11.node beside server.mjs).';

// Imported only when a token is configured: an install without this optional, compiled dependency must still serve.
async function loadBinding(): Promise<Api> {
  try {
    return (await import('pkcs11js')).default as unknown as Api;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND')
      throw new SealedRootError(PKCS11_BINDING_MISSING);
    throw new SealedRootError(
      `KEYGEN_PKCS11_MODULE: the PKCS#11 binding pkcs11js does not load: ${(err as Error).message}`,
    );
  }
}

/** Once per process, because C_Initialize is process-wide; CKR_CRYPTOKI_ALREADY_INITIALIZED counts as success. */
export function pkcs11Library(modulePath: string): Promise<Loaded> {
  let loaded = libraries.get(modulePath);
  if (!loaded) {
    loaded = (async () => {
      if (modulePath.includes('/') && !existsSync(modulePath))
        throw new SealedRootError(`KEYGEN_PKCS11_MODULE: the PKCS#11 library ${modulePath} does not exist.`);
      const api = await loadBinding();
      const lib = new api.PKCS11();
      try {
        lib.load(modulePath);
      } catch (err) {
        throw new SealedRootError(
          `KEYGEN_PKCS11_MODULE: cannot load the PKCS#11 library ${modulePath}: ${(err as Error).message}`,
        );
      }
      try {
        lib.C_Initialize({ flags: api.CKF_OS_LOCKING_OK });
      } catch (err) {
        if (!isCode(err, 'CKR_CRYPTOKI_ALREADY_INITIALIZED')) {
          throw new SealedRootError(
            `KEYGEN_PKCS11_MODULE: the PKCS#11 library ${modulePath} did not initialise (${codeName(err)}).`,
          );
        }
      }
      let manufacturer = '';
      try {
        manufacturer = lib.C_GetInfo().manufacturerID.trim();
      } catch {
        // Not told: trust the library to be thread-safe, as PKCS#11 requires.
      }
      return {
        api,
        lib,
        accepted: new Map(),
        gate: new LibraryGate(/softhsm/i.test(manufacturer) ? 1 : Number.POSITIVE_INFINITY),
      };
    })();
    loaded.catch(() => libraries.delete(modulePath));
    libraries.set(modulePath, loaded);
  }
  return loaded;
}

// The session, or every session, is gone: open new ones and try once more.
const CONNECTION_LOST = [
  'CKR_SESSION_HANDLE_INVALID',
  'CKR_SESSION_CLOSED',
  'CKR_USER_NOT_LOGGED_IN',
  'CKR_OBJECT_HANDLE_INVALID',
  'CKR_KEY_HANDLE_INVALID',
  'CKR_DEVICE_REMOVED',
  'CKR_TOKEN_NOT_PRESENT',
  'CKR_TOKEN_NOT_RECOGNIZED',
  'CKR_DEVICE_ERROR',
  'CKR_CRYPTOKI_NOT_INITIALIZED',
  'CKR_SLOT_ID_INVALID',
];
// Never retried, because a real token locks its user PIN after a few wrong tries.
const PIN_REFUSED = ['CKR_PIN_INCORRECT', 'CKR_PIN_LOCKED', 'CKR_PIN_INVALID', 'CKR_PIN_LEN_RANGE', 'CKR_PIN_EXPIRED'];

interface Pair {
  mac?: Handle;
  seal?: Handle;
}

const startError = (message: string) => new SealedRootError(message);

/**
 * Retried at start: processes logging in to one SoftHSM2 token at once can get CKR_GENERAL_ERROR, because a login
 * rewrites the token file another is reading (frequency in BENCHMARKS.md, Notes from the code).
 */
class TokenBusy extends SealedRootError {}
const START_ATTEMPTS = 8;

/** Object handles are valid while the application stays logged in; after a loss they are found again by label. */
export class Pkcs11Token {
  private slot: Handle | undefined;
  private idle: Handle[] = [];
  private open = 0;
  private waiting: Array<{ resolve: (s: Handle) => void; reject: (e: Error) => void }> = [];
  private pairs = new Map<number, Pair>();
  /** No further login is tried until a restart, so a running process never locks the PIN. */
  private pinRefused = false;
  private closed = false;

  private constructor(
    private readonly loaded: Loaded,
    private readonly settings: Pkcs11Settings,
  ) {}

  get label() {
    return this.settings.tokenLabel;
  }

  /**
   * Opens under `lock` because SoftHSM2 reads a token's file once, at initialisation, and a login rewrites it: a
   * process initialising while another logs in may miss the label, the user PIN or objects made later, and make a
   * second root (test/keys/hsm-processes.test.ts; figures in BENCHMARKS.md, Notes from the code).
   */
  static async open(settings: Pkcs11Settings, lock?: RootLock): Promise<Pkcs11Token> {
    const opening = async () => {
      const token = new Pkcs11Token(await pkcs11Library(settings.module), settings);
      try {
        await token.rediscover();
      } catch (err) {
        await token.close();
        throw err;
      }
      return token;
    };
    return lock ? lock(opening) : opening();
  }

  private async exclusive<T>(fn: () => T): Promise<T> {
    const entered = this.loaded.gate.enter(
      Date.now() + this.settings.timeoutMs,
      () =>
        new SealedModuleUnavailable(
          `The PKCS#11 library ${this.settings.module} stayed busy for ${this.settings.timeoutMs} ms.`,
        ),
    );
    if (entered !== true) await entered;
    try {
      return fn();
    } finally {
      this.loaded.gate.leave();
    }
  }

  private get api() {
    return this.loaded.api;
  }
  private get lib() {
    return this.loaded.lib;
  }

  private findSlot(): Handle {
    const { lib } = this;
    const found: Array<{ slot: Handle; label: string }> = lib
      .C_GetSlotList(true)
      .map((slot) => ({ slot, label: lib.C_GetTokenInfo(slot).label.trim() }));
    const matching = found.filter((t) => t.label === this.settings.tokenLabel);
    if (matching.length === 1) return matching[0]!.slot;
    const names = found.map((t) => JSON.stringify(t.label)).join(', ') || 'none';
    if (matching.length > 1)
      throw startError(
        `KEYGEN_PKCS11_TOKEN_LABEL: ${matching.length} tokens are labelled ` +
          `${JSON.stringify(this.settings.tokenLabel)} in ${this.settings.module}; labels must be unique.`,
      );
    throw startError(
      `KEYGEN_PKCS11_TOKEN_LABEL: no token labelled ${JSON.stringify(this.settings.tokenLabel)} ` +
        `in ${this.settings.module} (tokens found: ${names}).`,
    );
  }

  /** Already logged in is fine: PKCS#11 logs in the application, not the session. */
  private openSession(): Handle {
    const { api, lib } = this;
    if (this.pinRefused)
      throw new SealedModuleUnavailable(
        `The PKCS#11 token ${JSON.stringify(this.label)} refused ${this.settings.pinSource}; ` +
          `restart with the right PIN.`,
      );
    this.slot ??= this.findSlot();
    const session = lib.C_OpenSession(this.slot, api.CKF_SERIAL_SESSION | api.CKF_RW_SESSION);
    this.open++;
    const pinHash = createHash('sha256').update(this.settings.pin, 'utf8').digest();
    const refused = (code: string) => {
      this.discard(session);
      this.pinRefused = true;
      return startError(
        `${this.settings.pinSource} is not the user PIN of the PKCS#11 token ${JSON.stringify(this.label)} (${code}).`,
      );
    };
    try {
      lib.C_Login(session, api.CKU_USER, this.settings.pin);
      this.loaded.accepted.set(this.label, pinHash);
    } catch (err) {
      if (isCode(err, 'CKR_USER_ALREADY_LOGGED_IN')) {
        const accepted = this.loaded.accepted.get(this.label);
        if (accepted && !timingSafeEqual(accepted, pinHash)) throw refused('another PIN is logged in');
      } else {
        if (isCode(err, ...PIN_REFUSED)) throw refused(codeName(err));
        this.discard(session);
        throw err;
      }
    }
    return session;
  }

  private connectForStart(): Handle {
    try {
      return this.openSession();
    } catch (err) {
      if (err instanceof SealedRootError || err instanceof SealedModuleUnavailable) throw err;
      throw new TokenBusy(`The PKCS#11 token ${JSON.stringify(this.label)} could not be opened: ${codeName(err)}.`);
    }
  }

  private discard(session: Handle) {
    this.open = Math.max(0, this.open - 1);
    try {
      this.lib.C_CloseSession(session);
    } catch {
      // Gone already.
    }
  }

  private reset() {
    for (const session of this.idle.splice(0)) this.discard(session);
    this.slot = undefined;
    this.pairs.clear();
  }

  private async acquire(deadline: number): Promise<Handle> {
    if (this.closed) throw new SealedModuleUnavailable('The sealed module was closed.');
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.open < this.settings.sessions) return this.openSession();
    return new Promise<Handle>((resolve, reject) => {
      const waiter = {
        resolve: (s: Handle) => {
          clearTimeout(timer);
          resolve(s);
        },
        reject,
      };
      const timer = setTimeout(
        () => {
          this.waiting = this.waiting.filter((w) => w !== waiter);
          reject(
            new SealedModuleUnavailable(
              `No session of the PKCS#11 token ${JSON.stringify(this.label)} ` +
                `became free within ${this.settings.timeoutMs} ms.`,
            ),
          );
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.push(waiter);
    });
  }

  private release(session: Handle) {
    if (this.closed) return this.discard(session);
    const next = this.waiting.shift();
    if (next) next.resolve(session);
    else this.idle.push(session);
  }

  private replaceForWaiter() {
    const next = this.waiting.shift();
    if (!next) return;
    try {
      next.resolve(this.openSession());
    } catch (err) {
      next.reject(
        new SealedModuleUnavailable(
          `The PKCS#11 token ${JSON.stringify(this.label)} cannot be reached (${codeName(err)}).`,
        ),
      );
    }
  }

  async run<T>(what: string, fn: (session: Handle) => T | Promise<T>): Promise<T> {
    const { gate } = this.loaded;
    let last: unknown;
    for (let attempt = 0; attempt < 2; attempt++) {
      const deadline = Date.now() + this.settings.timeoutMs;
      const entered = gate.enter(
        deadline,
        () =>
          new SealedModuleUnavailable(
            `The PKCS#11 library ${this.settings.module} was busy for ${this.settings.timeoutMs} ms ` +
              `(an earlier call did not return).`,
          ),
      );
      if (entered !== true) await entered;
      let session: Handle;
      try {
        session = await this.acquire(deadline);
      } catch (err) {
        gate.leave();
        if (err instanceof SealedModuleUnavailable) throw err;
        if (err instanceof SealedRootError) throw new SealedModuleUnavailable(err.message);
        this.reset();
        last = err;
        continue;
      }
      let timer: NodeJS.Timeout | undefined;
      let work: Promise<T>;
      try {
        // Only a call on the thread pool can be raced against the time limit; a synchronous one has answered.
        const answer = fn(session);
        if (!(answer instanceof Promise)) {
          this.release(session);
          gate.leave();
          return answer;
        }
        work = answer;
      } catch (err) {
        work = Promise.reject(err);
      }
      try {
        const result = await Promise.race([
          work,
          new Promise<never>((_, reject) => {
            // setImmediate runs after I/O callbacks, so an operation that finished while the loop was blocked
            // past the deadline is not a timeout.
            timer = setTimeout(() => setImmediate(() => reject(new TimedOut())), Math.max(1, deadline - Date.now()));
          }),
        ]);
        clearTimeout(timer);
        this.release(session);
        gate.leave();
        return result;
      } catch (err) {
        clearTimeout(timer);
        if (err instanceof TimedOut) {
          // The call still runs on a thread of the pool: it keeps its place in the library, and its
          // session, until it returns.
          const done = () => {
            this.discard(session);
            gate.leave();
          };
          work.then(done, done);
          this.replaceForWaiter();
          throw new SealedModuleUnavailable(
            `The PKCS#11 token ${JSON.stringify(this.label)} did not answer ${what} ` +
              `within ${this.settings.timeoutMs} ms.`,
          );
        }
        if (err instanceof SealedRootError || err instanceof RangeError) {
          this.release(session);
          gate.leave();
          throw err;
        }
        this.discard(session);
        if (isCode(err, ...CONNECTION_LOST)) this.reset();
        this.replaceForWaiter();
        gate.leave();
        last = err;
      }
    }
    throw new SealedModuleUnavailable(
      `The PKCS#11 token ${JSON.stringify(this.label)} failed ${what} (${codeName(last)}).`,
    );
  }

  // --- root objects -------------------------------------------------------------------------------

  private attributes(session: Handle, handle: Handle) {
    const { api, lib } = this;
    const read = lib.C_GetAttributeValue(session, handle, [
      { type: api.CKA_LABEL },
      { type: api.CKA_KEY_TYPE },
      { type: api.CKA_TOKEN },
      { type: api.CKA_PRIVATE },
      { type: api.CKA_SENSITIVE },
      { type: api.CKA_EXTRACTABLE },
      { type: api.CKA_NEVER_EXTRACTABLE },
    ]);
    const bool = (i: number) => (read[i]!.value as Buffer).readUInt8(0) === 1;
    return {
      label: (read[0]!.value as Buffer).toString('utf8'),
      keyType: Number((read[1]!.value as Buffer).readBigUInt64LE(0)),
      token: bool(2),
      private: bool(3),
      sensitive: bool(4),
      extractable: bool(5),
      neverExtractable: bool(6),
    };
  }

  private readPairs(session: Handle): Map<number, Pair> {
    const { api, lib } = this;
    lib.C_FindObjectsInit(session, [{ type: api.CKA_CLASS, value: api.CKO_SECRET_KEY }]);
    const handles: Handle[] = [];
    try {
      for (let batch = lib.C_FindObjects(session, 64); batch.length > 0; batch = lib.C_FindObjects(session, 64))
        handles.push(...batch);
    } finally {
      lib.C_FindObjectsFinal(session);
    }
    const pairs = new Map<number, Pair>();
    for (const handle of handles) {
      const a = this.attributes(session, handle);
      const m = LABEL.exec(a.label);
      if (!m) continue;
      const version = Number(m[1]);
      const kind = m[2] as 'mac' | 'seal';
      const pair = pairs.get(version) ?? {};
      if (pair[kind])
        throw new SealedRootError(
          `The PKCS#11 token ${JSON.stringify(this.label)} holds two objects labelled ${a.label}; ` +
            `remove the one that no key was made with.`,
        );
      const keyType = kind === 'mac' ? [api.CKK_GENERIC_SECRET, api.CKK_SHA256_HMAC] : [api.CKK_AES];
      if (!keyType.includes(a.keyType))
        throw new SealedRootError(
          `${a.label} in the PKCS#11 token ${JSON.stringify(this.label)} ` +
            `is not ${kind === 'mac' ? 'a generic secret (HMAC) key' : 'an AES key'}.`,
        );
      if (!a.token || !a.private || !a.sensitive || a.extractable || !a.neverExtractable) {
        throw new SealedRootError(
          `${a.label} in the PKCS#11 token ${JSON.stringify(this.label)} could leave the token ` +
            `(it must be a private, sensitive, never-extractable token object); it is not used.`,
        );
      }
      pair[kind] = handle;
      pairs.set(version, pair);
    }
    return pairs;
  }

  // Jitter, so that racing processes part.
  private async rediscover(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.exclusive(() => this.discover());
        return;
      } catch (err) {
        if (!(err instanceof TokenBusy) || attempt === START_ATTEMPTS) throw err;
        this.reset();
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + randomInt(50)));
      }
    }
  }

  private discover(): Map<number, Pair> {
    const session = this.idle.pop() ?? this.connectForStart();
    try {
      this.pairs = this.readPairs(session);
    } catch (err) {
      if (err instanceof SealedRootError) throw err;
      throw new TokenBusy(
        `The root objects of the PKCS#11 token ${JSON.stringify(this.label)} could not be read: ${codeName(err)}.`,
      );
    } finally {
      this.release(session);
    }
    return this.pairs;
  }

  /** Only versions with both objects, ascending. */
  versions(): number[] {
    return [...this.pairs]
      .filter(([, p]) => p.mac && p.seal)
      .map(([v]) => v)
      .sort((a, b) => a - b);
  }

  /** The missing labels of versions whose creation stopped half-way. */
  incomplete(): string[] {
    return [...this.pairs].flatMap(([v, p]) => (p.mac && p.seal ? [] : [rootLabel(v, p.mac ? 'seal' : 'mac')]));
  }

  private handle(session: Handle, version: number, kind: 'mac' | 'seal'): Handle {
    let found = this.pairs.get(version)?.[kind];
    if (!found) {
      // Another process may have made it (a rotation) since this one read the token.
      this.pairs = this.readPairs(session);
      found = this.pairs.get(version)?.[kind];
    }
    if (!found)
      throw new SealedRootError(
        `The PKCS#11 token ${JSON.stringify(this.label)} holds no ${rootLabel(version, kind)}.`,
      );
    return found;
  }

  private generate(session: Handle, version: number, kind: 'mac' | 'seal'): void {
    const { api, lib } = this;
    const mac = kind === 'mac';
    lib.C_GenerateKey(session, { mechanism: mac ? api.CKM_GENERIC_SECRET_KEY_GEN : api.CKM_AES_KEY_GEN }, [
      { type: api.CKA_CLASS, value: api.CKO_SECRET_KEY },
      { type: api.CKA_KEY_TYPE, value: mac ? api.CKK_GENERIC_SECRET : api.CKK_AES },
      { type: api.CKA_VALUE_LEN, value: 32 },
      { type: api.CKA_LABEL, value: rootLabel(version, kind) },
      // Private, because SoftHSM2 writes a non-private key's value into its files in the clear.
      { type: api.CKA_TOKEN, value: true },
      { type: api.CKA_PRIVATE, value: true },
      { type: api.CKA_SENSITIVE, value: true },
      { type: api.CKA_EXTRACTABLE, value: false },
      { type: api.CKA_MODIFIABLE, value: false },
      // One use each, so no derivation or wrapping could carry the value out.
      { type: api.CKA_SIGN, value: mac },
      { type: api.CKA_VERIFY, value: false },
      { type: api.CKA_ENCRYPT, value: !mac },
      { type: api.CKA_DECRYPT, value: !mac },
      { type: api.CKA_WRAP, value: false },
      { type: api.CKA_UNWRAP, value: false },
      { type: api.CKA_DERIVE, value: false },
    ]);
  }

  /** Reads the token again inside `lock`, so that processes starting together on an empty token make one root. */
  async ensureRoots(create: boolean, lock: RootLock): Promise<string[]> {
    const pending = () => this.versions().length === 0 || this.incomplete().length > 0;
    if (!pending()) return [];
    if (!create) throw this.missingRoots();
    return lock(async () => {
      await this.rediscover();
      const made: string[] = [];
      await this.run('root creation', (session) => {
        for (const [version, pair] of this.pairs) {
          for (const kind of ['mac', 'seal'] as const) {
            if (pair[kind]) continue;
            this.generate(session, version, kind);
            made.push(rootLabel(version, kind));
          }
        }
        if (this.versions().length === 0 && made.length === 0) {
          for (const kind of ['mac', 'seal'] as const) {
            this.generate(session, 1, kind);
            made.push(rootLabel(1, kind));
          }
        }
        this.pairs = this.readPairs(session);
      });
      return made;
    });
  }

  private missingRoots(): SealedRootError {
    const half = this.incomplete();
    if (half.length > 0) {
      return new SealedRootError(
        `The PKCS#11 token ${JSON.stringify(this.label)} is missing ${half.join(', ')} (a root made half-way). ` +
          `Set KEYGEN_SEALED_ROOT_CREATE=true to complete it.`,
      );
    }
    return new SealedRootError(
      `The PKCS#11 token ${JSON.stringify(this.label)} holds no root keys ` +
        `(${rootLabel(1, 'mac')}, ${rootLabel(1, 'seal')}). ` +
        'Set KEYGEN_SEALED_ROOT_CREATE=true on the first start to create them in the token.',
    );
  }

  /** Keys made before keep their root version. */
  async rotate(lock: RootLock): Promise<number> {
    return lock(async () => {
      await this.rediscover();
      if (this.incomplete().length > 0) throw this.missingRoots();
      const versions = this.versions();
      if (versions.length === 0) throw this.missingRoots();
      const version = Math.max(...versions) + 1;
      await this.run('root rotation', (session) => {
        this.generate(session, version, 'mac');
        this.generate(session, version, 'seal');
        this.pairs = this.readPairs(session);
      });
      return version;
    });
  }

  async describeObjects(): Promise<
    Array<{
      label: string;
      version: number;
      sensitive: boolean;
      private: boolean;
      extractable: boolean;
      neverExtractable: boolean;
    }>
  > {
    return this.run('a listing', (session) =>
      [...this.readPairs(session)].flatMap(([version, pair]) =>
        (['mac', 'seal'] as const).flatMap((kind) => {
          const handle = pair[kind];
          if (!handle) return [];
          const a = this.attributes(session, handle);
          return [
            {
              label: a.label,
              version,
              sensitive: a.sensitive,
              private: a.private,
              extractable: a.extractable,
              neverExtractable: a.neverExtractable,
            },
          ];
        }),
      ),
    );
  }

  // --- operations ---------------------------------------------------------------------------------

  hmac(version: number, message: Buffer): Promise<Buffer> {
    if (message.length === 0 || message.length > MAX_MAC_INPUT)
      throw new RangeError(`An HMAC input of ${message.length} bytes; the token takes 1 to ${MAX_MAC_INPUT}.`);
    return this.run('an HMAC', (session) => this.sign(session, version, message));
  }

  private sign(session: Handle, version: number, message: Buffer): Buffer | Promise<Buffer> {
    this.lib.C_SignInit(session, { mechanism: this.api.CKM_SHA256_HMAC }, this.handle(session, version, 'mac'));
    return this.settings.threadPool
      ? this.lib.C_SignAsync(session, message, Buffer.alloc(32))
      : this.lib.C_Sign(session, message, Buffer.alloc(32));
  }

  private gcm(iv: Buffer, aad: Buffer) {
    return {
      mechanism: this.api.CKM_AES_GCM,
      parameter: { type: this.api.CK_PARAMS_GCM, iv, ivBits: iv.length * 8, aad, tagBits: GCM_TAG * 8 },
    };
  }

  encrypt(version: number, iv: Buffer, aad: Buffer, plaintext: Uint8Array): Promise<Buffer> {
    if (plaintext.length > MAX_SEAL_INPUT)
      throw new RangeError(`A plaintext of ${plaintext.length} bytes; the token seals at most ${MAX_SEAL_INPUT}.`);
    return this.run('a seal', (session) => {
      this.lib.C_EncryptInit(session, this.gcm(iv, aad), this.handle(session, version, 'seal'));
      const [data, out] = [Buffer.from(plaintext), Buffer.alloc(plaintext.length + GCM_TAG)];
      return this.settings.threadPool
        ? this.lib.C_EncryptAsync(session, data, out)
        : this.lib.C_Encrypt(session, data, out);
    });
  }

  /**
   * Null when the value does not authenticate. Tokens answer a failed tag check with a generic error (SoftHSM2:
   * CKR_GENERAL_ERROR), so an HMAC probe tells a wrong value from a failed token.
   */
  decrypt(version: number, iv: Buffer, aad: Buffer, ciphertextAndTag: Buffer): Promise<Buffer | null> {
    const { lib } = this;
    const probe = (session: Handle) => this.sign(session, version, Buffer.from('keygen/probe'));
    const authFailure = (err: unknown) =>
      isCode(
        err,
        'CKR_GENERAL_ERROR',
        'CKR_ENCRYPTED_DATA_INVALID',
        'CKR_ENCRYPTED_DATA_LEN_RANGE',
        'CKR_FUNCTION_FAILED',
      );
    return this.run('an unseal', (session): Buffer | null | Promise<Buffer | null> => {
      const key = this.handle(session, version, 'seal');
      lib.C_DecryptInit(session, this.gcm(iv, aad), key);
      const out = Buffer.alloc(ciphertextAndTag.length);
      if (this.settings.threadPool) {
        return lib.C_DecryptAsync(session, ciphertextAndTag, out).catch(async (err: unknown) => {
          if (!authFailure(err)) throw err;
          await probe(session);
          return null;
        });
      }
      try {
        return lib.C_Decrypt(session, ciphertextAndTag, out);
      } catch (err) {
        if (!authFailure(err)) throw err;
        // Without the thread pool the probe answers at once, or throws when the token failed.
        void probe(session);
        return null;
      }
    });
  }

  /** The library stays initialised for the process. */
  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(new SealedModuleUnavailable('The sealed module was closed.'));
    // A call that never returns leaves its sessions to the process's exit.
    await this.exclusive(() => {
      for (const session of this.idle.splice(0)) this.discard(session);
    }).catch(() => undefined);
  }
}

class TimedOut extends Error {}

// Nothing a client sends reaches the token.
const shareMessage = (purpose: string, context: string, version: number) =>
  lengthPrefixed(['keygen/hardware-share/v1', purpose, context, String(version)]);
const macMessage = (purpose: string, parts: readonly (string | Uint8Array)[]) =>
  lengthPrefixed(['keygen/mac/v1', purpose, ...parts]);

/** `legacy` is the file root of a deployment that moved to a token: still read, never used for anything new. */
export function pkcs11SealedModule(token: Pkcs11Token, legacy?: FileSealedModule): SealedModule {
  const versions = token.versions();
  if (versions.length === 0)
    throw new SealedRootError(`The PKCS#11 token ${JSON.stringify(token.label)} holds no root.`);
  const current: RootRef = { backend: 'pkcs11', version: Math.max(...versions) };
  const legacyFor = (root: RootRef) => {
    if (!legacy)
      throw new SealedRootError(
        `A key was made under the ${describeRoot(root)} root, which is not configured ` +
          `(set KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE).`,
      );
    return legacy;
  };

  return {
    current,
    alwaysAvailable: false,
    roots: () => [
      ...token.versions().map((version) => ({ backend: 'pkcs11' as const, version })),
      ...(legacy?.roots() ?? []),
    ],
    async derive({ root, purpose, context, inputs = [], length = 32 }) {
      if (root.backend === 'file') return legacyFor(root).derive({ root, purpose, context, inputs, length });
      const share = await token.hmac(root.version, shareMessage(purpose, context, root.version));
      try {
        return hkdf(Buffer.concat([share, lengthPrefixed(inputs)]), `keygen/${purpose}`, context, length);
      } finally {
        share.fill(0);
      }
    },
    async mac({ root, purpose, parts }) {
      if (root.backend === 'file') return legacyFor(root).mac({ root, purpose, parts });
      return token.hmac(root.version, macMessage(purpose, parts));
    },
    async seal(plaintext, aad) {
      const header = headerFor(current);
      const iv = randomBytes(GCM_IV);
      const sealed = await token.encrypt(
        current.version,
        iv,
        Buffer.concat([header, Buffer.from(aad, 'utf8')]),
        plaintext,
      );
      return Buffer.concat([header, iv, sealed]).toString('base64url');
    },
    async unseal(value, aad) {
      // Anything larger than the token ever sealed, or not canonical base64url, is not ours: the token never sees it.
      if (value.length > Math.ceil(((HEADER + GCM_IV + MAX_SEAL_INPUT + GCM_TAG) * 4) / 3)) return null;
      const raw = Buffer.from(value, 'base64url');
      if (raw.length < HEADER + GCM_IV + GCM_TAG || raw.toString('base64url') !== value) return null;
      const header = sealedHeader(raw);
      if (!header) return null;
      if (header.backend === 'file') return legacy ? legacy.unseal(value, aad) : null;
      try {
        return await token.decrypt(
          header.version,
          raw.subarray(HEADER, HEADER + GCM_IV),
          Buffer.concat([raw.subarray(0, HEADER), Buffer.from(aad, 'utf8')]),
          raw.subarray(HEADER + GCM_IV),
        );
      } catch (err) {
        // A version the token does not hold: not sealed here.
        if (err instanceof SealedRootError) return null;
        throw err;
      }
    },
    close: () => token.close(),
  };
}
