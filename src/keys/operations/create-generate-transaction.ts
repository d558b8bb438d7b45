import { createRoute } from '@hono/zod-openapi';
import {
  zCreateGenerateTransactionBody,
  zCreateGenerateTransactionPath,
  zCreateGenerateTransactionResponse,
  zError,
} from '../../../generated/keys/zod.js';
import type { KeysService, KeysServices } from '../context.js';
import { defineOperation } from '../../shared/operation.js';
import { createTransaction } from '../transactions.js';
import { apiKeySecurity, errorResponses } from './shared.js';

export const createGenerateTransactionRoute = createRoute({
  method: 'post',
  path: '/keys/{keyId}/transactions/generate',
  operationId: 'createGenerateTransaction',
  tags: ['Transactions'],
  security: apiKeySecurity,
  request: {
    params: zCreateGenerateTransactionPath,
    body: { required: true, content: { 'application/json': { schema: zCreateGenerateTransactionBody } } },
  },
  responses: {
    200: { description: 'The transaction was created.', content: { 'application/json': { schema: zCreateGenerateTransactionResponse } } },
    ...errorResponses(zError, [400, 404, 429, 500]),
  },
});

export function createGenerateTransaction(service: KeysService, services: KeysServices) {
  defineOperation(service, createGenerateTransactionRoute, (c) =>
    createTransaction(c, services, 'generate', c.req.valid('param').keyId, c.req.valid('json')),
  );
}
