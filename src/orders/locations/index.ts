import type { OrdersApp, OrdersDeps } from '../context.js';
import * as createLocation from './create-location.js';
import * as getLocation from './get-location.js';
import * as listLocations from './list-locations.js';

export function mountLocations(app: OrdersApp, deps: OrdersDeps) {
  for (const op of [createLocation, listLocations, getLocation]) op.register(app, deps);
}
