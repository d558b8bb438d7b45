import * as routes from '../../../generated/keys/routes.js';
import type { KeysService, KeysServices } from '../context.js';
import { defineOperation } from '../../shared/operation.js';
import { badRequest, keyNotFound } from '../errors.js';
import { tokenHash, toBase36, unsealKeyToken } from '../secrets.js';

export function exchangeKeyToken(service: KeysService, { repos, sealed, clock }: KeysServices) {
  defineOperation(service, routes.exchangeKeyToken, async (c) => {
    const { keyId } = c.req.valid('param');
    const { keyToken } = c.req.valid('query');
    const key = await repos.keys.find(c.get('principal').accountId, keyId);
    if (!key) throw keyNotFound();
    const now = clock.now();
    const hash = tokenHash(keyToken);
    // The token is unsealed before it is taken: when the sealed module cannot answer (503), the
    // token is not spent and the same exchange works once it is back. Only a token issued for this
    // key, whose transaction has not expired, reaches the module.
    const pending = await repos.transactions.findByKeyToken(hash);
    const live = pending?.keyId === key.id && pending.expiresAt > now.toISOString() ? pending : undefined;
    const recoveryKey = live ? await unsealKeyToken(sealed, key.id, live.id, keyToken) : null;
    if (live && (!recoveryKey || recoveryKey.length !== 32)) throw new Error('A stored key token hash matched a token that does not unseal.');
    const row = live ? await repos.transactions.consumeKeyToken(key.id, hash, now) : undefined;
    if (!row || row.id !== live?.id) {
      recoveryKey?.fill(0);
      if (await repos.transactions.isSpent(hash)) throw badRequest('keyToken', 'query', 'already_used', 'The key token was already used.');
      if (pending?.keyId === key.id && pending.expiresAt <= now.toISOString()) {
        throw badRequest('keyToken', 'query', 'expired', 'The transaction of this key token expired.');
      }
      throw badRequest('keyToken', 'query', 'invalid', 'The key token is not valid for this key.');
    }
    const body = { recoveryKey: toBase36(recoveryKey!) };
    recoveryKey!.fill(0);
    return c.json(body, 200);
  });
}
