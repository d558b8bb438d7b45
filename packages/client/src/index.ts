// The typed clients for integrators (`import { createOrdersClient } from '@contract-first/client'`):
// openapi-fetch clients whose paths, parameters, bodies and answers are the types that `npm run generate`
// writes from openapi/*.yaml. The repository's tests use the same ones.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components as KeysComponents, operations as KeysOperations, paths as KeysPaths } from './types/keys.js';
import type {
  components as OrdersComponents,
  operations as OrdersOperations,
  paths as OrdersPaths,
} from './types/orders.js';

export type { KeysComponents, KeysOperations, KeysPaths, OrdersComponents, OrdersOperations, OrdersPaths };

/** The order service's base path (the last segment is the API version). */
export const ORDERS_BASE_PATH = '/commerce/2024-07';
/** The key service's base path. */
export const KEYS_BASE_PATH = '/keygen';

export interface ServiceClientOptions extends Omit<ClientOptions, 'baseUrl' | 'headers'> {
  /** The server's origin, such as `http://127.0.0.1:8080`; the service's base path is added. */
  origin: string;
  /** The operator-issued API key, sent on every request (`svc-api-key` or `X-Api-Key`). */
  apiKey: string;
  /** Headers sent on every request besides the API key. */
  headers?: Record<string, string>;
}

export interface OrdersClientOptions extends ServiceClientOptions {
  /** A store id to send as `svc-store-id` on every request (a request's own header overrides it). */
  storeId?: string;
  /**
   * The key's signing secret (`svcsig_…`, from `cli api-key signing-secret`), for a key that
   * requires signed requests: every request then gets `date` and `svc-signature-hmac-sha256`
   * ("Signed requests" in the service's description). Node.js only (it uses node:crypto).
   */
  signingSecret?: string;
}

export type OrdersClient = Client<OrdersPaths>;
export type KeysClient = Client<KeysPaths>;

function serviceClient<Paths extends object>(
  basePath: string,
  apiKeyHeader: string,
  options: ServiceClientOptions,
): Client<Paths> {
  const { origin, apiKey, headers, ...rest } = options;
  // Checked at run time too: a JavaScript caller, or an unset environment variable behind a `!`, gets a sentence.
  if (typeof origin !== 'string' || origin === '')
    throw new TypeError('origin is required: the server, such as http://127.0.0.1:8080');
  if (typeof apiKey !== 'string' || apiKey === '') throw new TypeError('apiKey is required');
  return createClient<Paths>({
    ...rest,
    baseUrl: `${origin.replace(/\/+$/, '')}${basePath}`,
    headers: { ...headers, [apiKeyHeader]: apiKey },
  });
}

/** A client of the order service, typed by openapi/orders.yaml. */
export function createOrdersClient(options: OrdersClientOptions): OrdersClient {
  const { storeId, headers, signingSecret, ...rest } = options;
  const client = serviceClient<OrdersPaths>(ORDERS_BASE_PATH, 'svc-api-key', {
    ...rest,
    headers: storeId === undefined ? headers : { ...headers, 'svc-store-id': storeId },
  });
  if (signingSecret !== undefined) client.use({ onRequest: ({ request }) => signed(request, signingSecret) });
  return client;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The request with `date` and its signature: base64 HMAC-SHA256 of the SignString under the secret. */
async function signed(request: Request, secret: string): Promise<Request> {
  const { createHash, createHmac } = await import('node:crypto');
  const body = new Uint8Array(await request.clone().arrayBuffer());
  const date = new Date().toUTCString();
  const svcHeaders: string[] = [];
  request.headers.forEach((value, name) => {
    if (name.startsWith('svc-') && name !== 'svc-signature-hmac-sha256') svcHeaders.push(`${name}:${value.trim()}`);
  });
  const url = new URL(request.url);
  const pairs = url.search
    .slice(1)
    .split('&')
    .filter((p) => p !== '')
    .sort((a, b) => byName(a.split('=', 1)[0]!, b.split('=', 1)[0]!));
  const signString = [
    request.method,
    body.byteLength > 0 ? createHash('md5').update(body).digest('hex').toUpperCase() : '',
    body.byteLength > 0 ? (request.headers.get('content-type') ?? '') : '',
    date,
    svcHeaders.sort((a, b) => byName(a.split(':', 1)[0]!, b.split(':', 1)[0]!)).join('\n'),
    pairs.length > 0 ? `${url.pathname}?${pairs.join('&')}` : url.pathname,
  ].join('\n');
  request.headers.set('date', date);
  request.headers.set('svc-signature-hmac-sha256', createHmac('sha256', secret).update(signString).digest('base64'));
  return request;
}

/** A client of the key-generation service, typed by openapi/keys.yaml. */
export function createKeysClient(options: ServiceClientOptions): KeysClient {
  return serviceClient<KeysPaths>(KEYS_BASE_PATH, 'X-Api-Key', options);
}
