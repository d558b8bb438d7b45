// Generated from openapi/keys.yaml by `npm run generate`. Do not edit by hand.

import * as z from 'zod';

/**
 * Key identifier assigned by the service (`key_` and 32 lowercase hex digits).
 */
export const zKeyIdValue = z.string().refine(s => s.length <= 36 || Array.from(s).length <= 36, { message: 'Must be at most 36 characters long.' }).regex(/^key_[0-9a-f]{32}$/);

/**
 * Transaction identifier assigned by the service (`txn_` and 32 lowercase hex digits).
 */
export const zTransactionId = z.string().refine(s => s.length <= 36 || Array.from(s).length <= 36, { message: 'Must be at most 36 characters long.' }).regex(/^txn_[0-9a-f]{32}$/);

/**
 * The OpenID Connect provider the end user signs in with; its issuer and the user's `sub`
 * form the user's share. `dev` is the embedded development provider (on by default outside
 * production); `google` and `microsoft` work once the operator configures their client.
 * A provider that is not configured on this server is `400` (`invalid`).
 *
 */
export const zUserSecretProvider = z.enum([
    'dev',
    'google',
    'microsoft'
]);

export const zKeyInit = z.strictObject({
    userSecretProvider: zUserSecretProvider
});

export const zKeyCreated = z.strictObject({
    id: zKeyIdValue,
    clientSecret: z.string().refine(s => s.length <= 46 || Array.from(s).length <= 46, { message: 'Must be at most 46 characters long.' }).regex(/^cs_[A-Za-z0-9_-]{43}$/)
});

export const zTransactionCreate = z.strictObject({
    clientSecret: z.string().min(1).refine(s => s.length <= 128 || Array.from(s).length <= 128, { message: 'Must be at most 128 characters long.' }).regex(/^[A-Za-z0-9_-]+$/),
    clientReturnUrl: z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional()
});

export const zTransactionCreated = z.strictObject({
    id: zTransactionId,
    userPromptUrl: z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' })
});

export const zRecoveryKey = z.strictObject({
    recoveryKey: z.string().length(50).regex(/^[0-9a-z]{50}$/)
});

/**
 * The prompt page's form carries no field; the token is in the query.
 */
export const zPromptForm = z.strictObject({});

/**
 * An HTML document for the end user.
 */
export const zHtmlPage = z.string().refine(s => s.length <= 65536 || Array.from(s).length <= 65536, { message: 'Must be at most 65536 characters long.' });

/**
 * `in_progress`: the first request with this `Idempotency-Key` is still being done.
 * `reused`: this `Idempotency-Key` was used with another request (another path or body).
 *
 */
export const zIdempotencyErrorReason = z.enum(['in_progress', 'reused']);

/**
 * The error body of an `Idempotency-Key` whose first request is still being done (`409`,
 * `conflict`) or was another request (`422`, `unprocessable_entity`); the same shape as
 * `Error`, naming the header.
 *
 */
export const zIdempotencyError = z.strictObject({
    error: z.strictObject({
        code: z.enum(['conflict', 'unprocessable_entity']),
        parameter: z.enum(['Idempotency-Key']),
        in: z.enum(['header']),
        reason: zIdempotencyErrorReason,
        message: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }),
        issues: z.tuple([z.strictObject({
                parameter: z.enum(['Idempotency-Key']),
                in: z.enum(['header']),
                reason: zIdempotencyErrorReason,
                message: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' })
            })])
    })
});

export const zParameterLocation = z.enum([
    'header',
    'path',
    'query',
    'body'
]);

/**
 * `missing`: not sent. `invalid`: malformed, unknown, revoked, not matching, or not allowed
 * in this state. `expired`: the transaction's 24 hours are over. `already_used`: a one-time
 * token that was used before. `not_found`: no such key in the caller's account.
 *
 */
export const zErrorReason = z.enum([
    'missing',
    'invalid',
    'expired',
    'already_used',
    'not_found'
]);

export const zErrorIssue = z.strictObject({
    parameter: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    in: zParameterLocation,
    reason: zErrorReason,
    message: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' })
});

export const zError = z.strictObject({
    error: z.strictObject({
        code: z.enum([
            'bad_request',
            'not_found',
            'too_many_requests',
            'internal_error',
            'unavailable'
        ]),
        parameter: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
        in: zParameterLocation.optional(),
        reason: zErrorReason.optional(),
        message: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }),
        issues: z.array(zErrorIssue).max(100).optional()
    })
});

/**
 * Makes the request safe to retry (see "Safe retries" above): a key of 1 to 255 printable
 * ASCII characters (space to `~`), new for each new request, such as a UUID. The first
 * successful answer is kept (sealed) for 24 hours and given again, marked
 * `idempotent-replayed: true`, to a retry with the same key and the same request; the same
 * key with another request is `422` (`reused`), and a retry while the first request is still
 * being done is `409` (`in_progress`). A malformed key is `400` (`invalid`).
 *
 */
export const zIdempotencyKey = z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/);

/**
 * The key's `id` from `initKey`. Any value that names no key of the caller's account is
 * `404` (`not_found`), whatever its length or characters: a malformed identifier is still
 * "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
 * used or expired parameters (API key, key token, body).
 *
 */
export const zKeyId = z.string().min(1);

/**
 * The one-time key token from the redirect to `clientReturnUrl`, passed exactly as received.
 * Base64url (`A-Za-z0-9_-`), at most 512 characters; issued tokens are 86 characters long (`kt_` and 83 characters).
 *
 */
export const zKeyToken = z.string().min(1).refine(s => s.length <= 512 || Array.from(s).length <= 512, { message: 'Must be at most 512 characters long.' }).regex(/^[A-Za-z0-9_-]+$/);

/**
 * One-time token of a transaction, carried by `userPromptUrl`. Base64url, at most 512
 * characters; issued tokens are 46 characters long (`tt_` and 43 characters).
 *
 */
export const zTransactionToken = z.string().min(1).refine(s => s.length <= 512 || Array.from(s).length <= 512, { message: 'Must be at most 512 characters long.' }).regex(/^[A-Za-z0-9_-]+$/);

export const zTransactionCreate2 = zTransactionCreate;

export const zInitKeyBody = zKeyInit;

export const zInitKeyHeaders = z.object({
    'Idempotency-Key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

/**
 * The key was created.
 */
export const zInitKeyResponse = zKeyCreated;

export const zExchangeKeyTokenPath = z.object({
    keyId: z.string().min(1)
});

export const zExchangeKeyTokenQuery = z.object({
    keyToken: z.string().min(1).refine(s => s.length <= 512 || Array.from(s).length <= 512, { message: 'Must be at most 512 characters long.' }).regex(/^[A-Za-z0-9_-]+$/)
});

/**
 * The recovery key.
 */
export const zExchangeKeyTokenResponse = zRecoveryKey;

export const zCreateGenerateTransactionBody = zTransactionCreate2;

export const zCreateGenerateTransactionHeaders = z.object({
    'Idempotency-Key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

export const zCreateGenerateTransactionPath = z.object({
    keyId: z.string().min(1)
});

/**
 * The transaction was created.
 */
export const zCreateGenerateTransactionResponse = zTransactionCreated;

export const zCreateRecoverTransactionBody = zTransactionCreate2;

export const zCreateRecoverTransactionHeaders = z.object({
    'Idempotency-Key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

export const zCreateRecoverTransactionPath = z.object({
    keyId: z.string().min(1)
});

/**
 * The transaction was created.
 */
export const zCreateRecoverTransactionResponse = zTransactionCreated;

export const zShowUserPromptQuery = z.object({
    transactionToken: z.string().min(1).refine(s => s.length <= 512 || Array.from(s).length <= 512, { message: 'Must be at most 512 characters long.' }).regex(/^[A-Za-z0-9_-]+$/)
});

/**
 * The prompt page, with a button that starts the sign-in.
 */
export const zShowUserPromptResponse = zHtmlPage;

export const zStartUserSignInBody = zPromptForm;

export const zStartUserSignInQuery = z.object({
    transactionToken: z.string().min(1).refine(s => s.length <= 512 || Array.from(s).length <= 512, { message: 'Must be at most 512 characters long.' }).regex(/^[A-Za-z0-9_-]+$/)
});

/**
 * An HTML error page for the end user on an unexpected failure (`500`), or (`503`) when the
 * sign-in provider or the service's secure hardware cannot be reached. A `503` consumes
 * nothing the user can still use: the same link works once the provider or the hardware is
 * back (a sign-in interrupted at the callback is given back to the prompt link).
 *
 */
export const zStartUserSignInResponse = zHtmlPage;

export const zCompleteUserSignInQuery = z.object({
    state: z.string().refine(s => s.length <= 512 || Array.from(s).length <= 512, { message: 'Must be at most 512 characters long.' }).optional(),
    code: z.string().refine(s => s.length <= 4096 || Array.from(s).length <= 4096, { message: 'Must be at most 4096 characters long.' }).optional(),
    iss: z.string().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional(),
    error: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    error_description: z.string().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional()
});

/**
 * An HTML error page for the end user on an unexpected failure (`500`), or (`503`) when the
 * sign-in provider or the service's secure hardware cannot be reached. A `503` consumes
 * nothing the user can still use: the same link works once the provider or the hardware is
 * back (a sign-in interrupted at the callback is given back to the prompt link).
 *
 */
export const zCompleteUserSignInResponse = zHtmlPage;
