import type { Context } from 'hono';
import { sameBytes } from './sealed/sealed-module.js';
import { TRANSACTION_TTL_MS, type KeysEnv, type KeysOperationDeps } from './context.js';
import { badRequest, keyNotFound } from './errors.js';
import {
  clientSecretVerifier,
  newPromptToken,
  newTransactionId,
  rootOfKey,
  sealClientSecret,
  tokenHash,
} from './secrets.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** Absolute https, or http on a loopback host unless the operator allows it anywhere; no credentials or fragment. */
function checkReturnUrl(value: string, allowHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest('clientReturnUrl', 'body', 'invalid', 'clientReturnUrl must be an absolute URL.');
  }
  const httpOk = url.protocol === 'http:' && (allowHttp || LOOPBACK.test(url.hostname));
  if (url.protocol !== 'https:' && !httpOk) {
    throw badRequest(
      'clientReturnUrl',
      'body',
      'invalid',
      'clientReturnUrl must use https (plain http only on a loopback host).',
    );
  }
  if (url.username || url.password || url.hash) {
    throw badRequest(
      'clientReturnUrl',
      'body',
      'invalid',
      'clientReturnUrl must carry neither credentials nor a fragment.',
    );
  }
  return url.href;
}

/** createGenerateTransaction and createRecoverTransaction differ only in the state the key must be in. */
export async function createTransaction(
  c: Context<KeysEnv>,
  { repos, sealed, clock, config, rp, urls, events }: KeysOperationDeps,
  kind: 'generate' | 'recover',
  keyId: string,
  body: { clientSecret: string; clientReturnUrl?: string },
) {
  const key = await repos.keys.find(c.get('principal').accountId, keyId);
  if (!key) throw keyNotFound();
  const expected = Buffer.from(key.clientSecretVerifier, 'hex');
  if (!sameBytes(await clientSecretVerifier(sealed, rootOfKey(key), key.id, body.clientSecret), expected)) {
    throw badRequest('clientSecret', 'body', 'invalid', 'The client secret does not match the key.');
  }
  if (kind === 'generate' && key.userBinding) {
    throw badRequest('keyId', 'path', 'invalid', 'This key was generated already; create a recovery transaction.');
  }
  if (kind === 'recover' && !key.userBinding) {
    throw badRequest(
      'keyId',
      'path',
      'invalid',
      'This key was never generated; create a generation transaction first.',
    );
  }
  if (!rp.isConfigured(key.provider as never)) {
    throw badRequest(
      'keyId',
      'path',
      'invalid',
      `The key's provider ${key.provider} is not configured on this server.`,
    );
  }
  const given = body.clientReturnUrl ?? key.returnUrl;
  if (!given)
    throw badRequest(
      'clientReturnUrl',
      'body',
      'missing',
      'clientReturnUrl is required for the first transaction of a key.',
    );
  const clientReturnUrl = checkReturnUrl(given, config.allowHttpReturnUrl);

  const id = newTransactionId();
  // Sealed before anything is written: when the hardware cannot answer, no transaction is made.
  const sealedClientSecret = await sealClientSecret(sealed, id, body.clientSecret);
  const now = clock.now();
  const promptToken = newPromptToken();
  await events.record(c, {
    event: 'transaction_created',
    outcome: 'ok',
    reason: kind,
    keyId: key.id,
    transactionId: id,
    values: { clientSecret: body.clientSecret, promptToken },
  });
  await repos.transactions.insert({
    id,
    keyId: key.id,
    accountId: key.accountId,
    kind,
    clientReturnUrl,
    promptTokenHash: tokenHash(promptToken),
    sealedClientSecret,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TRANSACTION_TTL_MS).toISOString(),
  });
  const userPromptUrl = new URL(urls.prompt);
  userPromptUrl.searchParams.set('transactionToken', promptToken);
  return c.json({ id, userPromptUrl: userPromptUrl.href }, 200);
}
