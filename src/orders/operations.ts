import type * as routes from '../../generated/orders/routes.js';
import type { OperationTable } from '../shared/operation.js';
import type { OrdersEnv, OrdersOperationDeps } from './context.js';
import { createLocation } from './locations/create-location.js';
import { getLocation } from './locations/get-location.js';
import { listLocations } from './locations/list-locations.js';
import { createOrder } from './orders/create-order.js';
import { getOrder } from './orders/get-order.js';
import { listOrders } from './orders/list-orders.js';
import { updateOrder } from './orders/update-order.js';
import { createStore } from './stores/create-store.js';
import { getStore } from './stores/get-store.js';
import { listStores } from './stores/list-stores.js';
import { updateStore } from './stores/update-store.js';

/** Every operation of openapi/orders.yaml with its handler; the type check refuses a missing or extra one. */
export const ordersOperations = {
  createStore,
  listStores,
  getStore,
  updateStore,
  createLocation,
  listLocations,
  getLocation,
  createOrder,
  listOrders,
  getOrder,

  updateOrder,
} satisfies OperationTable<typeof routes, OrdersEnv, OrdersOperationDeps>;
