import { createHash, randomBytes } from 'node:crypto';
import type { SealedModule } from './sealed/sealed-module.js';

/** Identifiers: a prefix and 128 random bits in hex, as the contract's patterns say. */
export const newKeyId = () => `key_${randomBytes(16).toString('hex')}`;
export const newTransactionId = () => `txn_${randomBytes(16).toString('hex')}`;

/** 256 random bits each; the service keeps only verifiers or hashes of them. */
export const newClientSecret = () => `cs_${randomBytes(32).toString('base64url')}`;
export const newPromptToken = () => `tt_${randomBytes(32).toString('base64url')}`;

/** Lookup hash of a high-entropy token (prompt token, key token, OIDC state). */
export const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export const clientSecretVerifier = (sealed: SealedModule, version: number, keyId: string, clientSecret: string) =>
  sealed.mac({ version, purpose: 'client-secret-verifier', parts: [keyId, clientSecret] });

/** The user's share: bound to the provider's issuer and the user's `sub`, never the e-mail. */
export const userShare = (sealed: SealedModule, version: number, issuer: string, sub: string) =>
  sealed.mac({ version, purpose: 'user-share', parts: [issuer, sub] });

/** What the key remembers of its user: enough to recognize them, useless without the root. */
export const userBinding = (sealed: SealedModule, version: number, keyId: string, issuer: string, sub: string) =>
  sealed.mac({ version, purpose: 'user-binding', parts: [keyId, issuer, sub] });

/** HKDF-SHA256 over the hardware share (keyId as context), the client secret and the user's share. */
export const deriveRecoveryKey = (sealed: SealedModule, version: number, keyId: string, clientSecret: string, share: Uint8Array) =>
  sealed.derive({ version, purpose: 'recovery-key', context: keyId, inputs: [Buffer.from(clientSecret, 'utf8'), share] });

/** 256 bits as base-36, left-padded to 50 characters (36^50 > 2^256). */
export const toBase36 = (bytes: Uint8Array) => BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`).toString(36).padStart(50, '0');

const keyTokenAad = (keyId: string, transactionId: string) => `key-token|${keyId}|${transactionId}`;

/** The key token: the recovery key sealed for this key and transaction. */
export const sealKeyToken = (sealed: SealedModule, keyId: string, transactionId: string, recoveryKey: Uint8Array) =>
  `kt_${sealed.seal(recoveryKey, keyTokenAad(keyId, transactionId))}`;

export const unsealKeyToken = (sealed: SealedModule, keyId: string, transactionId: string, token: string) =>
  token.startsWith('kt_') ? sealed.unseal(token.slice(3), keyTokenAad(keyId, transactionId)) : null;

export const sealClientSecret = (sealed: SealedModule, transactionId: string, clientSecret: string) =>
  sealed.seal(Buffer.from(clientSecret, 'utf8'), `client-secret|${transactionId}`);

export const unsealClientSecret = (sealed: SealedModule, transactionId: string, value: string) =>
  sealed.unseal(value, `client-secret|${transactionId}`)?.toString('utf8') ?? null;
