import type { Client, ClientOptions } from 'openapi-fetch';
import type { components as KeysComponents, operations as KeysOperations, paths as KeysPaths } from '../generated/keys/types.js';
import type { components as OrdersComponents, operations as OrdersOperations, paths as OrdersPaths } from '../generated/orders/types.js';

export type { KeysComponents, KeysOperations, KeysPaths, OrdersComponents, OrdersOperations, OrdersPaths };

export declare const ORDERS_BASE_PATH: '/commerce/2024-07';
export declare const KEYS_BASE_PATH: '/keygen';

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
}

export type OrdersClient = Client<OrdersPaths>;
export type KeysClient = Client<KeysPaths>;

/** A client of the order service, typed by openapi/orders.yaml. */
export declare function createOrdersClient(options: OrdersClientOptions): OrdersClient;
/** A client of the key-generation service, typed by openapi/keys.yaml. */
export declare function createKeysClient(options: ServiceClientOptions): KeysClient;
