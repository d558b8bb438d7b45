import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditKey, findInAudit } from '../../src/keys/audit.js';
import { cli } from '../support/process.js';
import {
  ALICE,
  buildKeysHarness,
  createTransaction,
  initKey,
  signInByHttp,
  tempDir,
  testSealed,
  type KeysHarness,
} from './support.js';

/** Every form a secret could leak in: as sent, and its bytes in hex, base64 and base64url. */
function forms(secret: string): string[] {
  const out = new Set([secret]);
  for (const body of [secret, secret.replace(/^[a-z]{2}_/, '')]) {
    const bytes = Buffer.from(body, 'base64url');
    if (bytes.length >= 16) for (const enc of ['hex', 'base64', 'base64url'] as const) out.add(bytes.toString(enc));
    for (const enc of ['hex', 'base64', 'base64url'] as const) out.add(Buffer.from(body, 'utf8').toString(enc));
  }
  return [...out].filter((f) => f.length >= 16);
}

type Line = Record<string, string | undefined>;

describe(`the key service's audit trail (root in the ${testSealed === 'pkcs11' ? 'SoftHSM2 token' : 'sealed file'})`, () => {
  const file = path.join(tempDir(), 'audit.jsonl');
  let h: KeysHarness;
  beforeAll(async () => {
    h = await buildKeysHarness({ listen: true, audit: { destination: file } });
  });
  afterAll(() => h.close());

  it('records a full key flow, one JSON line per event, with every secret only as an HMAC that the auditor can match', async () => {
    const { key: apiKey, client } = await h.account();
    const key = await initKey(client);
    const txn = await createTransaction(client, 'generate', key);
    const promptToken = new URL(txn.userPromptUrl).searchParams.get('transactionToken')!;
    const back = await signInByHttp(h, txn.userPromptUrl, ALICE);
    const keyToken = back.searchParams.get('keyToken')!;
    const ex = await client.GET('/keys/{keyId}', { params: { path: { keyId: key.id }, query: { keyToken } } });
    expect(ex.response.status).toBe(200);
    const recoveryKey = ex.data!.recoveryKey;
    const again = await client.GET('/keys/{keyId}', { params: { path: { keyId: key.id }, query: { keyToken } } });
    expect(again.response.status).toBe(400);

    const text = readFileSync(file, 'utf8');
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    const mine = lines.filter((l) => l.keyId === key.id);
    expect(mine.map((l) => `${l.event} ${l.outcome}${l.reason ? ` ${l.reason}` : ''}`)).toEqual([
      'key_created ok',
      'transaction_created ok generate',
      'prompt_opened ok',
      'sign_in_started ok dev',
      'sign_in_finished ok',
      'key_token_exchanged ok',
      'key_token_exchanged refused already_used',
    ]);
    for (const l of mine) {
      expect(l.time).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(l.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(l.auditKey).toBe(`${testSealed} v${h.sealed.current.version}`);
    }
    // The API's events name the caller; the browser's pages have none.
    expect(mine.filter((l) => l.apiKeyId).map((l) => l.event)).toEqual([
      'key_created',
      'transaction_created',
      'key_token_exchanged',
      'key_token_exchanged',
    ]);
    expect(mine.every((l) => !l.apiKeyId || l.apiKeyId === apiKey.id)).toBe(true);
    // A token already spent names no transaction: the refusal is decided by its hash alone.
    expect(mine.slice(1, -1).every((l) => l.transactionId === txn.id)).toBe(true);
    expect(mine.find((l) => l.event === 'sign_in_finished')!.identity).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);

    // No secret in any form: the key token, the client secret, the recovery key, the prompt token.
    for (const secret of [keyToken, key.clientSecret, recoveryKey, promptToken]) {
      for (const form of forms(secret)) expect(text).not.toContain(form);
    }

    // The auditor's question, "was this key token used?", answered with the audit key alone.
    const keyOf = async () => auditKey(h.sealed, h.sealed.current);
    const found = await findInAudit(text, 'keyToken', keyToken, keyOf);
    expect(found.found.map((l) => `${l.event} ${l.outcome}`)).toEqual([
      'sign_in_finished ok',
      'key_token_exchanged ok',
      'key_token_exchanged refused',
    ]);
    expect((await findInAudit(text, 'keyToken', `${keyToken}x`, keyOf)).found).toEqual([]);
    expect((await findInAudit(text, 'recoveryKey', recoveryKey, keyOf)).found.map((l) => l.event)).toEqual([
      'sign_in_finished',
      'key_token_exchanged',
    ]);
  });

  it('records refusals with their reason, and nothing of the value refused', async () => {
    const { client } = await h.account();
    const key = await initKey(client);
    const wrong = 'cs_' + 'A'.repeat(43);
    const res = await client.POST('/keys/{keyId}/transactions/generate', {
      params: { path: { keyId: key.id } },
      body: { clientSecret: wrong, clientReturnUrl: 'http://127.0.0.1:9/r' },
    });
    expect(res.response.status).toBe(400);
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Line);
    const refusal = lines.filter((l) => l.keyId === key.id && l.outcome === 'refused');
    expect(refusal).toEqual([
      expect.objectContaining({
        event: 'request_refused',
        reason: 'clientSecret:invalid',
        operationId: 'createGenerateTransaction',
      }),
    ]);
    expect(readFileSync(file, 'utf8')).not.toContain(wrong);
  });

  it.runIf(testSealed === 'file' && process.env.TEST_ENGINE !== 'postgres')(
    'the CLI finds a used key token by its HMAC, and says when a value is not there',
    async () => {
      const { client } = await h.account();
      const key = await initKey(client);
      const txn = await createTransaction(client, 'generate', key);
      const keyToken = (await signInByHttp(h, txn.userPromptUrl, ALICE)).searchParams.get('keyToken')!;
      expect(
        (await client.GET('/keys/{keyId}', { params: { path: { keyId: key.id }, query: { keyToken } } })).response
          .status,
      ).toBe(200);
      // The CLI opens the same sealed root as the server (the file beside an empty database of its own).
      const env = {
        DATABASE_URL: `file:${path.join(tempDir(), 'cli.db')}`,
        KEYGEN_SEALED_ROOT_FILE: h.config.sealedRoot.file,
        KEYGEN_ROOT_PASSPHRASE: 'correct horse battery staple',
        KEYGEN_AUDIT_LOG: file,
      };
      const found = cli(['audit', 'find', '--key-token', keyToken], env);
      expect(found.stderr).toBe('');
      expect(found.status).toBe(0);
      expect(found.stdout).toContain(`Found in 2 lines of ${file}:`);
      expect(found.stdout).toMatch(
        new RegExp(`key_token_exchanged  ok  key ${key.id}  transaction ${txn.id}  request [0-9a-f-]{36}`),
      );
      expect(found.stdout).not.toContain(keyToken);
      const missing = cli(['audit', 'find', '--key-token', `${keyToken}x`, '--file', file], env);
      expect(missing.status).toBe(1);
      expect(missing.stdout).toBe(`Not found: no line of ${file} holds this key token.\n`);
      const secret = cli(['audit', 'find', '--client-secret', key.clientSecret], env);
      expect(secret.stdout).toMatch(/^Found in 2 lines/);
    },
  );
});

describe('an audit trail that cannot be written', () => {
  it('fails the operation with 503 and stores nothing; with KEYGEN_AUDIT_CONTINUE_ON_FAILURE the operation goes on', async () => {
    // /dev/full accepts the open and refuses every write (ENOSPC), as a full disk does.
    const strict = await buildKeysHarness({ audit: { destination: '/dev/full' } });
    try {
      const { client } = await strict.account();
      const res = await client.POST('/keys', { body: { userSecretProvider: 'dev' } });
      expect(res.response.status).toBe(503);
      expect(res.response.headers.get('retry-after')).toBe('5');
      expect(res.error).toEqual({
        error: {
          code: 'unavailable',
          message:
            "The service's audit trail cannot be written right now, so nothing was done. Retry the request later.",
        },
      });
      expect(await strict.count('keygen_keys')).toBe(0);
    } finally {
      await strict.close();
    }
    const lenient = await buildKeysHarness({ audit: { destination: '/dev/full', continueOnFailure: true } });
    try {
      const { client } = await lenient.account();
      expect((await client.POST('/keys', { body: { userSecretProvider: 'dev' } })).response.status).toBe(200);
    } finally {
      await lenient.close();
    }
  });
});
