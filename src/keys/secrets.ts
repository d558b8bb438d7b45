import { createHash, randomBytes } from 'node:crypto';
import { andThen, type MaybePromise } from '../shared/maybe.js';
import type { RootRef, SealedModule } from './sealed/sealed-module.js';

/** Identifiers: a prefix and 128 random bits in hex, as the contract's patterns say. */
export const newKeyId = () => `key_${randomBytes(16).toString('hex')}`;
export const newTransactionId = () => `txn_${randomBytes(16).toString('hex')}`;

/** 256 random bits each; the service keeps only verifiers or hashes of them. */
export const newClientSecret = () => `cs_${randomBytes(32).toString('base64url')}`;
export const newPromptToken = () => `tt_${randomBytes(32).toString('base64url')}`;

/** Lookup hash of a high-entropy token (prompt token, key token, OIDC state). */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The root a key record was made under. */
export const rootOfKey = (key: { hardwareBackend: string; hardwareVersion: number }): RootRef => ({
  backend: key.hardwareBackend as RootRef['backend'],
  version: key.hardwareVersion,
});

// Each of these is one operation of the sealed module: a value at once (file backend) or a promise
// (a token). Nothing a client sends reaches the module unbounded: the client secret and key token
// are bounded by the contract (128 and 512 characters), the identity by identityWithinLimits below.

export const clientSecretVerifier = (sealed: SealedModule, root: RootRef, keyId: string, clientSecret: string) =>
  sealed.mac({ root, purpose: 'client-secret-verifier', parts: [keyId, clientSecret] });

/** The user's share: bound to the provider's issuer and the user's `sub`, never the e-mail. */
export const userShare = (sealed: SealedModule, root: RootRef, issuer: string, sub: string) =>
  sealed.mac({ root, purpose: 'user-share', parts: [issuer, sub] });

/** What the key remembers of its user: enough to recognize them, useless without the root. */
export const userBinding = (sealed: SealedModule, root: RootRef, keyId: string, issuer: string, sub: string) =>
  sealed.mac({ root, purpose: 'user-binding', parts: [keyId, issuer, sub] });

/** HKDF-SHA256 over the hardware share (keyId as context), the client secret and the user's share. */
export const deriveRecoveryKey = (sealed: SealedModule, root: RootRef, keyId: string, clientSecret: string, share: Uint8Array) =>
  sealed.derive({ root, purpose: 'recovery-key', context: keyId, inputs: [Buffer.from(clientSecret, 'utf8'), share] });

/** 256 bits as base-36, left-padded to 50 characters (36^50 > 2^256). */
export const toBase36 = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`).toString(36).padStart(50, '0');

const keyTokenAad = (keyId: string, transactionId: string) => `key-token|${keyId}|${transactionId}`;

/** The key token: the recovery key sealed for this key and transaction. */
export const sealKeyToken = (sealed: SealedModule, keyId: string, transactionId: string, recoveryKey: Uint8Array): MaybePromise<string> =>
  andThen(sealed.seal(recoveryKey, keyTokenAad(keyId, transactionId)), (value) => `kt_${value}`);

export const unsealKeyToken = (sealed: SealedModule, keyId: string, transactionId: string, token: string): MaybePromise<Buffer | null> =>
  token.startsWith('kt_') ? sealed.unseal(token.slice(3), keyTokenAad(keyId, transactionId)) : null;

export const sealClientSecret = (sealed: SealedModule, transactionId: string, clientSecret: string) =>
  sealed.seal(Buffer.from(clientSecret, 'utf8'), `client-secret|${transactionId}`);

export const unsealClientSecret = (sealed: SealedModule, transactionId: string, value: string): MaybePromise<string | null> =>
  andThen(sealed.unseal(value, `client-secret|${transactionId}`), (plain) => plain?.toString('utf8') ?? null);

/**
 * The identity a provider's ID token names, as the user's share takes it: OpenID Connect bounds
 * `sub` to 255 ASCII characters, and an issuer is a URL; anything longer is refused before it
 * reaches the sealed module.
 */
export const IDENTITY_LIMITS = { issuer: 2048, sub: 255 } as const;
export const identityWithinLimits = (identity: { issuer: string; sub: string }) =>
  identity.issuer.length <= IDENTITY_LIMITS.issuer && identity.sub.length > 0 && identity.sub.length <= IDENTITY_LIMITS.sub;
