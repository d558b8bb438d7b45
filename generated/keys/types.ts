// Generated from openapi/keys.yaml by `npm run generate`. Do not edit by hand.

export type paths = {
    "/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Initialize a key
         * @description Creates a key record in the caller's account and returns its `id` and `clientSecret`.
         *     The client secret is shown once: the service keeps only a verifier of it (and, when the
         *     request sends an `Idempotency-Key`, its answer sealed for 24 hours to give to a retry).
         */
        post: operations["initKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The key's `id` from `initKey`. Any value that names no key of the caller's account is
                 *     `404` (`not_found`), whatever its length or characters: a malformed identifier is still
                 *     "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
                 *     used or expired parameters (API key, key token, body).
                 * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        /**
         * Exchange a key token for the recovery key
         * @description Consumes `keyToken` atomically (of two concurrent exchanges of one token exactly one
         *     succeeds), returns the plaintext `recoveryKey` and deletes what is left of the
         *     transaction. A token used before is `400` with reason `already_used`; a token of an
         *     expired transaction is `400` with reason `expired`; a token that was never issued for this
         *     key, or was altered, is `400` with reason `invalid`. When the service's secure hardware
         *     cannot be reached the answer is `503` and the token is not spent.
         */
        get: operations["exchangeKeyToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{keyId}/transactions/generate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The key's `id` from `initKey`. Any value that names no key of the caller's account is
                 *     `404` (`not_found`), whatever its length or characters: a malformed identifier is still
                 *     "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
                 *     used or expired parameters (API key, key token, body).
                 * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a key-generation transaction
         * @description Starts the first generation of the key's recovery key. Allowed only while no end user is
         *     bound to the key (otherwise `400`, `parameter: keyId`, reason `invalid`: use
         *     `createRecoverTransaction`). The signed-in user becomes bound to the key when the
         *     transaction completes. The transaction expires 24 hours after creation.
         */
        post: operations["createGenerateTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/keys/{keyId}/transactions/recover": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The key's `id` from `initKey`. Any value that names no key of the caller's account is
                 *     `404` (`not_found`), whatever its length or characters: a malformed identifier is still
                 *     "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
                 *     used or expired parameters (API key, key token, body).
                 * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a key-recovery transaction
         * @description Starts a recovery of the key's recovery key. Allowed only once an end user is bound to the
         *     key by a completed generation (otherwise `400`, `parameter: keyId`, reason `invalid`).
         *     Only the same user (same issuer and `sub`) gets the key; anyone else is returned with
         *     `error=identity_mismatch`. The transaction expires 24 hours after creation.
         */
        post: operations["createRecoverTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/prompt": {
        parameters: {
            query: {
                /**
                 * @description One-time token of a transaction, carried by `userPromptUrl`. Base64url, at most 512
                 *     characters; issued tokens are 46 characters long (`tt_` and 43 characters).
                 * @example tt_ay_elS1XopGGsEmKIOd13SLPUzyiQCVB4iZtz_peRew
                 */
                transactionToken: components["parameters"]["TransactionToken"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Show the sign-in prompt to the end user
         * @description The page behind `userPromptUrl`. It renders a button that starts the sign-in and consumes
         *     nothing, so mail and link scanners that open the link do not spend it. A missing,
         *     unknown, used or expired token renders an error page with status `400`.
         */
        get: operations["showUserPrompt"];
        put?: never;
        /**
         * Start the end user's sign-in
         * @description Sent by the prompt page's button. Consumes the transaction token (it cannot start a second
         *     sign-in) and redirects the browser to the key's OpenID Connect provider with an
         *     authorization-code request protected by PKCE, `state` and `nonce`.
         *
         *     The sign-in is bound to the browser that pressed the button: the redirect sets a cookie
         *     (`HttpOnly`, `SameSite=Lax`, `Path=/`, 30 minutes; named `__Host-keygen-signin-…` and
         *     `Secure` when `PUBLIC_URL` is https, `keygen-signin-…` on plain http) that the callback
         *     requires. A sign-in finished in another browser gets no key token.
         *
         *     A cross-site POST is refused with a `400` page that says so, and consumes nothing: a
         *     request whose `Sec-Fetch-Site` is anything but `same-origin` or `none`, or, without that
         *     header, whose `Origin` is not the service's own. Requests with neither header (non-browser
         *     clients) are accepted.
         *
         *     When the provider cannot be reached (its discovery document cannot be fetched, or names
         *     another issuer), the answer is a `503` page that says so, and nothing is consumed: the same
         *     link starts the sign-in once the provider is back.
         *
         *     It takes no `Idempotency-Key` (see "Safe retries"): it carries no API key to own one, and
         *     its transaction token can start one sign-in only.
         */
        post: operations["startUserSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Complete the end user's sign-in
         * @description The provider's redirect target (`redirect_uri`). Checks `state`, exchanges the code with the
         *     PKCE verifier, verifies the ID token and its `nonce`, binds the user (issuer and `sub`) at
         *     generation or requires the same user at recovery, then sends the browser to
         *     `clientReturnUrl` (see the `userReturned` callback). A callback that matches no open
         *     sign-in renders an error page with status `400`. A callback from a browser without the
         *     sign-in cookie set by `startUserSignIn` (the sign-in was finished in another browser) ends
         *     the transaction without a key token and renders an error page with status `400`; the
         *     browser is not sent to `clientReturnUrl`.
         */
        get: operations["completeUserSignIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * @description Key identifier assigned by the service (`key_` and 32 lowercase hex digits).
         * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
         */
        KeyIdValue: string;
        /**
         * @description Transaction identifier assigned by the service (`txn_` and 32 lowercase hex digits).
         * @example txn_8d1e2f3a4b5c6d7e8f90a1b2c3d4e5f6
         */
        TransactionId: string;
        /**
         * @description The OpenID Connect provider the end user signs in with; its issuer and the user's `sub`
         *     form the user's share. `dev` is the embedded development provider (on by default outside
         *     production); `google` and `microsoft` work once the operator configures their client.
         *     A provider that is not configured on this server is `400` (`invalid`).
         * @enum {string}
         */
        UserSecretProvider: "dev" | "google" | "microsoft";
        KeyInit: {
            userSecretProvider: components["schemas"]["UserSecretProvider"];
        };
        KeyCreated: {
            id: components["schemas"]["KeyIdValue"];
            /**
             * @description The caller's share: `cs_` and 43 base64url characters (256 random bits). Shown once;
             *     send it back exactly as received. Treat it at least as sensitively as a password hash.
             */
            clientSecret: string;
        };
        TransactionCreate: {
            /** @description The `clientSecret` returned by `initKey`, exactly as received. At most 128 characters. */
            clientSecret: string;
            /**
             * Format: uri
             * @description Absolute `https` URL on the caller's application where the user's browser is sent
             *     after the sign-in. Plain `http` is accepted only for loopback hosts (`localhost`,
             *     `127.0.0.1`, `[::1]`) unless the operator allows it (`KEYGEN_ALLOW_HTTP_RETURN_URL`).
             *     No credentials (`user:pass@`) and no fragment. Optional: when it is left out, the URL
             *     of the key's previous transaction is used; the first transaction of a key must send
             *     it (`400`, `missing`).
             */
            clientReturnUrl?: string;
        };
        TransactionCreated: {
            id: components["schemas"]["TransactionId"];
            /**
             * Format: uri
             * @description One-time URL to send the end user to (`…/keygen/prompt?transactionToken=…`). Extremely
             *     sensitive: keep it only until the user is redirected.
             */
            userPromptUrl: string;
        };
        RecoveryKey: {
            /**
             * @description The 256-bit recovery key, base-36 (`0-9a-z`), left-padded with `0` to always 50
             *     characters. Never store it: use it and delete it at once.
             */
            recoveryKey: string;
        };
        /** @description The prompt page's form carries no field; the token is in the query. */
        PromptForm: Record<string, never>;
        /** @description An HTML document for the end user. */
        HtmlPage: string;
        Error: {
            error: {
                /**
                 * @description `bad_request` (400), `not_found` (404), `too_many_requests` (429), `internal_error` (500) or `unavailable` (503).
                 * @enum {string}
                 */
                code: "bad_request" | "not_found" | "too_many_requests" | "internal_error" | "unavailable";
                /**
                 * @description The parameter of the first problem: `X-Api-Key`, `keyId`, `keyToken`, a body field
                 *     by its JSON path (`clientSecret`), or `body` for the body as a whole.
                 */
                parameter?: string;
                in?: components["schemas"]["ParameterLocation"];
                reason?: components["schemas"]["ErrorReason"];
                /** @description Human-readable text. Never contains a secret or a token. */
                message: string;
                /** @description Every problem found, the first one repeated in `parameter`/`in`/`reason`. */
                issues?: components["schemas"]["ErrorIssue"][];
            };
        };
        /**
         * @description The error body of an `Idempotency-Key` whose first request is still being done (`409`,
         *     `conflict`) or was another request (`422`, `unprocessable_entity`); the same shape as
         *     `Error`, naming the header.
         */
        IdempotencyError: {
            error: {
                /**
                 * @description `conflict` (409) or `unprocessable_entity` (422).
                 * @enum {string}
                 */
                code: "conflict" | "unprocessable_entity";
                /** @enum {string} */
                parameter: "Idempotency-Key";
                /** @enum {string} */
                in: "header";
                reason: components["schemas"]["IdempotencyErrorReason"];
                /** @description Human-readable text. Never contains a secret or a token. */
                message: string;
                /** @description The one problem, as in `Error`. */
                issues: {
                    /** @enum {string} */
                    parameter: "Idempotency-Key";
                    /** @enum {string} */
                    in: "header";
                    reason: components["schemas"]["IdempotencyErrorReason"];
                    message: string;
                }[];
            };
        };
        /**
         * @description `in_progress`: the first request with this `Idempotency-Key` is still being done.
         *     `reused`: this `Idempotency-Key` was used with another request (another path or body).
         * @enum {string}
         */
        IdempotencyErrorReason: "in_progress" | "reused";
        ErrorIssue: {
            parameter: string;
            in: components["schemas"]["ParameterLocation"];
            reason: components["schemas"]["ErrorReason"];
            message: string;
        };
        /** @enum {string} */
        ParameterLocation: "header" | "path" | "query" | "body";
        /**
         * @description `missing`: not sent. `invalid`: malformed, unknown, revoked, not matching, or not allowed
         *     in this state. `expired`: the transaction's 24 hours are over. `already_used`: a one-time
         *     token that was used before. `not_found`: no such key in the caller's account.
         * @enum {string}
         */
        ErrorReason: "missing" | "invalid" | "expired" | "already_used" | "not_found";
    };
    responses: {
        /** @description The transaction was created. */
        TransactionCreated: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["TransactionCreated"];
            };
        };
        /**
         * @description A parameter is missing, invalid, expired or already used: the API key (`X-Api-Key`), a
         *     path or query parameter, a body field, or a token. `error.parameter` and `error.in` name
         *     it; `error.reason` says why. `error.issues` lists every problem found.
         */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No key with this `keyId` in the caller's account. */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The first request with this `Idempotency-Key` is still being done (`code: conflict`,
         *     reason `in_progress`). Nothing was done for this one: send it again once the first has been
         *     answered, to get that answer.
         */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["IdempotencyError"];
            };
        };
        /**
         * @description This `Idempotency-Key` was used before with another request (another path or body; `code:
         *     unprocessable_entity`, reason `reused`). Nothing was done: send a new key for a new request.
         */
        UnprocessableEntity: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["IdempotencyError"];
            };
        };
        /**
         * @description Over the per-API-key rate limit, shared with the order service (a token bucket; default 50
         *     requests per second with bursts of 100, set by `RATE_LIMIT_PER_SECOND` and
         *     `RATE_LIMIT_BURST`). Wait `retry-after` seconds.
         */
        TooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                "ratelimit-limit": components["headers"]["RateLimitLimit"];
                "ratelimit-remaining": components["headers"]["RateLimitRemaining"];
                "ratelimit-reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An unexpected failure. The body never carries the internal message. */
        InternalError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description The service's secure hardware cannot be reached right now, or its audit trail cannot be
         *     written (when the operator keeps one and requires it). Nothing was consumed: no key,
         *     transaction or token was made or spent; send the same request again after `retry-after`
         *     seconds. Also the answer while the instance is starting, or when its database does not
         *     answer in time (`The service cannot reach its database right now…`).
         */
        Unavailable: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The prompt page, with a button that starts the sign-in. */
        PromptPage: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "referrer-policy": components["headers"]["ReferrerPolicy"];
                [name: string]: unknown;
            };
            content: {
                "text/html": components["schemas"]["HtmlPage"];
            };
        };
        /**
         * @description An HTML error page for the end user. `400`: the transaction token is missing, unknown,
         *     already used or expired, or a provider callback matches no open sign-in.
         */
        PromptError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "referrer-policy": components["headers"]["ReferrerPolicy"];
                [name: string]: unknown;
            };
            content: {
                "text/html": components["schemas"]["HtmlPage"];
            };
        };
        /**
         * @description An HTML error page for the end user on an unexpected failure (`500`), or (`503`) when the
         *     sign-in provider or the service's secure hardware cannot be reached. A `503` consumes
         *     nothing the user can still use: the same link works once the provider or the hardware is
         *     back (a sign-in interrupted at the callback is given back to the prompt link).
         */
        PromptFailure: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "referrer-policy": components["headers"]["ReferrerPolicy"];
                [name: string]: unknown;
            };
            content: {
                "text/html": components["schemas"]["HtmlPage"];
            };
        };
    };
    parameters: {
        /**
         * @description Makes the request safe to retry (see "Safe retries" above): a key of 1 to 255 printable
         *     ASCII characters (space to `~`), new for each new request, such as a UUID. The first
         *     successful answer is kept (sealed) for 24 hours and given again, marked
         *     `idempotent-replayed: true`, to a retry with the same key and the same request; the same
         *     key with another request is `422` (`reused`), and a retry while the first request is still
         *     being done is `409` (`in_progress`). A malformed key is `400` (`invalid`).
         * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
         */
        IdempotencyKey: string;
        /**
         * @description The key's `id` from `initKey`. Any value that names no key of the caller's account is
         *     `404` (`not_found`), whatever its length or characters: a malformed identifier is still
         *     "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
         *     used or expired parameters (API key, key token, body).
         * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
         */
        KeyId: string;
        /**
         * @description The one-time key token from the redirect to `clientReturnUrl`, passed exactly as received.
         *     Base64url (`A-Za-z0-9_-`), at most 512 characters; issued tokens are 86 characters long (`kt_` and 83 characters).
         * @example kt_sJObCgWn0eYlYkoIu8NuL2MK-xqcPt0PCwivZORF9-M9BhapelkBT6zb8JVcAixu5KKzxl-pI3UVzSCulPl
         */
        KeyToken: string;
        /**
         * @description One-time token of a transaction, carried by `userPromptUrl`. Base64url, at most 512
         *     characters; issued tokens are 46 characters long (`tt_` and 43 characters).
         * @example tt_ay_elS1XopGGsEmKIOd13SLPUzyiQCVB4iZtz_peRew
         */
        TransactionToken: string;
    };
    requestBodies: {
        TransactionCreate: {
            content: {
                "application/json": components["schemas"]["TransactionCreate"];
            };
        };
    };
    headers: {
        /**
         * @description `true` on an answer given again to a retry with the same `Idempotency-Key` (the work was
         *     not done again); absent on the answer of the request that did the work.
         */
        IdempotentReplayed: "true";
        /** @description Seconds to wait before the next request. */
        RetryAfter: number;
        /** @description Requests allowed per second for this API key. */
        RateLimitLimit: number;
        /** @description Requests left in the current bucket. */
        RateLimitRemaining: number;
        /**
         * @description When the bucket holds at least one request again, as Unix time in seconds (the current
         *     second when it holds one now): a timestamp, as AfterShip's rate-limit page defines
         *     `ratelimit-reset`. `retry-after` on a `429` gives the same wait in seconds.
         */
        RateLimitReset: number;
        /**
         * @description Identifier of this request, also written in the service's logs.
         * @example 4b1f2c9e-5d7a-4c3b-9f0e-2a1b3c4d5e6f
         */
        RequestId: string;
        /** @description Where the browser is sent. */
        Location: string;
        /** @description Always `no-referrer`, so that neither the prompt URL nor the key token leaks through a `Referer` header. */
        ReferrerPolicy: "no-referrer";
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    initKey: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (see "Safe retries" above): a key of 1 to 255 printable
                 *     ASCII characters (space to `~`), new for each new request, such as a UUID. The first
                 *     successful answer is kept (sealed) for 24 hours and given again, marked
                 *     `idempotent-replayed: true`, to a retry with the same key and the same request; the same
                 *     key with another request is `422` (`reused`), and a retry while the first request is still
                 *     being done is `409` (`in_progress`). A malformed key is `400` (`invalid`).
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["KeyInit"];
            };
        };
        responses: {
            /** @description The key was created. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyCreated"];
                };
            };
            400: components["responses"]["BadRequest"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    exchangeKeyToken: {
        parameters: {
            query: {
                /**
                 * @description The one-time key token from the redirect to `clientReturnUrl`, passed exactly as received.
                 *     Base64url (`A-Za-z0-9_-`), at most 512 characters; issued tokens are 86 characters long (`kt_` and 83 characters).
                 * @example kt_sJObCgWn0eYlYkoIu8NuL2MK-xqcPt0PCwivZORF9-M9BhapelkBT6zb8JVcAixu5KKzxl-pI3UVzSCulPl
                 */
                keyToken: components["parameters"]["KeyToken"];
            };
            header?: never;
            path: {
                /**
                 * @description The key's `id` from `initKey`. Any value that names no key of the caller's account is
                 *     `404` (`not_found`), whatever its length or characters: a malformed identifier is still
                 *     "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
                 *     used or expired parameters (API key, key token, body).
                 * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recovery key. */
            200: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createGenerateTransaction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (see "Safe retries" above): a key of 1 to 255 printable
                 *     ASCII characters (space to `~`), new for each new request, such as a UUID. The first
                 *     successful answer is kept (sealed) for 24 hours and given again, marked
                 *     `idempotent-replayed: true`, to a retry with the same key and the same request; the same
                 *     key with another request is `422` (`reused`), and a retry while the first request is still
                 *     being done is `409` (`in_progress`). A malformed key is `400` (`invalid`).
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The key's `id` from `initKey`. Any value that names no key of the caller's account is
                 *     `404` (`not_found`), whatever its length or characters: a malformed identifier is still
                 *     "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
                 *     used or expired parameters (API key, key token, body).
                 * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["TransactionCreate"];
        responses: {
            200: components["responses"]["TransactionCreated"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    createRecoverTransaction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the request safe to retry (see "Safe retries" above): a key of 1 to 255 printable
                 *     ASCII characters (space to `~`), new for each new request, such as a UUID. The first
                 *     successful answer is kept (sealed) for 24 hours and given again, marked
                 *     `idempotent-replayed: true`, to a retry with the same key and the same request; the same
                 *     key with another request is `422` (`reused`), and a retry while the first request is still
                 *     being done is `409` (`in_progress`). A malformed key is `400` (`invalid`).
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description The key's `id` from `initKey`. Any value that names no key of the caller's account is
                 *     `404` (`not_found`), whatever its length or characters: a malformed identifier is still
                 *     "no key with this keyId", as the seed defines `404`. `400` is kept for missing, invalid,
                 *     used or expired parameters (API key, key token, body).
                 * @example key_3f6c2a9d0b8e4f17a5c6d7e8f9012345
                 */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["TransactionCreate"];
        responses: {
            200: components["responses"]["TransactionCreated"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["Unavailable"];
        };
    };
    showUserPrompt: {
        parameters: {
            query: {
                /**
                 * @description One-time token of a transaction, carried by `userPromptUrl`. Base64url, at most 512
                 *     characters; issued tokens are 46 characters long (`tt_` and 43 characters).
                 * @example tt_ay_elS1XopGGsEmKIOd13SLPUzyiQCVB4iZtz_peRew
                 */
                transactionToken: components["parameters"]["TransactionToken"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["PromptPage"];
            400: components["responses"]["PromptError"];
            default: components["responses"]["PromptFailure"];
        };
    };
    startUserSignIn: {
        parameters: {
            query: {
                /**
                 * @description One-time token of a transaction, carried by `userPromptUrl`. Base64url, at most 512
                 *     characters; issued tokens are 46 characters long (`tt_` and 43 characters).
                 * @example tt_ay_elS1XopGGsEmKIOd13SLPUzyiQCVB4iZtz_peRew
                 */
                transactionToken: components["parameters"]["TransactionToken"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["PromptForm"];
            };
        };
        responses: {
            /** @description Redirect to the provider's authorization endpoint. */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    location: components["headers"]["Location"];
                    "referrer-policy": components["headers"]["ReferrerPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["PromptError"];
            default: components["responses"]["PromptFailure"];
        };
    };
    completeUserSignIn: {
        parameters: {
            query?: {
                /** @description The `state` value sent with the authorization request. */
                state?: string;
                /** @description Authorization code issued by the provider. */
                code?: string;
                /** @description Issuer identifier of the provider (RFC 9207), when the provider sends it. */
                iss?: string;
                /** @description OAuth error code sent by the provider when the sign-in was refused. */
                error?: string;
                /** @description Human-readable text sent by the provider with `error`. */
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to `clientReturnUrl` with `transactionId` and either `keyToken` or `error`. */
            303: {
                headers: {
                    "x-request-id": components["headers"]["RequestId"];
                    location: components["headers"]["Location"];
                    "referrer-policy": components["headers"]["ReferrerPolicy"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["PromptError"];
            default: components["responses"]["PromptFailure"];
        };
    };
}
