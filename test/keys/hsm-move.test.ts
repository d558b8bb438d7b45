import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadKeysRuntime } from '../../src/keys/runtime.js';
import { keptTestDatabase } from '../support/database.js';
import { onToken, softhsm, tokenConfig, tokenEnv } from '../support/softhsm.js';
import {
  ALICE,
  buildKeysHarness,
  createTransaction,
  initKey,
  signInByHttp,
  tempDir,
  type KeysClient,
  type KeysHarness,
} from './support.js';

// A deployment that moves its root from the sealed file to a PKCS#11 token: with the old file root
// configured beside the token, the keys made under it still recover (and a transaction opened
// before the move still completes), every new key is made in the token, and no root file is ever
// created for the token. Without the file root the start refuses, naming the keys that need it.

const exchange = async (_h: KeysHarness, client: KeysClient, keyId: string, back: URL) => {
  const res = await client.GET('/keys/{keyId}', {
    params: { path: { keyId }, query: { keyToken: back.searchParams.get('keyToken')! } },
  });
  expect(res.response.status).toBe(200);
  return res.data!.recoveryKey;
};
const recover = async (h: KeysHarness, client: KeysClient, key: { id: string; clientSecret: string }) =>
  exchange(
    h,
    client,
    key.id,
    await signInByHttp(h, (await createTransaction(client, 'recover', key)).userPromptUrl, ALICE),
  );

describe.skipIf(!softhsm)(onToken('moving the root from the sealed file to a token'), () => {
  it('recovers the keys made under the file root with it beside the token, makes new keys in the token, and refuses a start without it', async () => {
    const dir = tempDir();
    const database = await keptTestDatabase();
    const passphrase = 'the file root passphrase';
    try {
      // Before: the file root.
      const before = await buildKeysHarness({ listen: true, database, sealedDir: dir, passphrase, sealed: 'file' });
      const { client, key: apiKey } = await before.account();
      const old = await initKey(client);
      const oldKey = await exchange(
        before,
        client,
        old.id,
        await signInByHttp(before, (await createTransaction(client, 'generate', old)).userPromptUrl, ALICE),
      );
      // A recovery opened before the move (its client secret sealed under the file root), finished after it.
      const pending = await createTransaction(client, 'recover', old);
      const port = Number(new URL(before.origin).port);
      await before.close();
      // Let pooled keep-alive connections to the old server notice that it is gone.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const filesBefore = readdirSync(dir).sort();
      expect(filesBefore).toEqual(['root.sealed.json']);

      // After: the token (its roots made on this development start), the file root beside it.
      // On the same port, so that the link of the transaction opened before still leads to it.
      const after = await buildKeysHarness({
        listen: port,
        database,
        sealedDir: dir,
        passphrase,
        sealed: 'pkcs11',
        sealedRoot: { pkcs11: tokenConfig('move') },
      });
      try {
        expect(after.sealed.current).toEqual({ backend: 'pkcs11', version: 1 });
        expect(after.sealed.roots()).toEqual([
          { backend: 'pkcs11', version: 1 },
          { backend: 'file', version: 1 },
        ]);
        const c2 = (await import('../../packages/client/src/index.js')).createKeysClient({
          origin: after.origin,
          apiKey: apiKey.key,
          fetch: async (input: Request) => after.root.request(input),
        });
        expect(await exchange(after, c2, old.id, await signInByHttp(after, pending.userPromptUrl, ALICE))).toBe(oldKey);
        expect(await recover(after, c2, old)).toBe(oldKey);

        const made = await initKey(c2);
        expect(
          await after.query(
            'SELECT id, hardware_backend AS backend, hardware_version AS version FROM keygen_keys ORDER BY created_at, id',
          ),
        ).toEqual(
          expect.arrayContaining([
            { id: old.id, backend: 'file', version: 1 },
            { id: made.id, backend: 'pkcs11', version: 1 },
          ]),
        );
        const newKey = await exchange(
          after,
          c2,
          made.id,
          await signInByHttp(after, (await createTransaction(c2, 'generate', made)).userPromptUrl, ALICE),
        );
        expect(newKey).not.toBe(oldKey);
        expect(await recover(after, c2, made)).toBe(newKey);
        // New values are sealed in the token: the transactions' sealed client secrets carry its header.
        const sealed = await after.query<{ s: string }>(
          'SELECT sealed_client_secret AS s FROM keygen_transactions WHERE key_id = $1 AND sealed_client_secret IS NOT NULL',
          [made.id],
        );
        for (const { s } of sealed) expect(Buffer.from(s, 'base64url').readUInt16BE(0)).toBe(0x8001);
        // The token wrote no root file, no key file.
        expect(readdirSync(dir).sort()).toEqual(filesBefore);

        // The start as the server makes it (src/keys/runtime.ts), on this database.
        const storage = { repos: after.repos, sealedRoot: after.storage.sealedRoot, rootLock: after.storage.rootLock };
        const env = {
          NODE_ENV: 'development',
          PORT: '0',
          KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'root.sealed.json'),
          ...tokenEnv('move'),
        };
        const started = await loadKeysRuntime({ ...env, KEYGEN_ROOT_PASSPHRASE: passphrase }, () => {}, storage);
        expect(started.roots).toEqual({
          token: `"keygen-empty-move" (${softhsm!.module})`,
          current: 'pkcs11 v1',
          roots: [
            { root: 'pkcs11 v1', use: 'new keys', keys: 1 },
            { root: 'file v1', use: 'recovery only', keys: 1 },
          ],
        });
        await started.sealed.close();
        // Without the file root's passphrase: refused, naming the keys that need it.
        await expect(loadKeysRuntime(env, () => {}, storage)).rejects.toThrow(
          /^Key records were made under roots this start does not hold: 1 under file v1, in the file root \(set KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE/,
        );
        // And back on the file root alone: the keys made in the token need it.
        await expect(
          loadKeysRuntime(
            {
              NODE_ENV: 'development',
              PORT: '0',
              KEYGEN_SEALED_ROOT_FILE: path.join(dir, 'root.sealed.json'),
              KEYGEN_ROOT_PASSPHRASE: passphrase,
            },
            () => {},
            storage,
          ),
        ).rejects.toThrow(/1 under pkcs11 v1, in the PKCS#11 token/);
        expect(readdirSync(dir).sort()).toEqual(filesBefore);
      } finally {
        await after.close();
      }
    } finally {
      await database.drop();
    }
  });
});
