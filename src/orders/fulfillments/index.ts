import type { OrdersApp, OrdersDeps } from '../context.js';
import * as createFulfillment from './create-fulfillment.js';
import * as getFulfillment from './get-fulfillment.js';
import * as listFulfillments from './list-fulfillments.js';
import * as shipFulfillment from './ship-fulfillment.js';
import * as updateFulfillment from './update-fulfillment.js';
import * as updateFulfillmentStatus from './update-fulfillment-status.js';

export function mountFulfillments(app: OrdersApp, deps: OrdersDeps) {
  for (const op of [createFulfillment, listFulfillments, getFulfillment, updateFulfillment, updateFulfillmentStatus, shipFulfillment]) op.register(app, deps);
}
