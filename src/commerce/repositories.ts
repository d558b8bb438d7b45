import type pg from 'pg';
import type { Db } from '../shared/db/client.js';
import type { FulfillmentRepository } from './fulfillments/repository.js';
import { postgresFulfillments } from './fulfillments/repository.pg.js';
import { sqliteFulfillments } from './fulfillments/repository.sqlite.js';
import { postgresLocations } from './locations/repository.pg.js';
import { postgresOrders } from './orders/repository.pg.js';
import type { ProductRepository } from './products/repository.js';
import { postgresProducts } from './products/repository.pg.js';
import { sqliteProducts } from './products/repository.sqlite.js';
import { postgresStores } from './stores/repository.pg.js';
import type { LocationRepository } from './locations/repository.js';
import { sqliteLocations } from './locations/repository.sqlite.js';
import type { OrderRepository } from './orders/repository.js';
import { sqliteOrders } from './orders/repository.sqlite.js';
import type { StoreRepository } from './stores/repository.js';
import { sqliteStores } from './stores/repository.sqlite.js';

/** The order service's data access: handlers and rules see only these interfaces, never the engine. */
export interface OrdersRepositories {
  stores: StoreRepository;
  locations: LocationRepository;
  orders: OrderRepository;
  products: ProductRepository;
  fulfillments: FulfillmentRepository;
}

export function sqliteOrdersRepositories(db: Db): OrdersRepositories {
  return {
    stores: sqliteStores(db),
    locations: sqliteLocations(db),
    orders: sqliteOrders(db),
    products: sqliteProducts(db),
    fulfillments: sqliteFulfillments(db),
  };
}

export function postgresOrdersRepositories(pool: pg.Pool): OrdersRepositories {
  return {
    stores: postgresStores(pool),
    locations: postgresLocations(pool),
    orders: postgresOrders(pool),
    products: postgresProducts(pool),
    fulfillments: postgresFulfillments(pool),
  };
}
