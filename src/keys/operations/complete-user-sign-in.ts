import * as routes from '../../../generated/keys/routes.js';
import type { Context } from 'hono';
import { keysOperation, type KeysOperationDeps } from '../context.js';
import { SignInRefused, type ProviderName, type SignInChecks } from '../oidc/relying-party.js';
import { DEV_ISSUER_IDENTITY } from '../oidc/dev-provider.js';
import { isBoundBrowser } from '../prompt/browser-binding.js';
import { browserHeaders, errorPage, hardwareUnavailablePage, refusalPage } from '../prompt/pages.js';
import type { TransactionRow } from '../repository.js';
import { sameBytes, SealedModuleUnavailable } from '../sealed/sealed-module.js';
import { AuditUnavailable } from '../audit.js';
import {
  deriveRecoveryKey,
  identityWithinLimits,
  rootOfKey,
  sealKeyToken,
  toBase36,
  tokenHash,
  unsealClientSecret,
  userBinding,
  userShare,
} from '../secrets.js';

type ReturnError = 'access_denied' | 'identity_mismatch' | 'expired' | 'server_error';

/** No Referer leaves with the redirect, which may carry the key token. */
function sendBack(c: Context, txn: TransactionRow, result: { keyToken: string } | { error: ReturnError }) {
  const to = new URL(txn.clientReturnUrl);
  to.searchParams.set('transactionId', txn.id);
  if ('keyToken' in result) to.searchParams.set('keyToken', result.keyToken);
  else to.searchParams.set('error', result.error);
  browserHeaders(c);
  return c.redirect(to.href, 303);
}

export const completeUserSignIn = keysOperation(
  routes.completeUserSignIn,
  (deps) => async (c) => {
    const { repos, clock, logger } = deps;
    const { state } = c.req.valid('query');
    const txn = state ? await repos.transactions.takeSignIn(tokenHash(state)) : undefined;
    if (!txn) return errorPage(c, state ? 'invalid' : 'missing');
    try {
      return await complete(c, deps, txn, state!);
    } catch (err) {
      if (!(err instanceof SealedModuleUnavailable || err instanceof AuditUnavailable)) throw err;
      // No key token was issued: the sign-in goes back to the prompt link (its state stays taken) for a later retry.
      const reopened = await repos.transactions.reopenSignIn(txn.id, clock.now());
      logger.warn(
        { err: err.message, transactionId: txn.id, reopened },
        `sign-in could not finish: ${err instanceof AuditUnavailable ? 'the audit log' : 'the sealed module'} is unavailable`,
      );
      return hardwareUnavailablePage(c, reopened ? 'retry_link' : 'start_again');
    }
  },
  () => ({ refuse: (c) => errorPage(c, 'invalid') }),
);

async function complete(
  c: Context,
  { repos, sealed, clock, rp, logger, urls, config, events }: KeysOperationDeps,
  txn: TransactionRow,
  state: string,
) {
  const key = await repos.keys.findById(txn.keyId);
  const event = { event: 'sign_in_finished', keyId: txn.keyId, transactionId: txn.id } as const;
  let identityValue: string | undefined;
  const fail = async (error: ReturnError) => {
    await events.record(c, {
      ...event,
      outcome: 'refused',
      reason: error,
      ...(identityValue && { values: { identity: identityValue } }),
    });
    await repos.transactions.finish(txn.id, clock.now(), null);
    return sendBack(c, txn, { error });
  };
  if (!key || !txn.sealedOidc || !txn.sealedClientSecret) return fail('expired');
  if (txn.expiresAt <= clock.now().toISOString()) return fail('expired');

  const checks = JSON.parse(
    (await sealed.unseal(txn.sealedOidc, `oidc|${txn.id}`))?.toString('utf8') ?? 'null',
  ) as SignInChecks | null;
  if (!checks) return fail('server_error');
  // Login CSRF: a browser that did not press the button gets no key token and is not sent to the application.
  if (!isBoundBrowser(c, config.publicUrl, state, checks.browser)) {
    await events.record(c, { ...event, outcome: 'refused', reason: 'other_browser' });
    await repos.transactions.finish(txn.id, clock.now(), null);
    logger.warn({ transactionId: txn.id }, 'sign-in callback from another browser refused');
    return refusalPage(c, 'other_browser');
  }
  const callbackUrl = new URL(urls.callback);
  callbackUrl.search = new URL(c.req.url).search;
  let identity: { issuer: string; sub: string };
  try {
    identity = await rp.completeSignIn(key.provider as ProviderName, callbackUrl, checks);
  } catch (err) {
    if (err instanceof SignInRefused) return fail('access_denied');
    // openid-client wraps the check that failed (which claim, say) in its error's cause.
    const cause = (err as Error).cause;
    logger.warn(
      { err: (err as Error).message, ...(cause instanceof Error && { cause: cause.message }), transactionId: txn.id },
      'sign-in could not be verified',
    );
    return fail('server_error');
  }

  // Nothing a provider sends reaches the sealed module unbounded.
  if (!identityWithinLimits(identity)) {
    logger.warn({ transactionId: txn.id }, 'the ID token names an identity longer than OpenID Connect allows');
    return fail('server_error');
  }
  identityValue = `${identity.issuer} ${identity.sub}`;
  const root = rootOfKey(key);
  // The development provider's issuer URL follows PORT and PUBLIC_URL, so its users are bound to a fixed issuer
  // identity that survives a new port; keys bound to the URL are still recognised by it.
  const issuers = key.provider === 'dev' ? [DEV_ISSUER_IDENTITY, identity.issuer] : [identity.issuer];
  const bindings = await Promise.all(issuers.map((i) => userBinding(sealed, root, key.id, i, identity.sub)));
  const now = clock.now();
  let issuer: string | undefined;
  if (txn.kind === 'generate' && (await repos.keys.bindUser(key.id, bindings[0]!.toString('hex'), now)))
    issuer = issuers[0];
  if (!issuer) {
    const current = (await repos.keys.findById(key.id))?.userBinding;
    if (current) issuer = issuers.find((_, i) => sameBytes(bindings[i]!, Buffer.from(current, 'hex')));
  }
  if (!issuer) return fail('identity_mismatch');

  const clientSecret = await unsealClientSecret(sealed, txn.id, txn.sealedClientSecret);
  if (!clientSecret) return fail('server_error');
  const share = await userShare(sealed, root, issuer, identity.sub);
  const recoveryKey = await deriveRecoveryKey(sealed, root, key.id, clientSecret, share);
  const keyToken = await sealKeyToken(sealed, key.id, txn.id, recoveryKey);
  const recoveryKeyText = toBase36(recoveryKey);
  recoveryKey.fill(0);
  share.fill(0);
  // Recorded before the token is stored: when the trail cannot be written the sign-in is given back.
  await events.record(c, {
    ...event,
    outcome: 'ok',
    values: { identity: identityValue, keyToken, recoveryKey: recoveryKeyText },
  });
  await repos.transactions.finish(txn.id, now, tokenHash(keyToken));
  return sendBack(c, txn, { keyToken });
}
