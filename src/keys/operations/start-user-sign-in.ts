import * as routes from '../../../generated/keys/routes.js';
import type { Context } from 'hono';
import { keysOperation } from '../context.js';
import { bindToBrowser, isCrossSite } from '../prompt/browser-binding.js';
import { errorPage, browserHeaders, openTransaction, providerUnavailablePage, refusalPage } from '../prompt/pages.js';
import { tokenHash } from '../secrets.js';
import type { ProviderName } from '../oidc/relying-party.js';
import { SealedModuleUnavailable } from '../sealed/sealed-module.js';

export const promptPage = {
  refuse: (c: Context) => errorPage(c, c.req.query('transactionToken') === undefined ? 'missing' : 'invalid'),
};

export const startUserSignIn = keysOperation(
  routes.startUserSignIn,
  ({ repos, sealed, clock, rp, config, logger, events }) =>
    async (c) => {
      if (isCrossSite(c, config.publicUrl)) return refusalPage(c, 'cross_site');
      const promptToken = c.req.valid('query').transactionToken;
      const hash = tokenHash(promptToken);
      const found = await openTransaction(repos.transactions, hash, clock.now());
      if (typeof found === 'string') {
        await events.record(c, {
          event: 'sign_in_started',
          outcome: 'refused',
          reason: found,
          values: { promptToken },
        });
        return errorPage(c, found);
      }
      const key = await repos.keys.findById(found.keyId);
      if (!key) return errorPage(c, 'invalid');
      // Discovery happens before the token is spent, so a provider outage does not burn the link.
      const provider = key.provider as ProviderName;
      let started: Awaited<ReturnType<typeof rp.startSignIn>>;
      try {
        started = await rp.startSignIn(provider);
      } catch (err) {
        // The development provider's secrets come from the sealed module: its failure is the hardware's page.
        if (err instanceof SealedModuleUnavailable) throw err;
        logger.warn(
          { err: (err as Error).message, provider, transactionId: found.id },
          'sign-in provider could not be reached',
        );
        return providerUnavailablePage(c, rp.displayName(provider));
      }
      const { url, checks } = started;
      checks.browser = bindToBrowser(c, config.publicUrl, checks.state);
      const sealedChecks = await sealed.seal(Buffer.from(JSON.stringify(checks)), `oidc|${found.id}`);
      // Recorded before the token is spent: a trail that cannot be written spends nothing.
      const event = {
        event: 'sign_in_started',
        keyId: key.id,
        transactionId: found.id,
        values: { promptToken },
      } as const;
      await events.record(c, { ...event, outcome: 'ok', reason: provider });
      const taken = await repos.transactions.consumePromptToken(
        hash,
        clock.now(),
        tokenHash(checks.state),
        sealedChecks,
      );
      if (!taken) {
        const again = await openTransaction(repos.transactions, hash, clock.now());
        const reason = typeof again === 'string' ? again : 'already_used';
        await events.record(c, { ...event, outcome: 'refused', reason });
        return errorPage(c, reason);
      }
      browserHeaders(c);
      return c.redirect(url.href, 303);
    },
  () => promptPage,
);
