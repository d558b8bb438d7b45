import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { zHtmlPage, zStartUserSignInBody, zStartUserSignInQuery } from '../../../generated/keys/zod.js';
import type { KeysApp, KeysServices } from '../context.js';
import { bindToBrowser, isCrossSite } from '../prompt/browser-binding.js';
import { errorPage, browserHeaders, openTransaction, providerUnavailablePage, refusalPage } from '../prompt/pages.js';
import { consumePromptToken, findKeyById } from '../repository.js';
import { tokenHash } from '../secrets.js';
import type { ProviderName } from '../oidc/relying-party.js';
import { htmlResponses } from './shared.js';

/** A prompt page's invalid parameters are answered with an HTML page, not the API's JSON error. */
export const promptHook = (result: { success: boolean }, c: Context) => {
  if (!result.success) return errorPage(c, c.req.query('transactionToken') === undefined ? 'missing' : 'invalid');
  return undefined;
};

export const startUserSignInRoute = createRoute({
  method: 'post',
  path: '/prompt',
  operationId: 'startUserSignIn',
  tags: ['Prompt'],
  security: [],
  request: {
    query: zStartUserSignInQuery,
    body: { required: false, content: { 'application/x-www-form-urlencoded': { schema: zStartUserSignInBody } } },
  },
  responses: {
    303: { description: "Redirect to the provider's authorization endpoint." },
    ...htmlResponses(zHtmlPage),
  },
});

/** The user's click: consumes the transaction token and starts the OpenID Connect sign-in. */
export function startUserSignIn(app: KeysApp, { db, sealed, clock, rp, config, logger }: KeysServices) {
  app.openapi(
    startUserSignInRoute,
    async (c) => {
      if (isCrossSite(c, config.publicUrl)) return refusalPage(c, 'cross_site');
      const hash = tokenHash(c.req.valid('query').transactionToken);
      const found = openTransaction(db, hash, clock.now());
      if (typeof found === 'string') return errorPage(c, found);
      const key = findKeyById(db, found.keyId);
      if (!key) return errorPage(c, 'invalid');
      // Discovery happens before the token is spent, so a provider outage does not burn the link.
      const provider = key.provider as ProviderName;
      let started: Awaited<ReturnType<typeof rp.startSignIn>>;
      try {
        started = await rp.startSignIn(provider);
      } catch (err) {
        logger.warn({ err: (err as Error).message, provider, transactionId: found.id }, 'sign-in provider could not be reached');
        return providerUnavailablePage(c, rp.displayName(provider));
      }
      const { url, checks } = started;
      checks.browser = bindToBrowser(c, config.publicUrl, checks.state);
      const sealedChecks = sealed.seal(Buffer.from(JSON.stringify(checks)), `oidc|${found.id}`);
      const taken = consumePromptToken(db, hash, clock.now(), tokenHash(checks.state), sealedChecks);
      if (!taken) {
        const again = openTransaction(db, hash, clock.now());
        return errorPage(c, typeof again === 'string' ? again : 'already_used');
      }
      browserHeaders(c);
      return c.redirect(url.href, 303);
    },
    promptHook,
  );
}
