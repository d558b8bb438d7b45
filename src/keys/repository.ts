import type { MaybePromise } from '../shared/maybe.js';
import type { keygenDevOidcRecords, keygenKeys, keygenTransactions } from './schema.js';

export type KeyRow = typeof keygenKeys.$inferSelect;
export type TransactionRow = typeof keygenTransactions.$inferSelect;
export type DevOidcRecordRow = typeof keygenDevOidcRecords.$inferSelect;

/** Spent-token hashes and finished transactions are kept this long, so that a reuse reads "already used". */
export const REMEMBER_MS = 7 * 24 * 60 * 60 * 1000;
export const later = (now: Date, ms: number) => new Date(now.getTime() + ms).toISOString();

/** Key records (repository.sqlite.ts, repository.pg.ts): who owns a key, its provider, the verifier of its client secret, its user binding. */
export interface KeyRepository {
  insert(row: typeof keygenKeys.$inferInsert): MaybePromise<void>;
  /** The key, when it belongs to the account: another account's key does not exist for a caller. */
  find(accountId: string, keyId: string): MaybePromise<KeyRow | undefined>;
  findById(keyId: string): MaybePromise<KeyRow | undefined>;
  /** Binds the user to a key that has none yet; false when another sign-in bound it first. */
  bindUser(keyId: string, binding: string, now: Date): MaybePromise<boolean>;
  /** How many key records each root (backend, version) made: what must stay recoverable. */
  rootsInUse(): MaybePromise<RootUse[]>;
}

export interface RootUse {
  backend: string;
  version: number;
  keys: number;
}
export const ROOTS_IN_USE =
  'SELECT hardware_backend AS backend, hardware_version AS version, count(*) AS keys FROM keygen_keys GROUP BY hardware_backend, hardware_version ORDER BY 1, 2';

/** Transactions and their one-time tokens (each consumed by one conditional statement), and the sweep. */
export interface TransactionRepository {
  /** Stores a new transaction and remembers its return URL on the key. */
  insert(row: typeof keygenTransactions.$inferInsert): MaybePromise<void>;
  findByPromptToken(hash: string): MaybePromise<TransactionRow | undefined>;
  findByKeyToken(hash: string): MaybePromise<TransactionRow | undefined>;
  /** Whether a token with this hash was used (and is still remembered). */
  isSpent(hash: string): MaybePromise<boolean>;
  consumePromptToken(hash: string, now: Date, stateHash: string, sealedOidc: string): MaybePromise<TransactionRow | undefined>;
  takeSignIn(stateHash: string): MaybePromise<TransactionRow | undefined>;
  /**
   * Gives a sign-in that could not finish (the sealed module could not answer) back to its prompt
   * link: the prompt token works again, the taken sign-in state stays gone. False when the
   * transaction completed or expired meanwhile.
   */
  reopenSignIn(id: string, now: Date): MaybePromise<boolean>;
  finish(id: string, now: Date, keyTokenHash: string | null): MaybePromise<void>;
  consumeKeyToken(keyId: string, hash: string, now: Date): MaybePromise<TransactionRow | undefined>;
  /**
   * One batch of the scheduled sweep (sweeper.ts): the sealed secrets of expired transactions, the
   * transactions and spent-token hashes a week later. How many rows it changed (fewer than `limit`: done).
   */
  purgeExpiredBatch(now: Date, limit: number): MaybePromise<number>;
}

/**
 * The embedded development provider's state, shared by every instance on the database: oidc-provider's
 * records (sessions, interactions, grants, codes, tokens; see oidc/dev-provider-adapter.ts, which
 * hashes their ids and seals their payloads) and the wrong-password counts of its login form.
 * Expiry is compared with `now`: a record or a window past it is never read, and the sweep deletes it.
 */
export interface DevProviderRepository {
  /** Stores a record, or replaces the one with its id (which is then no longer consumed). */
  upsert(row: Omit<DevOidcRecordRow, 'consumedAt'>): MaybePromise<void>;
  find(id: string, now: Date): MaybePromise<DevOidcRecordRow | undefined>;
  /** The live record of `model` with this uid (oidc-provider looks sessions up by it). */
  findByUid(model: string, uid: string, now: Date): MaybePromise<DevOidcRecordRow | undefined>;
  /** Marks a record consumed (an authorization code exchanged); a second call keeps the first time. */
  consume(id: string, now: Date): MaybePromise<void>;
  destroy(id: string): MaybePromise<void>;
  /** Deletes every record issued under the grant (its codes and tokens). */
  revokeByGrantId(grantId: string): MaybePromise<void>;
  /** Wrong passwords for the name in its current window; 0 when there are none or the window has passed. */
  loginFailures(nameHash: string, now: Date): MaybePromise<number>;
  /** One more wrong password: in the name's current window, else as the first of a new one ending at `windowEndsAt`. */
  addLoginFailure(nameHash: string, now: Date, windowEndsAt: Date): MaybePromise<void>;
  clearLoginFailures(nameHash: string): MaybePromise<void>;
  /** One batch of the scheduled sweep: at most `limit` expired records and as many passed windows. */
  purgeExpiredBatch(now: Date, limit: number): MaybePromise<number>;
}

export interface KeysRepositories {
  keys: KeyRepository;
  transactions: TransactionRepository;
  devProvider: DevProviderRepository;
}
