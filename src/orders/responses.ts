import {
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
} from '../../generated/orders/zod.js';

const errorSchemas = {
  400: zError400,
  401: zError401,
  404: zError404,
  409: zError409,
  412: zError412,
  413: zError413,
  415: zError415,
  422: zError422,
  429: zError429,
  500: zError500,
} as const;

type ErrorStatus = keyof typeof errorSchemas;

/** The documented error responses of an operation, with the generated schema of each status. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((s) => [s, { description: `Error ${s}`, content: { 'application/json': { schema: errorSchemas[s] } } }]),
  ) as { [K in S]: { description: string; content: { 'application/json': { schema: (typeof errorSchemas)[K] } } } };
}

export const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });

/** Every order operation is behind the `svc-api-key` header (the YAML's `ApiKey` scheme). */
export const apiKeySecurity = [{ ApiKey: [] }];
