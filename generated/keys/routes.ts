// Generated from openapi/keys.yaml by `npm run generate`. Do not edit by hand.

import { createRoute } from '@hono/zod-openapi';

import {
  zCompleteUserSignInQuery,
  zCreateGenerateTransactionBody,
  zCreateGenerateTransactionHeaders,
  zCreateGenerateTransactionPath,
  zCreateGenerateTransactionResponse,
  zCreateRecoverTransactionBody,
  zCreateRecoverTransactionHeaders,
  zCreateRecoverTransactionPath,
  zCreateRecoverTransactionResponse,
  zError,
  zExchangeKeyTokenPath,
  zExchangeKeyTokenQuery,
  zExchangeKeyTokenResponse,
  zHtmlPage,
  zIdempotencyError,
  zInitKeyBody,
  zInitKeyHeaders,
  zInitKeyResponse,
  zShowUserPromptQuery,
  zStartUserSignInBody,
  zStartUserSignInQuery,
} from './zod.js';

export const completeUserSignIn = createRoute({
  operationId: 'completeUserSignIn',
  method: 'get',
  path: '/oidc/callback',
  tags: ['Prompt'],
  security: [],
  request: {
    query: zCompleteUserSignInQuery,
  },
  responses: {
    303: { description: 'Redirect to `clientReturnUrl` with `transactionId` and either `keyToken` or `error`.' },
    400: { description: 'An HTML error page for the end user. `400`: the transaction token is missing, unknown,\nalready used or expired, or a provider callback matches no open sign-in.', content: { 'text/html': { schema: zHtmlPage } } },
    'default': { description: 'An HTML error page for the end user on an unexpected failure (`500`), or (`503`) when the\nsign-in provider or the service\'s secure hardware cannot be reached. A `503` consumes\nnothing the user can still use: the same link works once the provider or the hardware is\nback (a sign-in interrupted at the callback is given back to the prompt link).', content: { 'text/html': { schema: zHtmlPage } } },
  },
});

export const createGenerateTransaction = createRoute({
  operationId: 'createGenerateTransaction',
  method: 'post',
  path: '/keys/{keyId}/transactions/generate',
  tags: ['Transactions'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zCreateGenerateTransactionHeaders,
    params: zCreateGenerateTransactionPath,
    body: { required: true, content: { 'application/json': { schema: zCreateGenerateTransactionBody } } },
  },
  responses: {
    200: { description: 'The transaction was created.', content: { 'application/json': { schema: zCreateGenerateTransactionResponse } } },
    400: { description: 'A parameter is missing, invalid, expired or already used: the API key (`X-Api-Key`), a\npath or query parameter, a body field, or a token. `error.parameter` and `error.in` name\nit; `error.reason` says why. `error.issues` lists every problem found.', content: { 'application/json': { schema: zError } } },
    404: { description: 'No key with this `keyId` in the caller\'s account.', content: { 'application/json': { schema: zError } } },
    409: { description: 'The first request with this `Idempotency-Key` is still being done (`code: conflict`,\nreason `in_progress`). Nothing was done for this one: send it again once the first has been\nanswered, to get that answer.', content: { 'application/json': { schema: zIdempotencyError } } },
    422: { description: 'This `Idempotency-Key` was used before with another request (another path or body; `code:\nunprocessable_entity`, reason `reused`). Nothing was done: send a new key for a new request.', content: { 'application/json': { schema: zIdempotencyError } } },
    429: { description: 'Over the per-API-key rate limit, shared with the order service (a token bucket; default 50\nrequests per second with bursts of 100, set by `RATE_LIMIT_PER_SECOND` and\n`RATE_LIMIT_BURST`). Wait `retry-after` seconds.', content: { 'application/json': { schema: zError } } },
    500: { description: 'An unexpected failure. The body never carries the internal message.', content: { 'application/json': { schema: zError } } },
    503: { description: 'The service\'s secure hardware cannot be reached right now, or its audit trail cannot be\nwritten (when the operator keeps one and requires it). Nothing was consumed: no key,\ntransaction or token was made or spent; send the same request again after `retry-after`\nseconds. Also the answer while the instance is starting, or when its database does not\nanswer in time (`The service cannot reach its database right now…`).', content: { 'application/json': { schema: zError } } },
  },
});

export const createRecoverTransaction = createRoute({
  operationId: 'createRecoverTransaction',
  method: 'post',
  path: '/keys/{keyId}/transactions/recover',
  tags: ['Transactions'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zCreateRecoverTransactionHeaders,
    params: zCreateRecoverTransactionPath,
    body: { required: true, content: { 'application/json': { schema: zCreateRecoverTransactionBody } } },
  },
  responses: {
    200: { description: 'The transaction was created.', content: { 'application/json': { schema: zCreateRecoverTransactionResponse } } },
    400: { description: 'A parameter is missing, invalid, expired or already used: the API key (`X-Api-Key`), a\npath or query parameter, a body field, or a token. `error.parameter` and `error.in` name\nit; `error.reason` says why. `error.issues` lists every problem found.', content: { 'application/json': { schema: zError } } },
    404: { description: 'No key with this `keyId` in the caller\'s account.', content: { 'application/json': { schema: zError } } },
    409: { description: 'The first request with this `Idempotency-Key` is still being done (`code: conflict`,\nreason `in_progress`). Nothing was done for this one: send it again once the first has been\nanswered, to get that answer.', content: { 'application/json': { schema: zIdempotencyError } } },
    422: { description: 'This `Idempotency-Key` was used before with another request (another path or body; `code:\nunprocessable_entity`, reason `reused`). Nothing was done: send a new key for a new request.', content: { 'application/json': { schema: zIdempotencyError } } },
    429: { description: 'Over the per-API-key rate limit, shared with the order service (a token bucket; default 50\nrequests per second with bursts of 100, set by `RATE_LIMIT_PER_SECOND` and\n`RATE_LIMIT_BURST`). Wait `retry-after` seconds.', content: { 'application/json': { schema: zError } } },
    500: { description: 'An unexpected failure. The body never carries the internal message.', content: { 'application/json': { schema: zError } } },
    503: { description: 'The service\'s secure hardware cannot be reached right now, or its audit trail cannot be\nwritten (when the operator keeps one and requires it). Nothing was consumed: no key,\ntransaction or token was made or spent; send the same request again after `retry-after`\nseconds. Also the answer while the instance is starting, or when its database does not\nanswer in time (`The service cannot reach its database right now…`).', content: { 'application/json': { schema: zError } } },
  },
});

export const exchangeKeyToken = createRoute({
  operationId: 'exchangeKeyToken',
  method: 'get',
  path: '/keys/{keyId}',
  tags: ['Keys'],
  security: [{ ApiKey: [] }],
  request: {
    params: zExchangeKeyTokenPath,
    query: zExchangeKeyTokenQuery,
  },
  responses: {
    200: { description: 'The recovery key.', content: { 'application/json': { schema: zExchangeKeyTokenResponse } } },
    400: { description: 'A parameter is missing, invalid, expired or already used: the API key (`X-Api-Key`), a\npath or query parameter, a body field, or a token. `error.parameter` and `error.in` name\nit; `error.reason` says why. `error.issues` lists every problem found.', content: { 'application/json': { schema: zError } } },
    404: { description: 'No key with this `keyId` in the caller\'s account.', content: { 'application/json': { schema: zError } } },
    429: { description: 'Over the per-API-key rate limit, shared with the order service (a token bucket; default 50\nrequests per second with bursts of 100, set by `RATE_LIMIT_PER_SECOND` and\n`RATE_LIMIT_BURST`). Wait `retry-after` seconds.', content: { 'application/json': { schema: zError } } },
    500: { description: 'An unexpected failure. The body never carries the internal message.', content: { 'application/json': { schema: zError } } },
    503: { description: 'The service\'s secure hardware cannot be reached right now, or its audit trail cannot be\nwritten (when the operator keeps one and requires it). Nothing was consumed: no key,\ntransaction or token was made or spent; send the same request again after `retry-after`\nseconds. Also the answer while the instance is starting, or when its database does not\nanswer in time (`The service cannot reach its database right now…`).', content: { 'application/json': { schema: zError } } },
  },
});

export const initKey = createRoute({
  operationId: 'initKey',
  method: 'post',
  path: '/keys',
  tags: ['Keys'],
  security: [{ ApiKey: [] }],
  request: {
    headers: zInitKeyHeaders,
    body: { required: true, content: { 'application/json': { schema: zInitKeyBody } } },
  },
  responses: {
    200: { description: 'The key was created.', content: { 'application/json': { schema: zInitKeyResponse } } },
    400: { description: 'A parameter is missing, invalid, expired or already used: the API key (`X-Api-Key`), a\npath or query parameter, a body field, or a token. `error.parameter` and `error.in` name\nit; `error.reason` says why. `error.issues` lists every problem found.', content: { 'application/json': { schema: zError } } },
    409: { description: 'The first request with this `Idempotency-Key` is still being done (`code: conflict`,\nreason `in_progress`). Nothing was done for this one: send it again once the first has been\nanswered, to get that answer.', content: { 'application/json': { schema: zIdempotencyError } } },
    422: { description: 'This `Idempotency-Key` was used before with another request (another path or body; `code:\nunprocessable_entity`, reason `reused`). Nothing was done: send a new key for a new request.', content: { 'application/json': { schema: zIdempotencyError } } },
    429: { description: 'Over the per-API-key rate limit, shared with the order service (a token bucket; default 50\nrequests per second with bursts of 100, set by `RATE_LIMIT_PER_SECOND` and\n`RATE_LIMIT_BURST`). Wait `retry-after` seconds.', content: { 'application/json': { schema: zError } } },
    500: { description: 'An unexpected failure. The body never carries the internal message.', content: { 'application/json': { schema: zError } } },
    503: { description: 'The service\'s secure hardware cannot be reached right now, or its audit trail cannot be\nwritten (when the operator keeps one and requires it). Nothing was consumed: no key,\ntransaction or token was made or spent; send the same request again after `retry-after`\nseconds. Also the answer while the instance is starting, or when its database does not\nanswer in time (`The service cannot reach its database right now…`).', content: { 'application/json': { schema: zError } } },
  },
});

export const showUserPrompt = createRoute({
  operationId: 'showUserPrompt',
  method: 'get',
  path: '/prompt',
  tags: ['Prompt'],
  security: [],
  request: {
    query: zShowUserPromptQuery,
  },
  responses: {
    200: { description: 'The prompt page, with a button that starts the sign-in.', content: { 'text/html': { schema: zHtmlPage } } },
    400: { description: 'An HTML error page for the end user. `400`: the transaction token is missing, unknown,\nalready used or expired, or a provider callback matches no open sign-in.', content: { 'text/html': { schema: zHtmlPage } } },
    'default': { description: 'An HTML error page for the end user on an unexpected failure (`500`), or (`503`) when the\nsign-in provider or the service\'s secure hardware cannot be reached. A `503` consumes\nnothing the user can still use: the same link works once the provider or the hardware is\nback (a sign-in interrupted at the callback is given back to the prompt link).', content: { 'text/html': { schema: zHtmlPage } } },
  },
});

export const startUserSignIn = createRoute({
  operationId: 'startUserSignIn',
  method: 'post',
  path: '/prompt',
  tags: ['Prompt'],
  security: [],
  request: {
    query: zStartUserSignInQuery,
    body: { required: false, content: { 'application/x-www-form-urlencoded': { schema: zStartUserSignInBody } } },
  },
  responses: {
    303: { description: 'Redirect to the provider\'s authorization endpoint.' },
    400: { description: 'An HTML error page for the end user. `400`: the transaction token is missing, unknown,\nalready used or expired, or a provider callback matches no open sign-in.', content: { 'text/html': { schema: zHtmlPage } } },
    'default': { description: 'An HTML error page for the end user on an unexpected failure (`500`), or (`503`) when the\nsign-in provider or the service\'s secure hardware cannot be reached. A `503` consumes\nnothing the user can still use: the same link works once the provider or the hardware is\nback (a sign-in interrupted at the callback is given back to the prompt link).', content: { 'text/html': { schema: zHtmlPage } } },
  },
});
