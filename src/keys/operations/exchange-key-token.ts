import * as routes from '../../../generated/keys/routes.js';
import { keysOperation } from '../context.js';
import { badRequest, keyNotFound } from '../errors.js';
import type { TransactionRow } from '../repository.js';
import { tokenHash, toBase36, unsealKeyToken } from '../secrets.js';

export const exchangeKeyToken = keysOperation(
  routes.exchangeKeyToken,
  ({ repos, sealed, clock, events }) =>
    async (c) => {
      const { keyId } = c.req.valid('param');
      const { keyToken } = c.req.valid('query');
      const { accountId } = c.get('principal');
      const now = clock.now();
      const hash = tokenHash(keyToken);
      let row: TransactionRow | undefined;
      let recoveryKey: Buffer | null = null;
      const values = { keyToken };
      const keyExists = async () => (await repos.keys.find(accountId, keyId)) !== undefined;
      if (sealed.alwaysAvailable && !events.audited) {
        // The file root cannot fail to answer: the token is taken by one conditional statement, which names the
        // caller's account, then unsealed. The key is read only when nothing was taken, for a 404 or a refusal.
        row = await repos.transactions.consumeKeyToken(accountId, keyId, hash, now);
        if (row) recoveryKey = await unsealKeyToken(sealed, keyId, row.id, keyToken);
        else if (!(await keyExists())) throw keyNotFound();
      } else {
        if (!(await keyExists())) throw keyNotFound();
        // A token can: unsealing (and recording, with an audit trail) comes before taking, so that a 503 spends
        // nothing. Only an unexpired token issued for this key reaches the module.
        const pending = await repos.transactions.findByKeyToken(hash);
        if (pending?.keyId === keyId && pending.expiresAt > now.toISOString()) {
          recoveryKey = await unsealKeyToken(sealed, keyId, pending.id, keyToken);
          if (recoveryKey?.length === 32) {
            const recorded = events.record(c, {
              event: 'key_token_exchanged',
              outcome: 'ok',
              keyId,
              transactionId: pending.id,
              values: { ...values, recoveryKey: toBase36(recoveryKey) },
            });
            try {
              await recorded;
            } catch (err) {
              recoveryKey.fill(0);
              throw err;
            }
          }
          if (recoveryKey) row = await repos.transactions.consumeKeyToken(accountId, keyId, hash, now);
          if (!recoveryKey) throw new Error('A stored key token hash matched a token that does not unseal.');
        }
      }
      if (!row) {
        recoveryKey?.fill(0);
        const refuse = async (
          reason: 'already_used' | 'expired' | 'invalid',
          message: string,
          transactionId?: string,
        ) => {
          await events.record(c, {
            event: 'key_token_exchanged',
            outcome: 'refused',
            reason,
            keyId,
            transactionId,
            values,
          });
          return Object.assign(badRequest('keyToken', 'query', reason, message), { recorded: true });
        };
        if (await repos.transactions.isSpent(hash))
          throw await refuse('already_used', 'The key token was already used.');
        const pending = await repos.transactions.findByKeyToken(hash);
        if (pending?.keyId === keyId && pending.expiresAt <= now.toISOString()) {
          throw await refuse('expired', 'The transaction of this key token expired.', pending.id);
        }
        throw await refuse('invalid', 'The key token is not valid for this key.');
      }
      if (!recoveryKey || recoveryKey.length !== 32)
        throw new Error('A stored key token hash matched a token that does not unseal.');
      const body = { recoveryKey: toBase36(recoveryKey) };
      recoveryKey.fill(0);
      if (!events.audited)
        await events.record(c, { event: 'key_token_exchanged', outcome: 'ok', keyId, transactionId: row.id });
      return c.json(body, 200);
    },
);
