import type { SignatureVerifier } from '../shared/request-signing.js';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Authenticator, Principal } from '../shared/api-keys.js';
import type { Clock } from '../shared/clock.js';
import type { IdempotencyRepositories } from '../shared/idempotency/repository.js';
import { operationsOf, type OperationOptions } from '../shared/operation.js';
import type { RateLimiter } from '../shared/rate-limit.js';
import type { OrdersRepositories } from './repositories.js';
import type { StoreRow } from './stores/repository.js';

export interface OrdersDeps {
  repos: OrdersRepositories & IdempotencyRepositories;
  clock: Clock;
  config: Config;
  logger: Logger;
  authenticate: Authenticator;
  rateLimit: RateLimiter;
  /** Checks the requests of keys that require signatures (with the sealed module); without it such a key is answered 503. */
  verifySignature?: SignatureVerifier;
}

export type OrdersEnv = {
  Variables: {
    principal: Principal;
    /** The store of `svc-store-id`, checked to be the caller's (requireStore). */
    store: Pick<StoreRow, 'id'>;
  };
};

/** What the order service's handlers are made from: its dependencies and its one store check. */
export interface OrdersOperationDeps extends OrdersDeps {
  /** The options of an operation inside the store that `svc-store-id` names (orders, locations). */
  inStore: OperationOptions<OrdersEnv>;
}

/** Defines one operation of the order service; generated/orders/operations.ts lists them all. */
export const ordersOperation = operationsOf<OrdersEnv, OrdersOperationDeps>();

/** For `ordersOperation`'s options: the operation runs inside the store that `svc-store-id` names. */
export const inStore = (deps: OrdersOperationDeps) => deps.inStore;
