import * as routes from '../../../generated/keys/routes.js';
import type { KeysService, KeysServices } from '../context.js';
import { defineOperation } from '../../shared/operation.js';
import { createTransaction } from '../transactions.js';

export function createRecoverTransaction(service: KeysService, services: KeysServices) {
  defineOperation(service, routes.createRecoverTransaction, (c) =>
    createTransaction(c, services, 'recover', c.req.valid('param').keyId, c.req.valid('json')),
  );
}
