import type * as routes from '../../generated/orders/routes.js';
import type { OperationTable } from '../shared/operation.js';
import type { OrdersEnv, OrdersOperationDeps } from './context.js';
import { createFulfillment } from './fulfillments/create-fulfillment.js';
import { getFulfillment } from './fulfillments/get-fulfillment.js';
import { listFulfillments } from './fulfillments/list-fulfillments.js';
import { shipFulfillment } from './fulfillments/ship-fulfillment.js';
import { updateFulfillment } from './fulfillments/update-fulfillment.js';
import { updateFulfillmentStatus } from './fulfillments/update-fulfillment-status.js';
import { createLocation } from './locations/create-location.js';
import { getLocation } from './locations/get-location.js';
import { listLocations } from './locations/list-locations.js';
import { createOrder } from './orders/create-order.js';
import { getOrder } from './orders/get-order.js';
import { listOrders } from './orders/list-orders.js';
import { updateOrder } from './orders/update-order.js';
import { createProduct } from './products/create-product.js';
import { getProduct } from './products/get-product.js';
import { updateProduct } from './products/update-product.js';
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
  createProduct,
  getProduct,
  updateProduct,
  createFulfillment,
  listFulfillments,
  getFulfillment,
  updateFulfillment,
  updateFulfillmentStatus,
  shipFulfillment,
} satisfies OperationTable<typeof routes, OrdersEnv, OrdersOperationDeps>;
