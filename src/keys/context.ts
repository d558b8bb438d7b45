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

/** Nothing module-level, so every test builds its own app. */
export interface KeysAppDeps {
  repos: KeysRepositories & IdempotencyRepositories;
  sealed: SealedModule;
  clock: Clock;
  config: KeysConfig;
  authenticate: Authenticator;
  /** None means no limit. */
  rateLimit?: RateLimiter;
  logger?: KeysLogger;
  events?: KeysEvents;
}

export interface KeysOperationDeps {
  repos: KeysRepositories;
  sealed: SealedModule;
  clock: Clock;
  config: KeysConfig;
  rp: RelyingParty;
  logger: KeysLogger;
  events: KeysEvents;
  /** Absolute, because `callback` is the OIDC `redirect_uri`. */
  urls: { prompt: string; callback: string };
}

export type KeysEnv = { Variables: { principal: Principal } };
export type KeysApp = OpenAPIHono<KeysEnv>;

export const keysOperation = operationsOf<KeysEnv, KeysOperationDeps>();

export const TRANSACTION_TTL_MS = 24 * 60 * 60 * 1000;
