// Generated from openapi/orders.yaml by `npm run generate`. Do not edit by hand.

import { createRoute } from '@hono/zod-openapi';

import {
  zCreateFulfillmentBody,
  zCreateFulfillmentHeaders,
  zCreateFulfillmentResponse,
  zCreateLocationBody,
  zCreateLocationHeaders,
  zCreateLocationResponse,
  zCreateOrderBody,
  zCreateOrderHeaders,
  zCreateOrderResponse,
  zCreateProductBody,
  zCreateProductHeaders,
  zCreateProductResponse,
  zCreateStoreBody,
  zCreateStoreHeaders,
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
  zGetFulfillmentHeaders,
  zGetFulfillmentPath,
  zGetFulfillmentResponse,
  zGetLocationHeaders,
  zGetLocationPath,
  zGetLocationResponse,
  zGetOrderHeaders,
  zGetOrderPath,
  zGetOrderResponse,
  zGetProductHeaders,
  zGetProductPath,
  zGetProductResponse,
  zGetStorePath,
  zGetStoreResponse,
  zListFulfillmentsHeaders,
  zListFulfillmentsQuery,
  zListFulfillmentsResponse,
  zListLocationsHeaders,
  zListLocationsQuery,
  zListLocationsResponse,
  zListOrdersHeaders,
  zListOrdersQuery,
  zListOrdersResponse,
  zListStoresQuery,
  zListStoresResponse,
  zShipFulfillmentBody,
  zShipFulfillmentHeaders,
  zShipFulfillmentPath,
  zShipFulfillmentResponse,
  zUpdateFulfillmentBody,
  zUpdateFulfillmentHeaders,
  zUpdateFulfillmentPath,
  zUpdateFulfillmentResponse,
  zUpdateFulfillmentStatusBody,
  zUpdateFulfillmentStatusHeaders,
  zUpdateFulfillmentStatusPath,
  zUpdateFulfillmentStatusResponse,
  zUpdateOrderBody,
  zUpdateOrderHeaders,
  zUpdateOrderPath,
  zUpdateOrderResponse,
  zUpdateProductBody,
  zUpdateProductHeaders,
  zUpdateProductPath,
  zUpdateProductResponse,
  zUpdateStoreBody,
  zUpdateStorePath,
  zUpdateStoreResponse,
} from './zod.js';

export const createFulfillment = createRoute({
  operationId: 'createFulfillment',
  method: 'post',
  path: '/fulfillments',
  tags: ['Fulfillments'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zCreateFulfillmentHeaders,
    body: { required: true, content: { 'application/json': { schema: zCreateFulfillmentBody } } },
  },
  responses: {
    201: { description: 'The fulfillment was created.', content: { 'application/json': { schema: zCreateFulfillmentResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

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
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const createProduct = createRoute({
  operationId: 'createProduct',
  method: 'post',
  path: '/products',
  tags: ['Products'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zCreateProductHeaders,
    body: { required: true, content: { 'application/json': { schema: zCreateProductBody } } },
  },
  responses: {
    201: { description: 'The product was created.', content: { 'application/json': { schema: zCreateProductResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const createStore = createRoute({
  operationId: 'createStore',
  method: 'post',
  path: '/stores',
  tags: ['Stores'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zCreateStoreHeaders,
    body: { required: true, content: { 'application/json': { schema: zCreateStoreBody } } },
  },
  responses: {
    201: { description: 'The store was created.', content: { 'application/json': { schema: zCreateStoreResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const getFulfillment = createRoute({
  operationId: 'getFulfillment',
  method: 'get',
  path: '/fulfillments/{id}',
  tags: ['Fulfillments'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zGetFulfillmentHeaders,
    params: zGetFulfillmentPath,
  },
  responses: {
    200: { description: 'The fulfillment.', content: { 'application/json': { schema: zGetFulfillmentResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const getProduct = createRoute({
  operationId: 'getProduct',
  method: 'get',
  path: '/products/{id}',
  tags: ['Products'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zGetProductHeaders,
    params: zGetProductPath,
  },
  responses: {
    200: { description: 'The product.', content: { 'application/json': { schema: zGetProductResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const listFulfillments = createRoute({
  operationId: 'listFulfillments',
  method: 'get',
  path: '/fulfillments',
  tags: ['Fulfillments'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zListFulfillmentsHeaders,
    query: zListFulfillmentsQuery,
  },
  responses: {
    200: { description: 'A page of fulfillments.', content: { 'application/json': { schema: zListFulfillmentsResponse } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const shipFulfillment = createRoute({
  operationId: 'shipFulfillment',
  method: 'post',
  path: '/fulfillments/{id}/ship',
  tags: ['Fulfillments'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zShipFulfillmentHeaders,
    params: zShipFulfillmentPath,
    body: { required: true, content: { 'application/json': { schema: zShipFulfillmentBody } } },
  },
  responses: {
    200: { description: 'The fulfillment as changed.', content: { 'application/json': { schema: zShipFulfillmentResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const updateFulfillment = createRoute({
  operationId: 'updateFulfillment',
  method: 'patch',
  path: '/fulfillments/{id}',
  tags: ['Fulfillments'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zUpdateFulfillmentHeaders,
    params: zUpdateFulfillmentPath,
    body: { required: true, content: { 'application/json': { schema: zUpdateFulfillmentBody } } },
  },
  responses: {
    200: { description: 'The fulfillment.', content: { 'application/json': { schema: zUpdateFulfillmentResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const updateFulfillmentStatus = createRoute({
  operationId: 'updateFulfillmentStatus',
  method: 'post',
  path: '/fulfillments/{id}/update-status',
  tags: ['Fulfillments'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zUpdateFulfillmentStatusHeaders,
    params: zUpdateFulfillmentStatusPath,
    body: { required: true, content: { 'application/json': { schema: zUpdateFulfillmentStatusBody } } },
  },
  responses: {
    200: { description: 'The fulfillment as changed.', content: { 'application/json': { schema: zUpdateFulfillmentStatusResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});

export const updateProduct = createRoute({
  operationId: 'updateProduct',
  method: 'patch',
  path: '/products/{id}',
  tags: ['Products'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zUpdateProductHeaders,
    params: zUpdateProductPath,
    body: { required: true, content: { 'application/json': { schema: zUpdateProductBody } } },
  },
  responses: {
    200: { description: 'The product.', content: { 'application/json': { schema: zUpdateProductResponse } } },
    400: { description: '`40000` BadRequest: the body is not valid JSON (nothing else is checked).\n`40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`\nthen lists every problem of the request, the missing ones (`Required.`) and any others.', content: { 'application/json': { schema: zError400 } } },
    401: { description: '`40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked.', content: { 'application/json': { schema: zError401 } } },
    404: { description: '`40400` NotFound: no such route, or no such resource in the caller\'s account.', content: { 'application/json': { schema: zError404 } } },
    412: { description: '`41201` PreconditionFailed: the `svc-store-id` header is missing or empty.\n`41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).', content: { 'application/json': { schema: zError412 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
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
    409: { description: '`40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the\naccount), or the first request with this `idempotency-key` is still being done\n(`header.idempotency-key`: retry later).', content: { 'application/json': { schema: zError409 } } },
    413: { description: '`41300` PayloadTooLarge: the body is over the configured limit.', content: { 'application/json': { schema: zError413 } } },
    415: { description: '`41500` UnsupportedMediaType: the body is not `application/json`.', content: { 'application/json': { schema: zError415 } } },
    422: { description: '`42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown\nproperty, totals that do not add up), or an `idempotency-key` used before with another\nrequest. `meta.errors` names every problem.', content: { 'application/json': { schema: zError422 } } },
    429: { description: '`42900` TooManyRequests: over the per-key rate limit.', content: { 'application/json': { schema: zError429 } } },
    500: { description: '`50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`.', content: { 'application/json': { schema: zError500 } } },
  },
});
