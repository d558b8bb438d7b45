import { createHash, createPrivateKey } from 'node:crypto';
import { andThen, type MaybePromise } from '../../shared/maybe.js';
import type { RootRef, SealedModule } from '../sealed/sealed-module.js';

/** The ID token signature of the development provider, and the only one its relying party accepts. */
export const DEV_ID_TOKEN_ALG = 'EdDSA';

/**
 * The root the development provider's secrets come from: version 1 of the module's current
 * backend, which every sealed root (and every token) holds and never drops (keys created under it
 * must stay recoverable). So a root rotation does not change them: instances that run during a
 * rolling rotation, some on the old root and some on the new, still sign, verify and read each
 * other's cookies and ID tokens, and no sign-in in flight is lost. A move from the file root to a
 * token changes them once (sign-ins in flight at that moment start again). The development provider
 * is not a production identity provider; its keys are as safe as that root version itself.
 */
const ROOT_VERSION = 1;
const devRoot = (sealed: SealedModule): RootRef => ({ backend: sealed.current.backend, version: ROOT_VERSION });

/** The longest user name the login form takes: longer ones are refused before they reach the sealed module. */
export const MAX_LOGIN_NAME = 256;
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
export function devProviderSecrets(sealed: SealedModule): MaybePromise<DevProviderSecrets> {
  const root = devRoot(sealed);
  const parts = ['signing-key', 'cookie-keys', 'client-secret'].map((context) => sealed.derive({ root, purpose: PURPOSE, context }));
  // At once from the file backend; from a token once its three operations have answered.
  return parts.some((p) => p instanceof Promise) ? Promise.all(parts).then(secretsFrom) : secretsFrom(parts as Buffer[]);
}

function secretsFrom([seed, cookieKey, clientSecret]: Buffer[]): DevProviderSecrets {
  if (!seed || !cookieKey || !clientSecret) throw new Error('The development provider needs three derived secrets.');
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, seed]);
  const jwk = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  seed.fill(0);
  der.fill(0);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.d) throw new Error('The development provider could not build its signing key.');
  const kid = createHash('sha256').update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })).digest('base64url');
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
export const loginNameKey = (sealed: SealedModule, name: string): MaybePromise<string> => {
  if (name.length > MAX_LOGIN_NAME) throw new RangeError('A login name longer than MAX_LOGIN_NAME reached the throttle.');
  return andThen(sealed.mac({ root: devRoot(sealed), purpose: 'dev-oidc-login-name', parts: [name] }), (mac) => mac.toString('hex'));
};
