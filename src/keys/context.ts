import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Authenticator, Principal } from '../shared/api-keys.js';
import type { Clock } from '../shared/clock.js';
import type { IdempotencyRepositories } from '../shared/idempotency/repository.js';
import { operationsOf } from '../shared/operation.js';
import type { RateLimiter } from '../shared/rate-limit.js';
import type { KeysConfig } from './config.js';
import type { KeysRepositories } from './repository.js';
import type { RelyingParty } from './oidc/relying-party.js';
import type { SealedModule } from './sealed/sealed-module.js';
import type { KeysEvents } from './audit.js';

export interface KeysLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What createKeysApp is built from: nothing module-level, so every test builds its own. */
export interface KeysAppDeps {
  /** The key service's data access, and the records of safe retries. */
  repos: KeysRepositories & IdempotencyRepositories;
  sealed: SealedModule;
  clock: Clock;
  config: KeysConfig;
  /** Resolves `X-Api-Key` (the authenticator shared with the order service). */
  authenticate: Authenticator;
  /** The per-API-key token bucket, shared with the order service; none means no limit. */
  rateLimit?: RateLimiter;
  logger?: KeysLogger;
  /** Where events go (metrics, the audit trail); none when neither is configured. */
  events?: KeysEvents;
}

/** What the key service's handlers are made from. */
export interface KeysOperationDeps {
  repos: KeysRepositories;
  sealed: SealedModule;
  clock: Clock;
  config: KeysConfig;
  rp: RelyingParty;
  logger: KeysLogger;
  /** Each step of a key's life, recorded before the operation answers (audit.ts). */
  events: KeysEvents;
  /** Absolute URLs of the prompt page and of the OIDC callback (`redirect_uri`). */
  urls: { prompt: string; callback: string };
}

export type KeysEnv = { Variables: { principal: Principal; requestId: string } };
export type KeysApp = OpenAPIHono<KeysEnv>;

/** Defines one operation of the key service (see operations.ts for the table of them all). */
export const keysOperation = operationsOf<KeysEnv, KeysOperationDeps>();

/** A transaction's lifetime, from creation. */
export const TRANSACTION_TTL_MS = 24 * 60 * 60 * 1000;
