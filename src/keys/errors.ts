import { jsonPath, type Problem } from '../shared/validation.js';

export type Reason = 'missing' | 'invalid' | 'expired' | 'already_used' | 'not_found' | 'in_progress' | 'reused';
export type Location = 'header' | 'path' | 'query' | 'body';

/** Never carries a secret. */
export interface Issue {
  parameter: string;
  in: Location;
  reason: Reason;
  message: string;
}

const CODES = { 400: 'bad_request', 404: 'not_found', 409: 'conflict', 422: 'unprocessable_entity' } as const;

export class KeysError extends Error {
  /** Set when the operation recorded this refusal itself (audit.ts), so that it is not recorded twice. */
  recorded = false;

  constructor(
    readonly status: keyof typeof CODES,
    readonly issues: [Issue, ...Issue[]],
  ) {
    super(issues[0].message);
  }

  toBody() {
    const [first] = this.issues;
    return { error: { code: CODES[this.status], ...first, issues: this.issues } } as const;
  }
}

export const badRequest = (parameter: string, where: Location, reason: Reason, message: string) =>
  new KeysError(400, [{ parameter, in: where, reason, message }]);

export const keyNotFound = () =>
  new KeysError(404, [{ parameter: 'keyId', in: 'path', reason: 'not_found', message: 'No key with this keyId.' }]);

export const idempotencyErrors = {
  inProgress: () =>
    new KeysError(409, [
      {
        parameter: 'Idempotency-Key',
        in: 'header',
        reason: 'in_progress',
        message:
          'A request with this Idempotency-Key is still being processed; retry it once that request has been answered.',
      },
    ]),
  reused: () =>
    new KeysError(422, [
      {
        parameter: 'Idempotency-Key',
        in: 'header',
        reason: 'reused',
        message:
          'This Idempotency-Key was used with a different request (path or body); send a new key for a new request.',
      },
    ]),
};

export const internalErrorBody = () =>
  ({
    error: { code: 'internal_error', message: 'Internal error. Quote the x-request-id header when you report it.' },
  }) as const;

export const unavailableBody = () =>
  ({
    error: {
      code: 'unavailable',
      message:
        "The service's secure hardware cannot be reached right now. Nothing was consumed: retry the request later.",
    },
  }) as const;
export const auditUnavailableBody = () =>
  ({
    error: {
      code: 'unavailable',
      message: "The service's audit trail cannot be written right now, so nothing was done. Retry the request later.",
    },
  }) as const;
export const databaseUnavailableBody = () =>
  ({
    error: {
      code: 'unavailable',
      message: 'The service cannot reach its database right now; retry the request later.',
    },
  }) as const;
export const startingBody = () =>
  ({ error: { code: 'unavailable', message: 'The service is starting; retry the request in a moment.' } }) as const;

export const UNAVAILABLE_RETRY_AFTER = '5';

export class TooManyRequests extends Error {
  constructor(
    message: string,
    readonly headers: Record<string, string>,
  ) {
    super(message);
  }

  toBody() {
    return { error: { code: 'too_many_requests', message: this.message } } as const;
  }
}

/** The value is never echoed. */
export function issueFrom(p: Problem): Issue {
  const parameter = jsonPath(p.path) || (p.part === 'body' ? 'body' : p.part);
  if (p.kind === 'unknown') return { parameter, in: p.part, reason: 'invalid', message: 'Unknown property.' };
  if (p.kind === 'missing' && p.path.length > 0)
    return { parameter, in: p.part, reason: 'missing', message: `${parameter} is required.` };
  return {
    parameter,
    in: p.part,
    reason: 'invalid',
    message: `${parameter} is invalid: ${p.issue?.message ?? 'Unknown parameter.'}`,
  };
}
