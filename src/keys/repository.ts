import type { MaybePromise } from '../shared/maybe.js';
import type { keygenDevOidcRecords, keygenKeys, keygenTransactions } from './schema.js';

export type KeyRow = typeof keygenKeys.$inferSelect;
export type TransactionRow = typeof keygenTransactions.$inferSelect;
export type DevOidcRecordRow = typeof keygenDevOidcRecords.$inferSelect;

/** Spent-token hashes and finished transactions are kept this long so that a reuse reads "already used". */
export const REMEMBER_MS = 7 * 24 * 60 * 60 * 1000;
export const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

export interface KeyRepository {
  insert(row: typeof keygenKeys.$inferInsert): MaybePromise<void>;
  /** Another account's key does not exist for a caller. */
  find(accountId: string, keyId: string): MaybePromise<KeyRow | undefined>;
  findById(keyId: string): MaybePromise<KeyRow | undefined>;
  /** False when another sign-in bound the key first. */
  bindUser(keyId: string, binding: string, now: Date): MaybePromise<boolean>;
  rootsInUse(): MaybePromise<RootUse[]>;
}

export interface RootUse {
  backend: string;
  version: number;
  keys: number;
}
export const ROOTS_IN_USE =
  'SELECT hardware_backend AS backend, hardware_version AS version, count(*) AS keys FROM keygen_keys' +
  ' GROUP BY hardware_backend, hardware_version ORDER BY 1, 2';

/** Each one-time token is consumed by one conditional statement. */
export interface TransactionRepository {
  /** Also remembers the return URL on the key. */
  insert(row: typeof keygenTransactions.$inferInsert): MaybePromise<void>;
  findByPromptToken(hash: string): MaybePromise<TransactionRow | undefined>;
  findByKeyToken(hash: string): MaybePromise<TransactionRow | undefined>;
  isSpent(hash: string): MaybePromise<boolean>;
  consumePromptToken(
    hash: string,
    now: Date,
    stateHash: string,
    sealedOidc: string,
  ): MaybePromise<TransactionRow | undefined>;
  takeSignIn(stateHash: string): MaybePromise<TransactionRow | undefined>;
  /** When the sealed module could not answer, the prompt token works again; the taken sign-in state stays gone. */
  reopenSignIn(id: string, now: Date): MaybePromise<boolean>;
  finish(id: string, now: Date, keyTokenHash: string | null): MaybePromise<void>;
  /**
   * Takes an unexpired transaction of this key token for `keyId` and its account (a transaction's account is its
   * key's), recording its key and prompt tokens as spent. Undefined when none is taken, whatever the reason.
   */
  consumeKeyToken(accountId: string, keyId: string, hash: string, now: Date): MaybePromise<TransactionRow | undefined>;
  /** Fewer rows than `limit` means the sweep is done; transactions and spent hashes go REMEMBER_MS later. */
  purgeExpiredBatch(now: Date, limit: number): MaybePromise<number>;
}

/** Expiry is compared with `now`, so a record past it is never read even before the sweep deletes it. */
export interface DevProviderRepository {
  /** Replacing a record clears its consumed mark. */
  upsert(row: Omit<DevOidcRecordRow, 'consumedAt'>): MaybePromise<void>;
  find(id: string, now: Date): MaybePromise<DevOidcRecordRow | undefined>;
  findByUid(model: string, uid: string, now: Date): MaybePromise<DevOidcRecordRow | undefined>;
  /** A second call keeps the first time. */
  consume(id: string, now: Date): MaybePromise<void>;
  destroy(id: string): MaybePromise<void>;
  revokeByGrantId(grantId: string): MaybePromise<void>;
  loginFailures(nameHash: string, now: Date): MaybePromise<number>;
  /** `windowEndsAt` applies only when this failure opens a new window. */
  addLoginFailure(nameHash: string, now: Date, windowEndsAt: Date): MaybePromise<void>;
  clearLoginFailures(nameHash: string): MaybePromise<void>;
  purgeExpiredBatch(now: Date, limit: number): MaybePromise<number>;
}

export interface KeysRepositories {
  keys: KeyRepository;
  transactions: TransactionRepository;
  devProvider: DevProviderRepository;
}
