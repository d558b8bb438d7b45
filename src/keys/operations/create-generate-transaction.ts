import * as routes from '../../../generated/keys/routes.js';
import type { KeysService, KeysServices } from '../context.js';
import { defineOperation } from '../../shared/operation.js';
import { createTransaction } from '../transactions.js';

export function createGenerateTransaction(service: KeysService, services: KeysServices) {
  defineOperation(service, routes.createGenerateTransaction, (c) =>
    createTransaction(c, services, 'generate', c.req.valid('param').keyId, c.req.valid('json')),
  );
}
