import { createDecipheriv, createHmac, hkdfSync, scryptSync } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getHeapSnapshot } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { DEV_ISSUER_IDENTITY } from '../../src/keys/oidc/dev-provider.js';
import { pkcs11Library, Pkcs11Token } from '../../src/keys/sealed/pkcs11.js';
import { lengthPrefixed, type SealedRootFile } from '../../src/keys/sealed/sealed-module.js';
import { toBase36 } from '../../src/keys/secrets.js';
import { keptTestDatabase } from '../support/database.js';
import { onToken, softhsm, tokenConfig } from '../support/softhsm.js';
import {
  ALICE,
  buildKeysHarness,
  createTransaction,
  initKey,
  signInByHttp,
  tempDir,
  type KeysHarness,
} from './support.js';

// After a generate and an exchange (and a recovery), no root material is in the database, the data
// folder or the service's JavaScript heap, in any of the forms it could take there (raw bytes, hex,
// base64, base64url). What "root material" can honestly mean differs by backend:
// - the file root: the test unseals the root file itself (the passphrase is the test's), so it
//   searches for the roots and every key derived from them (the seal key, the MAC keys), after
//   checking that these are the real ones (they reproduce a stored verifier);
// - the token: its roots cannot be known (CKA_VALUE is refused, nothing wraps them out:
//   test/keys/pkcs11.test.ts), so the test searches for what the service does get from them, the
//   key's hardware share (checked to be the real one: with the client secret and user share it
//   gives the recovery key the exchange answered); and it shows on a token of its own that
//   SoftHSM2 keeps a private key's value out of its files in the clear (a key made as the roots
//   are, but extractable so that the test can learn its value by wrapping it out), where a
//   non-private key's value is in them (the control: the search finds what is there).
// A heap snapshot holds the JavaScript heap (objects and strings), not the bytes of Buffers
// (ArrayBuffer contents live outside it): it shows that root material never became a string or a
// plain object. The file backend keeps its roots in Buffers by design, in this process: that is
// what the token backend removes. (SoftHSM2 itself is a library in the process and decrypts a key
// into its own memory while it uses it; a network HSM or a KMS keeps it in the device.)

const PASSPHRASE = 'correct horse battery staple';

const forms = (b: Buffer) => [
  b.toString('latin1'),
  b.toString('hex'),
  b.toString('base64'),
  b.toString('base64url').replace(/=+$/, ''),
];

/** Every needle that occurs in `text`, by index (none: []). */
const found = (text: string, needles: Buffer[]) =>
  needles.flatMap((n, i) => (forms(n).some((f) => text.includes(f)) ? [i] : []));

/** The service's JavaScript heap, as one string (the snapshot's JSON: every string of the heap is in it). */
async function heapText(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of getHeapSnapshot()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The database file (and its WAL) and every file of the data folder, as latin1 text, by name. */
function filesOf(dbFile: string, dataDir: string): Record<string, string> {
  const dbDir = path.dirname(dbFile);
  const files = [
    ...readdirSync(dbDir).map((f) => path.join(dbDir, f)),
    ...readdirSync(dataDir).map((f) => path.join(dataDir, f)),
  ];
  return Object.fromEntries(files.map((f) => [f, readFileSync(f).toString('latin1')]));
}

async function generateAndExchange(h: KeysHarness) {
  const { client } = await h.account();
  const key = await initKey(client);
  const back = await signInByHttp(h, (await createTransaction(client, 'generate', key)).userPromptUrl, ALICE);
  const got = await client.GET('/keys/{keyId}', {
    params: { path: { keyId: key.id }, query: { keyToken: back.searchParams.get('keyToken')! } },
  });
  const again = await signInByHttp(h, (await createTransaction(client, 'recover', key)).userPromptUrl, ALICE);
  const recovered = await client.GET('/keys/{keyId}', {
    params: { path: { keyId: key.id }, query: { keyToken: again.searchParams.get('keyToken')! } },
  });
  expect(recovered.data!.recoveryKey).toBe(got.data!.recoveryKey);
  h.sqlite!.pragma('wal_checkpoint(PASSIVE)');
  return { key, recoveryKey: got.data!.recoveryKey };
}

describe('no root material at rest or in the JavaScript heap', () => {
  it('with the file root: not in the database, the data folder (the root file holds it only sealed) or the heap', async () => {
    const dir = tempDir();
    const database = await keptTestDatabase();
    const h = await buildKeysHarness({
      listen: true,
      database,
      sealedDir: dir,
      passphrase: PASSPHRASE,
      sealed: 'file',
    });
    try {
      const { key } = await generateAndExchange(h);

      // The roots, unsealed here from the file with the passphrase, and the keys derived from them.
      const file = JSON.parse(readFileSync(path.join(dir, 'root.sealed.json'), 'utf8')) as SealedRootFile;
      const wrapping = scryptSync(PASSPHRASE, Buffer.from(file.kdf.salt, 'base64'), 32, {
        N: file.kdf.N,
        r: file.kdf.r,
        p: file.kdf.p,
        maxmem: 256 * file.kdf.N * file.kdf.r,
      });
      const roots = file.roots.map((r) => {
        const d = createDecipheriv('aes-256-gcm', wrapping, Buffer.from(r.iv, 'base64')).setAAD(
          Buffer.from(`${file.format}|root|${r.version}`),
        );
        d.setAuthTag(Buffer.from(r.tag, 'base64'));
        return Buffer.concat([d.update(Buffer.from(r.ciphertext, 'base64')), d.final()]);
      });
      const derived = (root: Buffer, salt: string, info: string) =>
        Buffer.from(hkdfSync('sha256', root, Buffer.from(salt), Buffer.from(info), 32));
      const purposes = ['client-secret-verifier', 'user-share', 'user-binding', 'dev-oidc-login-name'];
      const needles = roots.flatMap((root) => [
        root,
        derived(root, 'keygen/seal/v1', 'aes-256-gcm'),
        ...purposes.map((p) => derived(root, 'keygen/mac/v1', p)),
      ]);
      // They are the real ones: the client-secret verifier the service stored is an HMAC under the first MAC key.
      const [row] = await h.query<{ v: string }>('SELECT client_secret_verifier AS v FROM keygen_keys WHERE id = $1', [
        key.id,
      ]);
      expect(
        createHmac('sha256', needles[2]!)
          .update(lengthPrefixed([key.id, key.clientSecret]))
          .digest('hex'),
      ).toBe(row!.v);

      const files = filesOf(database.file!, dir);
      // The control: what the files do hold is found (the key's id in the database, the sealed root in its file).
      expect(Object.values(files).some((text) => text.includes(key.id))).toBe(true);
      expect(Object.values(files).some((text) => text.includes(file.roots[0]!.ciphertext))).toBe(true);
      for (const [name, text] of Object.entries(files)) expect(found(text, needles), name).toEqual([]);
      // The control: a string the heap does hold (a flat one, kept alive) is found there.
      const marker = Buffer.from(`heap-marker-${process.pid}-${Date.now()}`).toString('latin1');
      (globalThis as { heapMarker?: string }).heapMarker = marker;
      const heap = await heapText();
      expect(heap.includes(marker), 'the heap snapshot search finds a string the heap holds').toBe(true);
      expect(found(heap, needles)).toEqual([]);
    } finally {
      await h.close();
      await database.drop();
    }
  });

  describe.skipIf(!softhsm)(onToken('with the root in a token'), () => {
    it("the key's hardware share is in no file and not in the heap; no root or key file is written", async () => {
      const dir = tempDir();
      const database = await keptTestDatabase();
      const h = await buildKeysHarness({ listen: true, database, sealedDir: dir, sealed: 'pkcs11' });
      try {
        const { key, recoveryKey } = await generateAndExchange(h);
        // The hardware share, asked of the token as the module asks it (an HMAC over purpose, key id and version).
        const token = await Pkcs11Token.open({
          ...tokenConfig('suite'),
          pin: softhsm!.pin,
          pinSource: 'KEYGEN_PKCS11_PIN',
        });
        const share = await token.hmac(1, lengthPrefixed(['keygen/hardware-share/v1', 'recovery-key', key.id, '1']));
        await token.close();
        // It is the real one: with the client secret and the user's share it gives the recovery key the exchange answered.
        const root = h.sealed.current;
        const userShare = await h.sealed.mac({
          root,
          purpose: 'user-share',
          parts: [DEV_ISSUER_IDENTITY, 'dev-user-alice'],
        });
        const ikm = Buffer.concat([share, lengthPrefixed([Buffer.from(key.clientSecret), userShare])]);
        expect(
          toBase36(Buffer.from(hkdfSync('sha256', ikm, Buffer.from('keygen/recovery-key'), Buffer.from(key.id), 32))),
        ).toBe(recoveryKey);

        expect(readdirSync(dir)).toEqual([]);
        for (const [name, text] of Object.entries(filesOf(database.file!, dir)))
          expect(found(text, [share]), name).toEqual([]);
        expect(found(await heapText(), [share])).toEqual([]);
      } finally {
        await h.close();
        await database.drop();
      }
    });

    it("keeps a private key's value out of SoftHSM2's token files, where a non-private key's is in them (the control)", async () => {
      const { api, lib } = await pkcs11Library(softhsm!.module);
      const label = softhsm!.empty.rest;
      const slot = lib.C_GetSlotList(true).find((s) => lib.C_GetTokenInfo(s).label.trim() === label)!;
      const session = lib.C_OpenSession(slot, api.CKF_SERIAL_SESSION | api.CKF_RW_SESSION);
      try {
        lib.C_Login(session, api.CKU_USER, softhsm!.pin);
        const aes = (attrs: Array<{ type: number; value: boolean | string }>) =>
          lib.C_GenerateKey(session, { mechanism: api.CKM_AES_KEY_GEN }, [
            { type: api.CKA_CLASS, value: api.CKO_SECRET_KEY },
            { type: api.CKA_KEY_TYPE, value: api.CKK_AES },
            { type: api.CKA_VALUE_LEN, value: 32 },
            { type: api.CKA_TOKEN, value: true },
            ...attrs,
          ]);
        // As the roots are made (private, sensitive), but extractable, and a key the test knows to wrap it out with.
        const privateKey = aes([
          { type: api.CKA_PRIVATE, value: true },
          { type: api.CKA_SENSITIVE, value: true },
          { type: api.CKA_EXTRACTABLE, value: true },
          { type: api.CKA_LABEL, value: 'private-like-the-roots' },
        ]);
        const publicKey = aes([
          { type: api.CKA_PRIVATE, value: false },
          { type: api.CKA_SENSITIVE, value: false },
          { type: api.CKA_EXTRACTABLE, value: true },
          { type: api.CKA_LABEL, value: 'not-private' },
        ]);
        const wrapper = aes([
          { type: api.CKA_PRIVATE, value: false },
          { type: api.CKA_SENSITIVE, value: false },
          { type: api.CKA_EXTRACTABLE, value: true },
          { type: api.CKA_WRAP, value: true },
          { type: api.CKA_LABEL, value: 'wrapper' },
        ]);
        const valueOf = (handle: Buffer) =>
          lib.C_GetAttributeValue(session, handle, [{ type: api.CKA_VALUE }])[0]!.value as Buffer;
        const wrapped = lib.C_WrapKey(
          session,
          { mechanism: api.CKM_AES_KEY_WRAP },
          wrapper,
          privateKey,
          Buffer.alloc(64),
        );
        const kek = valueOf(wrapper);
        // RFC 3394 unwrap of the wrapped value with the wrapper's key (node's id-aes256-wrap).
        const d = createDecipheriv('id-aes256-wrap', kek, Buffer.from('A6A6A6A6A6A6A6A6', 'hex'));
        const privateValue = Buffer.concat([d.update(wrapped), d.final()]);
        expect(privateValue).toHaveLength(32);
        const publicValue = valueOf(publicKey);

        const tokenFiles = readdirSync(softhsm!.tokenDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => readFileSync(path.join(e.parentPath, e.name)).toString('latin1'));
        const anywhere = (value: Buffer) => tokenFiles.some((text) => found(text, [value]).length > 0);
        expect(anywhere(publicValue)).toBe(true);
        expect(anywhere(privateValue)).toBe(false);
      } finally {
        lib.C_CloseSession(session);
      }
    });
  });
});
