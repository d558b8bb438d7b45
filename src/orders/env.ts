import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Authenticator } from '../shared/api-keys.js';
import type { Principal } from '../shared/api-keys.js';
import type { Clock } from '../shared/clock.js';
import type { Db } from '../shared/db/client.js';
import type { Operations } from '../shared/operation.js';
import type { RateLimiter } from '../shared/rate-limit.js';
import type { StoreRow } from './stores/repository.js';

export interface OrdersDeps {
  db: Db;
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

/** Where the order service's operations are registered (see createOrdersApp). */
export type OrdersApp = Operations<OrdersEnv>;
