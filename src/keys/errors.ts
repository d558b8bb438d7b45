import type { z } from 'zod';

export type Reason = 'missing' | 'invalid' | 'expired' | 'already_used' | 'not_found';
export type Location = 'header' | 'path' | 'query' | 'body';

/** One problem of a request, as the contract's `error.issues[]` names it. Never carries a secret. */
export interface Issue {
  parameter: string;
  in: Location;
  reason: Reason;
  message: string;
}

/** The key service's only error class: 400 for a bad parameter, 404 for an unknown key. */
export class KeysError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly issues: [Issue, ...Issue[]],
  ) {
    super(issues[0].message);
  }

  toBody() {
    const [first] = this.issues;
    return { error: { code: this.status === 404 ? 'not_found' : 'bad_request', ...first, issues: this.issues } } as const;
  }
}

export const badRequest = (parameter: string, where: Location, reason: Reason, message: string) =>
  new KeysError(400, [{ parameter, in: where, reason, message }]);

export const keyNotFound = () => new KeysError(404, [{ parameter: 'keyId', in: 'path', reason: 'not_found', message: 'No key with this keyId.' }]);

export const internalErrorBody = () =>
  ({ error: { code: 'internal_error', message: 'Internal error. Quote the x-request-id header when you report it.' } }) as const;

function at(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const seg of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[seg];
  }
  return v;
}

const jsonPath = (path: readonly PropertyKey[]) =>
  path.reduce<string>((out, seg) => (typeof seg === 'number' ? `${out}[${seg}]` : out ? `${out}.${String(seg)}` : String(seg)), '');

/** zod issues of one request part as contract issues; the value is never echoed. */
export function issuesFrom(where: Location, input: unknown, issues: readonly z.core.$ZodIssue[]): Issue[] {
  const out: Issue[] = [];
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) out.push({ parameter: jsonPath([...issue.path, key]), in: where, reason: 'invalid', message: 'Unknown property.' });
      continue;
    }
    const parameter = jsonPath(issue.path) || (where === 'body' ? 'body' : where);
    if (issue.path.length > 0 && at(input, issue.path) === undefined) {
      out.push({ parameter, in: where, reason: 'missing', message: `${parameter} is required.` });
    } else {
      out.push({ parameter, in: where, reason: 'invalid', message: `${parameter} is invalid: ${issue.message}` });
    }
  }
  return out;
}
