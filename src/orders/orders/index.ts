import type { OrdersApp, OrdersDeps } from '../context.js';
import * as createOrder from './create-order.js';
import * as getOrder from './get-order.js';
import * as listOrders from './list-orders.js';
import * as updateOrder from './update-order.js';

export function mountOrders(app: OrdersApp, deps: OrdersDeps) {
  for (const op of [createOrder, listOrders, getOrder, updateOrder]) op.register(app, deps);
}
