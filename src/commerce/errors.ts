/** The order service's error codes: one table, code → HTTP status, type and default message. */
export const ERRORS = {
  40000: { status: 400, type: 'BadRequest', message: 'The request body is not valid JSON.' },
  40001: { status: 400, type: 'MissingParameter', message: 'Required parameters are missing.' },
  40100: { status: 401, type: 'Unauthorized', message: 'A valid svc-api-key header is required.' },
  40400: { status: 404, type: 'NotFound', message: 'The resource could not be found.' },
  40900: { status: 409, type: 'Conflict', message: 'The resource already exists.' },
  41201: { status: 412, type: 'PreconditionFailed', message: 'The svc-store-id header is required.' },
  41204: { status: 412, type: 'PreconditionFailed', message: 'The store could not be found.' },
  41300: { status: 413, type: 'PayloadTooLarge', message: 'The request body is too large.' },
  41500: { status: 415, type: 'UnsupportedMediaType', message: 'The request body must be application/json.' },
  42200: { status: 422, type: 'UnprocessableEntity', message: 'The request is invalid.' },
  42900: { status: 429, type: 'TooManyRequests', message: 'Too many requests.' },
  50000: { status: 500, type: 'InternalError', message: 'An internal error occurred.' },
  50300: { status: 503, type: 'ServiceUnavailable', message: 'The service is unavailable right now; retry later.' },
} as const;

type ErrorCode = keyof typeof ERRORS;
type ErrorStatus = (typeof ERRORS)[ErrorCode]['status'];

/** At most this many problems are listed in `meta.errors`; `meta.errors_omitted` counts the rest. */
const MAX_ERRORS = 100;

/** One problem of a request: `items[0].quantity`, `query.limit`, `header.svc-store-id`. */
export interface ErrorDetail {
  path: string;
  info: string;
}

export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly type: string;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
    this.type = ERRORS[code].type;
  }

  toBody() {
    const errors = this.errors ?? [];
    return {
      meta: {
        code: this.code,
        type: this.type,
        message: this.message,
        ...(errors.length > 0 ? { errors: errors.length > MAX_ERRORS ? errors.slice(0, MAX_ERRORS) : errors } : {}),
        ...(errors.length > MAX_ERRORS ? { errors_omitted: errors.length - MAX_ERRORS } : {}),
      },
      data: null,
    };
  }
}

/** 409/40900: `scope` already has a `resource` with the request's source_id. */
export const sourceIdTaken = (
  resource: 'store' | 'location' | 'order' | 'product' | 'fulfillment',
  scope: 'account' | 'store',
) =>
  new ApiError(40900, `A ${resource} with this source_id already exists in the ${scope}.`, [
    { path: 'source_id', info: 'Already exists.' },
  ]);

/** 422/42200: the request names a record the store does not have. */
export const unknownReference = (path: string, resource: 'location' | 'order') =>
  new ApiError(42200, undefined, [unknownReferenceDetail(path, resource)]);

/** The problem of unknownReference, for an answer that lists it beside others. */
export const unknownReferenceDetail = (path: string, resource: 'location' | 'order'): ErrorDetail => ({
  path,
  info: `No ${resource} with this id exists in the store.`,
});

/** 404/40400 for a resource of the store (or, for stores, of the account) that does not exist. */
export const notFound = (resource: 'store' | 'location' | 'order' | 'product' | 'fulfillment') =>
  new ApiError(40400, `The ${resource} could not be found.`);

/** 42200/UnprocessableEntity: the request's problems, every one of them. */
export const invalidRequest = (details: ErrorDetail[]) => new ApiError(42200, undefined, details);

/** 40001/MissingParameter: the request's problems, at least one of them something required that is missing. */
export const missingParameters = (details: ErrorDetail[]) => new ApiError(40001, undefined, details);
