import * as routes from '../../../generated/keys/routes.js';
import type { KeysService, KeysServices } from '../context.js';
import { defineOperation } from '../../shared/operation.js';
import { badRequest } from '../errors.js';
import { clientSecretVerifier, newClientSecret, newKeyId } from '../secrets.js';

export function initKey(service: KeysService, { repos, sealed, clock, rp }: KeysServices) {
  defineOperation(service, routes.initKey, async (c) => {
    const { userSecretProvider } = c.req.valid('json');
    if (!rp.isConfigured(userSecretProvider)) {
      throw badRequest('userSecretProvider', 'body', 'invalid', `The provider ${userSecretProvider} is not configured on this server.`);
    }
    const id = newKeyId();
    const clientSecret = newClientSecret();
    // The module's operation first: when the hardware cannot answer, nothing is stored.
    const root = sealed.current;
    const verifier = await clientSecretVerifier(sealed, root, id, clientSecret);
    await repos.keys.insert({
      id,
      accountId: c.get('principal').accountId,
      provider: userSecretProvider,
      hardwareBackend: root.backend,
      hardwareVersion: root.version,
      clientSecretVerifier: verifier.toString('hex'),
      createdAt: clock.now().toISOString(),
    });
    return c.json({ id, clientSecret }, 200);
  });
}
