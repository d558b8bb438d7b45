import type { OrdersApp, OrdersDeps } from '../context.js';
import * as createStore from './create-store.js';
import * as getStore from './get-store.js';
import * as listStores from './list-stores.js';
import * as updateStore from './update-store.js';

export function mountStores(app: OrdersApp, deps: OrdersDeps) {
  for (const op of [createStore, listStores, getStore, updateStore]) op.register(app, deps);
}
