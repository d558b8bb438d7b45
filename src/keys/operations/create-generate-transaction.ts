import * as routes from '../../../generated/keys/routes.js';
import { keysOperation } from '../context.js';
import { createTransaction } from '../transactions.js';

export const createGenerateTransaction = keysOperation(
  routes.createGenerateTransaction,
  (deps) => (c) => createTransaction(c, deps, 'generate', c.req.valid('param').keyId, c.req.valid('json')),
);
