import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openConfiguredSealedModule,
  type Pkcs11Config,
  type SealedRootConfig,
} from '../../src/keys/sealed/from-config.js';
import { LibraryGate, pkcs11Library, Pkcs11Token, rootLabel, type RootLock } from '../../src/keys/sealed/pkcs11.js';
import { SealedModuleUnavailable, type RootRef, type SealedModule } from '../../src/keys/sealed/sealed-module.js';
import { onToken, softhsm, tokenConfig } from '../support/softhsm.js';
import { tempDir } from './support.js';

// The sealed module's PKCS#11 backend on SoftHSM2 tokens made for this run (test/support/softhsm-tokens.ts).

const config = (pkcs11: Pkcs11Config, overrides: Partial<SealedRootConfig> = {}): SealedRootConfig => ({
  file: path.join(tempDir(), 'root.sealed.json'),
  development: true,
  allowCreate: false,
  pkcs11,
  ...overrides,
});
const open = (pkcs11: Pkcs11Config, overrides: Partial<SealedRootConfig> = {}, warn: (m: string) => void = () => {}) =>
  openConfiguredSealedModule(config(pkcs11, overrides), { warn });

/** A session of the test's own on a token, logged in, for what PKCS#11 itself says of the root objects. */
async function rawSession(label: string) {
  const { api, lib } = await pkcs11Library(softhsm!.module);
  const slot = lib.C_GetSlotList(true).find((s) => lib.C_GetTokenInfo(s).label.trim() === label)!;
  const session = lib.C_OpenSession(slot, api.CKF_SERIAL_SESSION | api.CKF_RW_SESSION);
  try {
    lib.C_Login(session, api.CKU_USER, softhsm!.pin);
  } catch (err) {
    if (!/ALREADY_LOGGED_IN/.test((err as Error).message)) throw err;
  }
  const find = (objectLabel: string) => {
    lib.C_FindObjectsInit(session, [{ type: api.CKA_LABEL, value: objectLabel }]);
    const found = lib.C_FindObjects(session, 10);
    lib.C_FindObjectsFinal(session);
    return found;
  };
  return { api, lib, session, find, close: () => lib.C_CloseSession(session) };
}

describe.skipIf(!softhsm).each([
  ['calls on the event loop', false],
  ['calls on the thread pool (KEYGEN_PKCS11_THREAD_POOL)', true],
])(onToken('PKCS#11 backend of the sealed module, %s'), (_how, threadPool) => {
  let sealed: SealedModule;
  let root: RootRef;
  beforeAll(async () => {
    sealed = await open(tokenConfig('suite', { threadPool }));
    root = sealed.current;
  });
  afterAll(() => sealed?.close());

  it("runs on the token's root: derive and mac are deterministic and apart by purpose, context, inputs and parts; two modules agree", async () => {
    expect(root).toEqual({ backend: 'pkcs11', version: 1 });
    const other = await open(tokenConfig('suite'));
    try {
      const d = (m: SealedModule, context = 'key_1', inputs = [Buffer.from('x')], purpose = 'recovery-key') =>
        m.derive({ root, purpose, context, inputs });
      const first = await d(sealed);
      expect(first).toHaveLength(32);
      expect(await d(other)).toEqual(first);
      expect(await d(sealed, 'key_2')).not.toEqual(first);
      expect(await d(sealed, 'key_1', [Buffer.from('y')])).not.toEqual(first);
      expect(await d(sealed, 'key_1', [Buffer.from('x')], 'other-purpose')).not.toEqual(first);
      expect((await sealed.derive({ root, purpose: 'p', context: 'c', length: 64 })).length).toBe(64);
      const mac = (parts: string[], purpose = 'p') => sealed.mac({ root, purpose, parts });
      expect(await mac(['a', 'bc'])).not.toEqual(await mac(['ab', 'c']));
      expect(await mac(['a'], 'p')).not.toEqual(await mac(['a'], 'q'));
      expect(await other.mac({ root, purpose: 'p', parts: ['a', 'bc'] })).toEqual(await mac(['a', 'bc']));
      // The share is the token's: the file backend's root of the same version gives other values.
      const file = await openConfiguredSealedModule(
        { file: path.join(tempDir(), 'r.json'), development: true, allowCreate: false },
        { warn: () => {}, scryptN: 2 ** 12 },
      );
      expect(
        await file.derive({
          root: file.current,
          purpose: 'recovery-key',
          context: 'key_1',
          inputs: [Buffer.from('x')],
        }),
      ).not.toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('seals in the token bound to the additional data: a value names its backend and version, and altered values unseal to null', async () => {
    const value = await sealed.seal(Buffer.from('secret'), 'aad-1');
    const raw = Buffer.from(value, 'base64url');
    expect(raw.readUInt16BE(0)).toBe(0x8001);
    expect(raw.length).toBe(2 + 12 + 6 + 16);
    expect((await sealed.unseal(value, 'aad-1'))!.toString()).toBe('secret');
    expect(await sealed.unseal(value, 'aad-2')).toBeNull();
    const flipped = Buffer.from(raw);
    flipped[20] ^= 1;
    expect(await sealed.unseal(flipped.toString('base64url'), 'aad-1')).toBeNull();
    // The header is authenticated: the same bytes under another version's header do not open.
    const moved = Buffer.from(raw);
    moved.writeUInt16BE(0x8002, 0);
    expect(await sealed.unseal(moved.toString('base64url'), 'aad-1')).toBeNull();
    expect(await sealed.unseal('short', 'aad-1')).toBeNull();
    // A file-sealed value without a file root beside the token: not sealed here.
    const file = await openConfiguredSealedModule(
      { file: path.join(tempDir(), 'r.json'), development: true, allowCreate: false },
      { warn: () => {}, scryptN: 2 ** 12 },
    );
    expect(await sealed.unseal(await file.seal(Buffer.from('x'), 'a'), 'a')).toBeNull();
    // Two seals of one plaintext differ (a new IV each time).
    expect(await sealed.seal(Buffer.from('secret'), 'aad-1')).not.toBe(value);
  });

  it('sends the token nothing unbounded: a long MAC input, a large plaintext or a large sealed value is refused before the token', async () => {
    await expect(sealed.mac({ root, purpose: 'p', parts: ['x'.repeat(5000)] })).rejects.toThrow(RangeError);
    await expect(sealed.seal(Buffer.alloc(64 * 1024 + 1), 'a')).rejects.toThrow(RangeError);
    expect(await sealed.unseal('A'.repeat(100_000), 'a')).toBeNull();
  });

  it('keeps the root in the token: private, sensitive, never extractable, CKA_VALUE refused, no derive or wrap use', async () => {
    const raw = await rawSession(softhsm!.suite);
    try {
      const { api, lib, session } = raw;
      for (const kind of ['mac', 'seal'] as const) {
        const [handle, twin] = raw.find(rootLabel(1, kind));
        expect(handle).toBeDefined();
        expect(twin).toBeUndefined();
        const attrs = lib.C_GetAttributeValue(session, handle!, [
          { type: api.CKA_TOKEN },
          { type: api.CKA_PRIVATE },
          { type: api.CKA_SENSITIVE },
          { type: api.CKA_ALWAYS_SENSITIVE },
          { type: api.CKA_EXTRACTABLE },
          { type: api.CKA_NEVER_EXTRACTABLE },
          { type: api.CKA_DERIVE },
          { type: api.CKA_WRAP },
          { type: api.CKA_MODIFIABLE },
        ]);
        expect(attrs.map((a) => (a.value as Buffer)[0])).toEqual([1, 1, 1, 1, 0, 1, 0, 0, 0]);
        expect(() => lib.C_GetAttributeValue(session, handle!, [{ type: api.CKA_VALUE }])).toThrow(
          /CKR_ATTRIBUTE_SENSITIVE/,
        );
        // Nor can it be wrapped out under another key of the token.
        const wrapper = lib.C_GenerateKey(session, { mechanism: api.CKM_AES_KEY_GEN }, [
          { type: api.CKA_CLASS, value: api.CKO_SECRET_KEY },
          { type: api.CKA_VALUE_LEN, value: 32 },
          { type: api.CKA_WRAP, value: true },
          { type: api.CKA_TOKEN, value: false },
        ]);
        expect(() =>
          lib.C_WrapKey(session, { mechanism: api.CKM_AES_KEY_WRAP_PAD }, wrapper, handle!, Buffer.alloc(128)),
        ).toThrow(/CKR_KEY_UNEXTRACTABLE|CKR_KEY_NOT_WRAPPABLE/);
        lib.C_DestroyObject(session, wrapper);
      }
      // The module's own account of them says the same.
      const token = await Pkcs11Token.open({
        ...tokenConfig('suite'),
        pin: softhsm!.pin,
        pinSource: 'KEYGEN_PKCS11_PIN',
      });
      try {
        expect(await token.describeObjects()).toEqual([
          {
            label: 'keygen-root-v1-mac',
            version: 1,
            sensitive: true,
            private: true,
            extractable: false,
            neverExtractable: true,
          },
          {
            label: 'keygen-root-v1-seal',
            version: 1,
            sensitive: true,
            private: true,
            extractable: false,
            neverExtractable: true,
          },
        ]);
      } finally {
        await token.close();
      }
    } finally {
      raw.close();
    }
  });

  it('answers SealedModuleUnavailable while the library is down, and works again on fresh sessions once it is back', async () => {
    const value = await sealed.seal(Buffer.from('kept'), 'a');
    const before = await sealed.mac({ root, purpose: 'p', parts: ['x'] });
    const { lib } = await pkcs11Library(softhsm!.module);
    lib.C_Finalize();
    try {
      await expect(sealed.mac({ root, purpose: 'p', parts: ['x'] })).rejects.toThrow(SealedModuleUnavailable);
      await expect(sealed.unseal(value, 'a')).rejects.toThrow(
        /PKCS#11 token "keygen-suite" failed an unseal \(CKR_CRYPTOKI_NOT_INITIALIZED\)/,
      );
      await expect(sealed.seal(Buffer.from('x'), 'a')).rejects.toThrow(SealedModuleUnavailable);
    } finally {
      lib.C_Initialize();
    }
    expect(await sealed.mac({ root, purpose: 'p', parts: ['x'] })).toEqual(before);
    expect((await sealed.unseal(value, 'a'))!.toString()).toBe('kept');
  });

  it('reconnects by itself when the token drops every session (an HSM restart), within the same operation', async () => {
    const before = await sealed.mac({ root, purpose: 'p', parts: ['y'] });
    const { lib } = await pkcs11Library(softhsm!.module);
    const slot = lib.C_GetSlotList(true).find((s) => lib.C_GetTokenInfo(s).label.trim() === softhsm!.suite)!;
    lib.C_CloseAllSessions(slot);
    expect(await sealed.mac({ root, purpose: 'p', parts: ['y'] })).toEqual(before);
  });

  it('runs concurrent operations on its pool of sessions, one operation per session at a time', async () => {
    const macs = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sealed.mac({ root, purpose: 'p', parts: [String(i % 4)] })),
    );
    for (let i = 4; i < 40; i++) expect(macs[i]).toEqual(macs[i % 4]);
    const values = await Promise.all(Array.from({ length: 20 }, (_, i) => sealed.seal(Buffer.from(`v${i}`), `a${i}`)));
    const opened = await Promise.all(values.map((v, i) => sealed.unseal(v, `a${i}`)));
    expect(opened.map((b) => b!.toString())).toEqual(values.map((_, i) => `v${i}`));
  });
});

describe.skipIf(!softhsm)(onToken('PKCS#11 backend at start'), () => {
  const expectStartError = async (pkcs11: Pkcs11Config, message: RegExp, overrides: Partial<SealedRootConfig> = {}) => {
    const err = (await open(pkcs11, overrides).then(
      (m) => m.close().then(() => undefined),
      (e: Error) => e,
    )) as Error | undefined;
    expect(err?.name).toBe('SealedRootError');
    expect(err!.message).toMatch(message);
    expect(err!.message).not.toContain(softhsm!.pin);
  };

  it('stops with a message that says which: missing library, unknown token, wrong PIN, missing PIN file', async () => {
    await expectStartError(
      tokenConfig('suite', { module: '/usr/lib/no/libmissing-pkcs11.so' }),
      /KEYGEN_PKCS11_MODULE: the PKCS#11 library \/usr\/lib\/no\/libmissing-pkcs11\.so does not exist/,
    );
    const notALibrary = path.join(tempDir(), 'not-a-library.so');
    writeFileSync(notALibrary, 'not an ELF file');
    await expectStartError(
      tokenConfig('suite', { module: notALibrary }),
      /KEYGEN_PKCS11_MODULE: cannot load the PKCS#11 library .*not-a-library\.so/,
    );
    await expectStartError(
      tokenConfig('suite', { tokenLabel: 'no-such-token' }),
      /KEYGEN_PKCS11_TOKEN_LABEL: no token labelled "no-such-token" .*tokens found: .*"keygen-suite"/,
    );
    await expectStartError(
      tokenConfig('suite', { pin: 'wrong-pin-0000' }),
      /^KEYGEN_PKCS11_PIN is not the user PIN of the PKCS#11 token "keygen-suite" \(CKR_PIN_INCORRECT\)/,
    );
    const pinFile = path.join(tempDir(), 'pin');
    writeFileSync(pinFile, 'also-wrong\n');
    await expectStartError(
      tokenConfig('suite', { pin: undefined, pinFile }),
      /the PIN in KEYGEN_PKCS11_PIN_FILE .*pin is not the user PIN/,
    );
    await expectStartError(
      tokenConfig('suite', { pin: undefined, pinFile: path.join(tempDir(), 'absent') }),
      /Cannot read KEYGEN_PKCS11_PIN_FILE .*absent: ENOENT/,
    );
    // The right PIN from a file opens it.
    writeFileSync(pinFile, `${softhsm!.pin}\n`);
    const m = await open(tokenConfig('suite', { pin: undefined, pinFile }));
    expect(m.current).toEqual({ backend: 'pkcs11', version: 1 });
    await m.close();
  });

  it('creates the root keys in an empty token on a development start, once; a production start only with KEYGEN_SEALED_ROOT_CREATE=true', async () => {
    await expectStartError(
      tokenConfig('production'),
      /token "keygen-empty-production" holds no root keys \(keygen-root-v1-mac, keygen-root-v1-seal\)\. Set KEYGEN_SEALED_ROOT_CREATE=true/,
      {
        development: false,
      },
    );
    const warnings: string[] = [];
    const made = await open(tokenConfig('production'), { development: false, allowCreate: true }, (w) =>
      warnings.push(w),
    );
    expect(made.current).toEqual({ backend: 'pkcs11', version: 1 });
    expect(warnings.join('\n')).toMatch(
      /Created keygen-root-v1-mac and keygen-root-v1-seal in the PKCS#11 token "keygen-empty-production"/,
    );
    await made.close();

    const dev: string[] = [];
    const first = await open(tokenConfig('create'), {}, (w) => dev.push(w));
    expect(dev.join('\n')).toMatch(/\(development start\)/);
    const value = await first.seal(Buffer.from('x'), 'a');
    await first.close();
    const again: string[] = [];
    const second = await open(tokenConfig('create'), {}, (w) => again.push(w));
    expect(again).toEqual([]);
    expect((await second.unseal(value, 'a'))!.toString()).toBe('x');
    await second.close();
    // No root file was made for the token backend.
  });

  it('refuses a root object that could leave the token, and names a half-made root (completed only when creation is allowed)', async () => {
    const raw = await rawSession(softhsm!.empty.edges);
    try {
      const { api, lib, session } = raw;
      // A seal key made by hand, extractable: never used as a root.
      const loose = lib.C_GenerateKey(session, { mechanism: api.CKM_AES_KEY_GEN }, [
        { type: api.CKA_CLASS, value: api.CKO_SECRET_KEY },
        { type: api.CKA_VALUE_LEN, value: 32 },
        { type: api.CKA_TOKEN, value: true },
        { type: api.CKA_PRIVATE, value: true },
        { type: api.CKA_SENSITIVE, value: true },
        { type: api.CKA_EXTRACTABLE, value: true },
        { type: api.CKA_LABEL, value: rootLabel(1, 'seal') },
      ]);
      await expectStartError(
        tokenConfig('edges'),
        /keygen-root-v1-seal in the PKCS#11 token "keygen-empty-edges" could leave the token/,
      );
      lib.C_DestroyObject(session, loose);
    } finally {
      raw.close();
    }
    // A creation that stopped after the first of the two objects: the mac key only.
    const token = await Pkcs11Token.open({
      ...tokenConfig('edges'),
      pin: softhsm!.pin,
      pinSource: 'KEYGEN_PKCS11_PIN',
    });
    await token.ensureRoots(true, (fn) => fn());
    await token.close();
    const raw2 = await rawSession(softhsm!.empty.edges);
    raw2.lib.C_DestroyObject(raw2.session, raw2.find(rootLabel(1, 'seal'))[0]!);
    raw2.close();
    await expectStartError(
      tokenConfig('edges'),
      /is missing keygen-root-v1-seal \(a root made half-way\)\. Set KEYGEN_SEALED_ROOT_CREATE=true to complete it/,
      { development: false },
    );
    const warnings: string[] = [];
    const completed = await open(tokenConfig('edges'), { development: false, allowCreate: true }, (w) =>
      warnings.push(w),
    );
    expect(warnings.join('\n')).toMatch(/Created keygen-root-v1-seal in/);
    expect(completed.current).toEqual({ backend: 'pkcs11', version: 1 });
    await completed.close();
  });

  it('rotates: a new version makes new keys, earlier versions still derive and unseal; a running module finds a version made by another', async () => {
    const before = await open(tokenConfig('rotate'));
    const v1 = before.current;
    const derived = await before.derive({ root: v1, purpose: 'recovery-key', context: 'key_1' });
    const sealedBefore = await before.seal(Buffer.from('v1'), 'a');
    const token = await Pkcs11Token.open({
      ...tokenConfig('rotate'),
      pin: softhsm!.pin,
      pinSource: 'KEYGEN_PKCS11_PIN',
    });
    const taken: string[] = [];
    const lock: RootLock = async (fn) => {
      taken.push('lock');
      return fn();
    };
    expect(await token.rotate(lock)).toBe(2);
    expect(taken).toEqual(['lock']);
    await token.close();

    const v2: RootRef = { backend: 'pkcs11', version: 2 };
    // The module opened before the rotation keeps making keys under v1, and finds v2 when a key names it.
    expect(before.current).toEqual(v1);
    const underV2 = await before.derive({ root: v2, purpose: 'recovery-key', context: 'key_1' });
    expect(underV2).not.toEqual(derived);
    const after = await open(tokenConfig('rotate'));
    expect(after.current).toEqual(v2);
    expect(after.roots()).toEqual([v1, v2]);
    expect(await after.derive({ root: v1, purpose: 'recovery-key', context: 'key_1' })).toEqual(derived);
    expect(await after.derive({ root: v2, purpose: 'recovery-key', context: 'key_1' })).toEqual(underV2);
    expect((await after.unseal(sealedBefore, 'a'))!.toString()).toBe('v1');
    expect(Buffer.from(await after.seal(Buffer.from('x'), 'a'), 'base64url').readUInt16BE(0)).toBe(0x8002);
    // A version the token does not hold: an error that names it (a 500 for that key), not a made-up value.
    await expect(after.derive({ root: { backend: 'pkcs11', version: 9 }, purpose: 'p', context: 'c' })).rejects.toThrow(
      /holds no keygen-root-v9-mac/,
    );
    await before.close();
    await after.close();
  });
});

describe('the library gate', () => {
  it('lets one operation at a time into SoftHSM2 (not thread-safe: SoftHSMv2 issue #688), in order, and a waiter gives up at its deadline', async () => {
    const gate = new LibraryGate(1);
    const order: string[] = [];
    expect(gate.enter(Date.now() + 1000, () => new Error('late'))).toBe(true);
    const second = gate.enter(Date.now() + 1000, () => new Error('late'));
    const third = gate.enter(Date.now() + 1000, () => new Error('late'));
    const late = gate.enter(Date.now() + 20, () => new Error('late'));
    expect(second).toBeInstanceOf(Promise);
    void (second as Promise<void>).then(() => order.push('second'));
    void (third as Promise<void>).then(() => order.push('third'));
    await expect(late).rejects.toThrow('late');
    expect(order).toEqual([]);
    gate.leave();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['second']);
    gate.leave();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['second', 'third']);
    gate.leave();
    expect(gate.enter(Date.now(), () => new Error('late'))).toBe(true);
    const wide = new LibraryGate(Number.POSITIVE_INFINITY);
    for (let i = 0; i < 100; i++) expect(wide.enter(Date.now(), () => new Error('late'))).toBe(true);
  });

  it.skipIf(!softhsm)(
    'ends an operation at its time limit with SealedModuleUnavailable; the call keeps its place in SoftHSM2 until it returns, and others wait or give up at theirs',
    async () => {
      const token = await Pkcs11Token.open({
        ...tokenConfig('suite', { threadPool: true, timeoutMs: 150 }),
        pin: softhsm!.pin,
        pinSource: 'KEYGEN_PKCS11_PIN',
      });
      try {
        const message = Buffer.from('m');
        const before = await token.hmac(1, message);
        // A call that does not return in time (as a network HSM that stopped answering would).
        let returned!: () => void;
        const hung = token.run('a hung call', () => new Promise<void>((resolve) => (returned = resolve)));
        const waiting = token.hmac(1, message);
        await Promise.all([
          expect(hung).rejects.toThrow(
            new SealedModuleUnavailable(
              `The PKCS#11 token "${softhsm!.suite}" did not answer a hung call within 150 ms.`,
            ),
          ),
          expect(waiting).rejects.toThrow(
            /The PKCS#11 library .* was busy for 150 ms \(an earlier call did not return\)/,
          ),
        ]);
        returned();
        expect(await token.hmac(1, message)).toEqual(before);
      } finally {
        await token.close();
      }
    },
  );

  it.skipIf(!softhsm)('is one operation wide for SoftHSM2, found by its manufacturer', async () => {
    expect((await pkcs11Library(softhsm!.module)).gate.capacity).toBe(1);
  });
});
