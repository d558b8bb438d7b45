import * as routes from '../../../generated/keys/routes.js';
import { keysOperation } from '../context.js';
import { escapeHtml, htmlPage } from '../prompt/html.js';
import { browserHeaders, errorPage, openTransaction } from '../prompt/pages.js';
import { tokenHash } from '../secrets.js';
import { promptPage } from './start-user-sign-in.js';

/** Renders the page; consumes nothing, so that link scanners opening it do not spend the token. */
export const showUserPrompt = keysOperation(
  routes.showUserPrompt,
  ({ repos, clock, rp, events }) =>
    async (c) => {
      const { transactionToken } = c.req.valid('query');
      const found = await openTransaction(repos.transactions, tokenHash(transactionToken), clock.now());
      const values = { promptToken: transactionToken };
      if (typeof found === 'string') {
        await events.record(c, { event: 'prompt_opened', outcome: 'refused', reason: found, values });
        return errorPage(c, found);
      }
      await events.record(c, {
        event: 'prompt_opened',
        outcome: 'ok',
        keyId: found.keyId,
        transactionId: found.id,
        values,
      });
      const key = await repos.keys.findById(found.keyId);
      const provider = escapeHtml(rp.displayName((key?.provider ?? 'dev') as never));
      const action = `?${new URLSearchParams({ transactionToken })}`;
      const purpose = found.kind === 'generate' ? 'create your key' : 'recover your key';
      browserHeaders(c);
      return c.html(
        htmlPage(
          'Sign in to continue',
          `<h1>Sign in to continue</h1>
<p>An application asks you to sign in with ${provider} to ${purpose}. Your sign-in is one part of the key: use the same account every time.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Continue with ${provider}</button>
</form>`,
        ),
        200,
      );
    },
  () => promptPage,
);
