import { createHash, createPrivateKey } from 'node:crypto';
import type { SealedModule } from '../sealed/sealed-module.js';

/** The ID token signature of the development provider, and the only one its relying party accepts. */
export const DEV_ID_TOKEN_ALG = 'EdDSA';

/**
 * The root version the development provider's secrets come from: always 1, which every sealed root
 * holds and never drops (keys created under it must stay recoverable). So a root rotation does not
 * change them: instances that run during a rolling rotation, some on the old root file and some on
 * the new, still sign, verify and read each other's cookies and ID tokens, and no sign-in in flight
 * is lost. The development provider is not a production identity provider; its keys are as safe as
 * root version 1 itself.
 */
const ROOT_VERSION = 1;
const PURPOSE = 'dev-oidc';

/** The DER of an Ed25519 private key in PKCS#8 (RFC 8410) up to its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface DevProviderSecrets {
  /** The ID token signing key (Ed25519, private JWK) with its kid. */
  signingKey: { kty: 'OKP'; crv: 'Ed25519'; x: string; d: string; kid: string; alg: typeof DEV_ID_TOKEN_ALG; use: 'sig' };
  /** oidc-provider's cookie signing keys. */
  cookieKeys: string[];
  /** The secret of the provider's one client, the key service. */
  clientSecret: string;
}

/**
 * The development provider's secrets, derived from the sealed root (never random), so that every
 * instance on one root signs with the same key, publishes the same JWKS, reads the others' cookies
 * and knows the same client secret, also after a restart. The kid is the key's RFC 7638
 * thumbprint. Nothing here is logged.
 */
export function devProviderSecrets(sealed: SealedModule): DevProviderSecrets {
  const derive = (context: string) => sealed.derive({ version: ROOT_VERSION, purpose: PURPOSE, context });
  const seed = derive('signing-key');
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, seed]);
  const jwk = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  seed.fill(0);
  der.fill(0);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.d) throw new Error('The development provider could not build its signing key.');
  const kid = createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })).digest('base64url');
  const cookieKey = derive('cookie-keys');
  const clientSecret = derive('client-secret');
  try {
    return {
      signingKey: { kty: 'OKP', crv: 'Ed25519', x: jwk.x, d: jwk.d, kid, alg: DEV_ID_TOKEN_ALG, use: 'sig' },
      cookieKeys: [cookieKey.toString('base64url')],
      clientSecret: clientSecret.toString('base64url'),
    };
  } finally {
    cookieKey.fill(0);
    clientSecret.fill(0);
  }
}

/**
 * How the wrong-password throttle keeps a user name: a MAC under the root, so that the table holds
 * no name typed into the form (a password typed there by mistake included), and every instance
 * keys one name alike.
 */
export const loginNameKey = (sealed: SealedModule, name: string) => sealed.mac({ version: ROOT_VERSION, purpose: 'dev-oidc-login-name', parts: [name] }).toString('hex');
