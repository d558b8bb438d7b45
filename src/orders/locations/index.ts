import type { OrdersApp, OrdersDeps } from '../env.js';
import { requireStore } from '../middleware.js';
import * as createLocation from './create-location.js';
import * as getLocation from './get-location.js';
import * as listLocations from './list-locations.js';

export function mountLocations(app: OrdersApp, deps: OrdersDeps) {
  // '/locations/*' matches '/locations' too: one registration, one store lookup per request.
  app.use('/locations/*', requireStore(deps));
  for (const op of [createLocation, listLocations, getLocation]) op.register(app, deps);
}
