import { createRoute } from '@hono/zod-openapi';
import {
  zCreateRecoverTransactionBody,
  zCreateRecoverTransactionPath,
  zCreateRecoverTransactionResponse,
  zError,
} from '../../../generated/keys/zod.js';
import type { KeysService, KeysServices } from '../context.js';
import { defineOperation } from '../../shared/operation.js';
import { createTransaction } from '../transactions.js';
import { apiKeySecurity, errorResponses } from './shared.js';

export const createRecoverTransactionRoute = createRoute({
  method: 'post',
  path: '/keys/{keyId}/transactions/recover',
  operationId: 'createRecoverTransaction',
  tags: ['Transactions'],
  security: apiKeySecurity,
  request: {
    params: zCreateRecoverTransactionPath,
    body: { required: true, content: { 'application/json': { schema: zCreateRecoverTransactionBody } } },
  },
  responses: {
    200: { description: 'The transaction was created.', content: { 'application/json': { schema: zCreateRecoverTransactionResponse } } },
    ...errorResponses(zError, [400, 404, 429, 500]),
  },
});

export function createRecoverTransaction(service: KeysService, services: KeysServices) {
  defineOperation(service, createRecoverTransactionRoute, (c) =>
    createTransaction(c, services, 'recover', c.req.valid('param').keyId, c.req.valid('json')),
  );
}
