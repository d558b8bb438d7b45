import type { z } from 'zod';

export const apiKeySecurity = [{ ApiKey: [] }];

const DESCRIPTIONS = {
  400: 'A parameter is missing, invalid, expired or already used.',
  404: 'No key with this keyId.',
  429: 'Over the per-API-key rate limit.',
  500: 'Internal error.',
} as const;

/** The JSON error responses of an API operation, for the route definition. */
export function errorResponses<S extends z.ZodType, C extends keyof typeof DESCRIPTIONS>(schema: S, codes: C[]) {
  return Object.fromEntries(
    codes.map((code) => [code, { description: DESCRIPTIONS[code], content: { 'application/json': { schema } } }]),
  ) as unknown as { [K in C]: { description: string; content: { 'application/json': { schema: S } } } };
}

/** The HTML responses of a prompt page. */
export function htmlResponses<S extends z.ZodType>(schema: S) {
  return {
    400: { description: 'An error page.', content: { 'text/html': { schema } } },
    default: { description: 'An error page on an unexpected failure.', content: { 'text/html': { schema } } },
  };
}
