// Generated from openapi/orders.yaml by `npm run generate`. Do not edit by hand.

import type { OperationTable } from '../../src/shared/operation.js';
import type { OrdersOperationDeps, OrdersEnv } from '../../src/commerce/context.js';
import type * as routes from './routes.js';
import { listStores } from '../../src/commerce/stores/list-stores.js';
import { createStore } from '../../src/commerce/stores/create-store.js';
import { getStore } from '../../src/commerce/stores/get-store.js';
import { updateStore } from '../../src/commerce/stores/update-store.js';
import { listLocations } from '../../src/commerce/locations/list-locations.js';
import { createLocation } from '../../src/commerce/locations/create-location.js';
import { getLocation } from '../../src/commerce/locations/get-location.js';
import { listOrders } from '../../src/commerce/orders/list-orders.js';
import { createOrder } from '../../src/commerce/orders/create-order.js';
import { getOrder } from '../../src/commerce/orders/get-order.js';
import { updateOrder } from '../../src/commerce/orders/update-order.js';
import { createProduct } from '../../src/commerce/products/create-product.js';
import { getProduct } from '../../src/commerce/products/get-product.js';
import { updateProduct } from '../../src/commerce/products/update-product.js';
import { listFulfillments } from '../../src/commerce/fulfillments/list-fulfillments.js';
import { createFulfillment } from '../../src/commerce/fulfillments/create-fulfillment.js';
import { getFulfillment } from '../../src/commerce/fulfillments/get-fulfillment.js';
import { updateFulfillment } from '../../src/commerce/fulfillments/update-fulfillment.js';
import { updateFulfillmentStatus } from '../../src/commerce/fulfillments/update-fulfillment-status.js';
import { shipFulfillment } from '../../src/commerce/fulfillments/ship-fulfillment.js';

/** Every operation of openapi/orders.yaml with its handler, from the file named after its operationId. */
export const ordersOperations = {
  listStores,
  createStore,
  getStore,
  updateStore,
  listLocations,
  createLocation,
  getLocation,
  listOrders,
  createOrder,
  getOrder,
  updateOrder,
  createProduct,
  getProduct,
  updateProduct,
  listFulfillments,
  createFulfillment,
  getFulfillment,
  updateFulfillment,
  updateFulfillmentStatus,
  shipFulfillment,
} satisfies OperationTable<typeof routes, OrdersEnv, OrdersOperationDeps>;
