// The typed clients for integrators (`import { createOrdersClient } from 'contract-first-services/client'`):
// openapi-fetch clients whose paths, parameters, bodies and answers are the types that
// `npm run generate` writes from openapi/*.yaml (see index.d.ts). The tests use the same ones.
import createClient from 'openapi-fetch';

/** The order service's base path (the last segment is the API version). */
export const ORDERS_BASE_PATH = '/commerce/2024-07';
/** The key service's base path. */
export const KEYS_BASE_PATH = '/keygen';

function serviceClient(basePath, apiKeyHeader, { origin, apiKey, headers, ...options }) {
  if (typeof origin !== 'string' || origin === '') throw new TypeError('origin is required: the server, such as http://127.0.0.1:8080');
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('apiKey is required');
  return createClient({ ...options, baseUrl: `${origin.replace(/\/+$/, '')}${basePath}`, headers: { ...headers, [apiKeyHeader]: apiKey } });
}

export function createOrdersClient({ storeId, headers, ...options }) {
  return serviceClient(ORDERS_BASE_PATH, 'svc-api-key', { ...options, headers: storeId === undefined ? headers : { ...headers, 'svc-store-id': storeId } });
}

export function createKeysClient(options) {
  return serviceClient(KEYS_BASE_PATH, 'X-Api-Key', options);
}
