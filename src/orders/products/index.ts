import type { OrdersApp, OrdersDeps } from '../context.js';
import * as createProduct from './create-product.js';
import * as getProduct from './get-product.js';
import * as updateProduct from './update-product.js';

export function mountProducts(app: OrdersApp, deps: OrdersDeps) {
  for (const op of [createProduct, getProduct, updateProduct]) op.register(app, deps);
}
