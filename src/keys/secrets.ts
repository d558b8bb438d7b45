import { hash, randomBytes } from 'node:crypto';
import { andThen, type MaybePromise } from '../shared/maybe.js';
import type { RootRef, SealedModule } from './sealed/sealed-module.js';

export const newKeyId = () => `key_${randomBytes(16).toString('hex')}`;
export const newTransactionId = () => `txn_${randomBytes(16).toString('hex')}`;

/** The service keeps only verifiers or hashes of these. */
export const newClientSecret = () => `cs_${randomBytes(32).toString('base64url')}`;
export const newPromptToken = () => `tt_${randomBytes(32).toString('base64url')}`;

/** Unsalted SHA-256 is enough for lookups because the tokens carry 256 random bits. */
export const tokenHash = (token: string) => hash('sha256', token);

export const rootOfKey = (key: { hardwareBackend: string; hardwareVersion: number }): RootRef => ({
  backend: key.hardwareBackend as RootRef['backend'],
  version: key.hardwareVersion,
});

// Nothing a client sends reaches the sealed module unbounded: the contract bounds secrets and tokens.

export const clientSecretVerifier = (sealed: SealedModule, root: RootRef, keyId: string, clientSecret: string) =>
  sealed.mac({ root, purpose: 'client-secret-verifier', parts: [keyId, clientSecret] });

/** Bound to the issuer and `sub`, never the e-mail, which OpenID Connect does not promise to keep stable. */
export const userShare = (sealed: SealedModule, root: RootRef, issuer: string, sub: string) =>
  sealed.mac({ root, purpose: 'user-share', parts: [issuer, sub] });

export const userBinding = (sealed: SealedModule, root: RootRef, keyId: string, issuer: string, sub: string) =>
  sealed.mac({ root, purpose: 'user-binding', parts: [keyId, issuer, sub] });

export const deriveRecoveryKey = (
  sealed: SealedModule,
  root: RootRef,
  keyId: string,
  clientSecret: string,
  share: Uint8Array,
) =>
  sealed.derive({ root, purpose: 'recovery-key', context: keyId, inputs: [Buffer.from(clientSecret, 'utf8'), share] });

/** Padded to 50 characters because 36^50 > 2^256. */
export const toBase36 = (bytes: Uint8Array) =>
  BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
    .toString(36)
    .padStart(50, '0');

const keyTokenAad = (keyId: string, transactionId: string) => `key-token|${keyId}|${transactionId}`;

export const sealKeyToken = (
  sealed: SealedModule,
  keyId: string,
  transactionId: string,
  recoveryKey: Uint8Array,
): MaybePromise<string> =>
  andThen(sealed.seal(recoveryKey, keyTokenAad(keyId, transactionId)), (value) => `kt_${value}`);

export const unsealKeyToken = (
  sealed: SealedModule,
  keyId: string,
  transactionId: string,
  token: string,
): MaybePromise<Buffer | null> =>
  token.startsWith('kt_') ? sealed.unseal(token.slice(3), keyTokenAad(keyId, transactionId)) : null;

export const sealClientSecret = (sealed: SealedModule, transactionId: string, clientSecret: string) =>
  sealed.seal(Buffer.from(clientSecret, 'utf8'), `client-secret|${transactionId}`);

export const unsealClientSecret = (
  sealed: SealedModule,
  transactionId: string,
  value: string,
): MaybePromise<string | null> =>
  andThen(sealed.unseal(value, `client-secret|${transactionId}`), (plain) => plain?.toString('utf8') ?? null);

/** OpenID Connect bounds `sub` to 255 ASCII characters; longer identities never reach the sealed module. */
const IDENTITY_LIMITS = { issuer: 2048, sub: 255 } as const;
export const identityWithinLimits = (identity: { issuer: string; sub: string }) =>
  identity.issuer.length <= IDENTITY_LIMITS.issuer &&
  identity.sub.length > 0 &&
  identity.sub.length <= IDENTITY_LIMITS.sub;
