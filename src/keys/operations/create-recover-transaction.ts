import * as routes from '../../../generated/keys/routes.js';
import { keysOperation } from '../context.js';
import { createTransaction } from '../transactions.js';

export const createRecoverTransaction = keysOperation(
  routes.createRecoverTransaction,
  (deps) => (c) => createTransaction(c, deps, 'recover', c.req.valid('param').keyId, c.req.valid('json')),
);
