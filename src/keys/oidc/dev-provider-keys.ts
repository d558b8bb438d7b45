import { createHash, createPrivateKey } from 'node:crypto';
import { andThen, type MaybePromise } from '../../shared/maybe.js';
import type { RootRef, SealedModule } from '../sealed/sealed-module.js';

export const DEV_ID_TOKEN_ALG = 'EdDSA';

// Version 1 is never dropped, so a root rotation leaves the provider's secrets (and sign-ins in flight) unchanged.
const ROOT_VERSION = 1;
const devRoot = (sealed: SealedModule): RootRef => ({ backend: sealed.current.backend, version: ROOT_VERSION });

/** Longer user names are refused before they reach the sealed module. */
export const MAX_LOGIN_NAME = 256;
const PURPOSE = 'dev-oidc';

/** The PKCS#8 DER of an Ed25519 private key (RFC 8410) up to its 32-byte seed. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface DevProviderSecrets {
  signingKey: {
    kty: 'OKP';
    crv: 'Ed25519';
    x: string;
    d: string;
    kid: string;
    alg: typeof DEV_ID_TOKEN_ALG;
    use: 'sig';
  };
  cookieKeys: string[];
  clientSecret: string;
}

/** Derived from the sealed root, never random, so every instance (and a restart) has the same keys and JWKS. */
export function devProviderSecrets(sealed: SealedModule): MaybePromise<DevProviderSecrets> {
  const root = devRoot(sealed);
  const parts = ['signing-key', 'cookie-keys', 'client-secret'].map((context) =>
    sealed.derive({ root, purpose: PURPOSE, context }),
  );
  return parts.some((p) => p instanceof Promise)
    ? Promise.all(parts).then(secretsFrom)
    : secretsFrom(parts as Buffer[]);
}

function secretsFrom([seed, cookieKey, clientSecret]: Buffer[]): DevProviderSecrets {
  if (!seed || !cookieKey || !clientSecret) throw new Error('The development provider needs three derived secrets.');
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, seed]);
  const jwk = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  seed.fill(0);
  der.fill(0);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.d)
    throw new Error('The development provider could not build its signing key.');
  // RFC 7638 thumbprint.
  const kid = createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x }))
    .digest('base64url');
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

/** A MAC, so the throttle table holds nothing typed into the form (a mistyped password included). */
export const loginNameKey = (sealed: SealedModule, name: string): MaybePromise<string> => {
  if (name.length > MAX_LOGIN_NAME)
    throw new RangeError('A login name longer than MAX_LOGIN_NAME reached the throttle.');
  return andThen(sealed.mac({ root: devRoot(sealed), purpose: 'dev-oidc-login-name', parts: [name] }), (mac) =>
    mac.toString('hex'),
  );
};
