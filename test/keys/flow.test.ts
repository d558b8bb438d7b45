import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  buildKeysHarness,
  createTransaction,
  initKey,
  signInByHttp,
  testSealed,
  type KeysHarness,
} from './support.js';

describe(`key service flow over HTTP with the embedded provider, the root in the ${testSealed === 'pkcs11' ? 'SoftHSM2 token' : 'sealed file'}`, () => {
  let h: KeysHarness;
  beforeAll(async () => {
    h = await buildKeysHarness({ listen: true });
  });
  afterAll(() => h.close());

  it('generates a 50-character base-36 key and recovers the same one for the same user', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    // The key record names the root it was made under: the run's backend.
    expect(h.sealed.current.backend).toBe(testSealed);
    expect(
      await h.query('SELECT hardware_backend AS backend, hardware_version AS version FROM keygen_keys WHERE id = $1', [
        key.id,
      ]),
    ).toEqual([h.sealed.current]);
    const txn = await createTransaction(client, 'generate', key);
    const back = await signInByHttp(h, txn.userPromptUrl, ALICE);
    expect(back.searchParams.get('transactionId')).toBe(txn.id);
    const keyToken = back.searchParams.get('keyToken')!;
    expect(keyToken).toMatch(/^kt_[A-Za-z0-9_-]+$/);
    const ex = await client.GET('/keys/{keyId}', { params: { path: { keyId: key.id }, query: { keyToken } } });
    expect(ex.response.status).toBe(200);
    expect(ex.data!.recoveryKey).toMatch(/^[0-9a-z]{50}$/);

    const rec = await createTransaction(client, 'recover', key);
    const back2 = await signInByHttp(h, rec.userPromptUrl, ALICE);
    const ex2 = await client.GET('/keys/{keyId}', {
      params: { path: { keyId: key.id }, query: { keyToken: back2.searchParams.get('keyToken')! } },
    });
    expect(ex2.data!.recoveryKey).toBe(ex.data!.recoveryKey);
  });
});
