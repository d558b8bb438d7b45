// Generated from openapi/orders.yaml by `npm run generate`. Do not edit by hand.

import { createRoute } from '@hono/zod-openapi';

import {
  zCreateLocationBody,
  zCreateLocationHeaders,
  zCreateLocationResponse,
  zCreateOrderBody,
  zCreateOrderHeaders,
  zCreateOrderResponse,
  zCreateStoreBody,
  zCreateStoreResponse,
  zError400,
  zError401,
  zError404,
  zError409,
  zError412,
  zError413,
  zError415,
  zError422,
  zError429,
  zError500,
  zError503,
  zGetLocationHeaders,
  zGetLocationPath,
  zGetLocationResponse,
  zGetOrderHeaders,
  zGetOrderPath,
  zGetOrderResponse,
  zGetStorePath,
  zGetStoreResponse,
  zListLocationsHeaders,
  zListLocationsQuery,
  zListLocationsResponse,
  zListOrdersHeaders,
  zListOrdersQuery,
  zListOrdersResponse,
  zListStoresQuery,
  zListStoresResponse,
  zUpdateOrderBody,
  zUpdateOrderHeaders,
  zUpdateOrderPath,
  zUpdateOrderResponse,
  zUpdateStoreBody,
  zUpdateStorePath,
  zUpdateStoreResponse,
} from './zod.js';

export const createLocation = createRoute({
  operationId: 'createLocation',
  method: 'post',
  path: '/locations',
  tags: ['Locations'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zCreateLocationHeaders,
    body: { required: true, content: { 'application/json': { schema: zCreateLocationBody } } },
  },
  responses: {
    201: { description: 'The location was created.', content: { 'application/json': { schema: zCreateLocationResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the account).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const createOrder = createRoute({
  operationId: 'createOrder',
  method: 'post',
  path: '/orders',
  tags: ['Orders'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zCreateOrderHeaders,
    body: { required: true, content: { 'application/json': { schema: zCreateOrderBody } } },
  },
  responses: {
    201: { description: 'The order was created.', content: { 'application/json': { schema: zCreateOrderResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the account).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const createStore = createRoute({
  operationId: 'createStore',
  method: 'post',
  path: '/stores',
  tags: ['Stores'],
  security: [{ ApiKey: [] }],
  request: {
    body: { required: true, content: { 'application/json': { schema: zCreateStoreBody } } },
  },
  responses: {
    201: { description: 'The store was created.', content: { 'application/json': { schema: zCreateStoreResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the account).', content: { 'application/json': { schema: zError409 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const getLocation = createRoute({
  operationId: 'getLocation',
  method: 'get',
  path: '/locations/{id}',
  tags: ['Locations'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zGetLocationHeaders,
    params: zGetLocationPath,
  },
  responses: {
    200: { description: 'The location.', content: { 'application/json': { schema: zGetLocationResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const getOrder = createRoute({
  operationId: 'getOrder',
  method: 'get',
  path: '/orders/{id}',
  tags: ['Orders'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zGetOrderHeaders,
    params: zGetOrderPath,
  },
  responses: {
    200: { description: 'The order.', content: { 'application/json': { schema: zGetOrderResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const getStore = createRoute({
  operationId: 'getStore',
  method: 'get',
  path: '/stores/{id}',
  tags: ['Stores'],
  security: [{ ApiKey: [] }],
  request: {
    params: zGetStorePath,
  },
  responses: {
    200: { description: 'The store.', content: { 'application/json': { schema: zGetStoreResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const listLocations = createRoute({
  operationId: 'listLocations',
  method: 'get',
  path: '/locations',
  tags: ['Locations'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zListLocationsHeaders,
    query: zListLocationsQuery,
  },
  responses: {
    200: { description: 'A page of locations.', content: { 'application/json': { schema: zListLocationsResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const listOrders = createRoute({
  operationId: 'listOrders',
  method: 'get',
  path: '/orders',
  tags: ['Orders'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zListOrdersHeaders,
    query: zListOrdersQuery,
  },
  responses: {
    200: { description: 'A page of orders.', content: { 'application/json': { schema: zListOrdersResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const listStores = createRoute({
  operationId: 'listStores',
  method: 'get',
  path: '/stores',
  tags: ['Stores'],
  security: [{ ApiKey: [] }],
  request: {
    query: zListStoresQuery,
  },
  responses: {
    200: { description: 'A page of stores.', content: { 'application/json': { schema: zListStoresResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const updateOrder = createRoute({
  operationId: 'updateOrder',
  method: 'patch',
  path: '/orders/{id}',
  tags: ['Orders'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zUpdateOrderHeaders,
    params: zUpdateOrderPath,
    body: { required: true, content: { 'application/json': { schema: zUpdateOrderBody } } },
  },
  responses: {
    200: { description: 'The order.', content: { 'application/json': { schema: zUpdateOrderResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});

export const updateStore = createRoute({
  operationId: 'updateStore',
  method: 'patch',
  path: '/stores/{id}',
  tags: ['Stores'],
  security: [{ ApiKey: [] }],
  request: {
    params: zUpdateStorePath,
    body: { required: true, content: { 'application/json': { schema: zUpdateStoreBody } } },
  },
  responses: {
    200: { description: 'The store.', content: { 'application/json': { schema: zUpdateStoreResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the account).', content: { 'application/json': { schema: zError409 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
    503: { description: '`50300` ServiceUnavailable: the instance cannot serve the request right now: it is still\nstarting, or its database does not answer within the configured time limits. Send the\nrequest again after `retry-after` seconds (a write whose answer was lost may have been\ndone: look before creating again).', content: { 'application/json': { schema: zError503 } } },
  },
});
