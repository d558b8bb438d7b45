import * as routes from '../../../generated/keys/routes.js';
import { keysOperation } from '../context.js';
import { badRequest } from '../errors.js';
import { clientSecretVerifier, newClientSecret, newKeyId } from '../secrets.js';

export const initKey = keysOperation(routes.initKey, ({ repos, sealed, clock, rp, events }) => async (c) => {
  const { userSecretProvider } = c.req.valid('json');
  if (!rp.isConfigured(userSecretProvider)) {
    throw badRequest(
      'userSecretProvider',
      'body',
      'invalid',
      `The provider ${userSecretProvider} is not configured on this server.`,
    );
  }
  const id = newKeyId();
  const clientSecret = newClientSecret();
  // The module's operation first: when the hardware cannot answer, nothing is stored.
  const root = sealed.current;
  const verifier = await clientSecretVerifier(sealed, root, id, clientSecret);
  // Recorded before the key is stored: a trail that cannot be written stores nothing.
  await events.record(c, { event: 'key_created', outcome: 'ok', keyId: id, values: { clientSecret } });
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
