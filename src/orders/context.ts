import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Authenticator, Principal } from '../shared/api-keys.js';
import type { Clock } from '../shared/clock.js';
import type { OperationOptions, Service } from '../shared/operation.js';
import type { IdempotencyRepositories } from '../shared/idempotency/repository.js';
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
}

export type OrdersEnv = {
  Variables: {
    requestId: string;
    principal: Principal;
    /** The store of `svc-store-id`, checked to be the caller's (requireStore). */
    store: Pick<StoreRow, 'id'>;
  };
};

/** Where the order service's operations are defined (see createOrdersApp). */
export interface OrdersApp {
  service: Service<OrdersEnv>;
  /** For the operations inside the store that `svc-store-id` names (orders, locations): its check. */
  inStore: OperationOptions<OrdersEnv>;
}
