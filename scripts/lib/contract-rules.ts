// The rules of the contract checker (scripts/lib/openapi-diff.ts): each has a stable id, a
// severity and a one-line reason. Ids follow oasdiff's spirit: `<where>-<subject>-<change>`.
//
// A schema change is judged by which side produces the value. Where the service accepts values
// (requests; the answers an application gives to a callback or a webhook) narrowing breaks
// clients; where the service emits them (responses; the callback and webhook requests it sends)
// widening breaks clients, and narrowing breaks the rows already stored, which are served as
// they were written (the stored-data section of the report, `npm run spec:check-data`).

export type Severity = 'error' | 'warning' | 'info';
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];
export const severityRank = (s: Severity): number => SEVERITIES.length - SEVERITIES.indexOf(s);

export interface Rule {
  id: string;
  severity: Severity;
  /** Why the change has this severity, for the report's folded details. */
  reason: string;
  /** A narrowing of what the service emits: rows stored before the change may no longer fit. */
  storedData?: boolean;
}

/** Where a schema sits: the request side of an operation, a response, a callback's or webhook's. */
export type Location =
  'request' | 'response' | 'callback-request' | 'callback-response' | 'webhook-request' | 'webhook-response';
/** True where the service receives the value (a request, an application's answer to a callback). */
export const accepts = (loc: Location): boolean =>
  loc === 'request' || (loc.endsWith('-response') && loc !== 'response');
export const LOCATIONS: readonly Location[] = [
  'request',
  'response',
  'callback-request',
  'callback-response',
  'webhook-request',
  'webhook-response',
];

/** The place of a schema in its message: the body itself, a field in it, a parameter, a header. */
export type Subject = 'body' | 'property' | 'parameter' | 'parameter-property' | 'header' | 'header-property';
/** Where each subject occurs: parameters in requests, headers in the service's responses. */
const SUBJECTS_AT: Record<Location, readonly Subject[]> = {
  request: ['body', 'property', 'parameter', 'parameter-property'],
  response: ['body', 'property', 'header', 'header-property'],
  'callback-request': ['body', 'property', 'parameter', 'parameter-property'],
  'callback-response': ['body', 'property'],
  'webhook-request': ['body', 'property', 'parameter', 'parameter-property'],
  'webhook-response': ['body', 'property'],
};

type Pair = readonly [acceptsSide: Severity, emitsSide: Severity, storedData?: 'stored'];
const NARROWING: Pair = ['error', 'warning', 'stored'];
const WIDENING_BOUND: Pair = ['info', 'warning'];
const WIDENING_VALUES: Pair = ['info', 'error'];

/** Schema changes, with their severity where the service accepts the value and where it emits it. */
const SCHEMA_CHANGES: Record<string, { pair: Pair; reason: string }> = {
  'schema-added': {
    pair: NARROWING,
    reason: 'values were not described before; now they must fit a schema; stored rows may not',
  },
  'schema-removed': {
    pair: ['info', 'error'],
    reason: 'any value is allowed / clients typed against the schema get `unknown`',
  },
  'type-changed': {
    pair: ['error', 'error'],
    reason: 'values of the old type are refused, or clients receive a type they do not expect',
  },
  'type-generalized': {
    pair: WIDENING_VALUES,
    reason: 'a client typed against the old schema receives a type it does not handle',
  },
  'type-specialized': { pair: NARROWING, reason: 'values of the removed type are refused; stored rows may hold them' },
  'became-nullable': { pair: WIDENING_VALUES, reason: 'clients receive null where the old type had none' },
  'became-not-nullable': { pair: NARROWING, reason: 'null is refused; stored rows may hold null' },
  'enum-value-added': {
    pair: WIDENING_VALUES,
    reason: 'a client (or an exhaustive switch) receives a value it does not know',
  },
  'enum-value-removed': { pair: NARROWING, reason: 'the value is refused; stored rows may hold it' },
  'became-enum': { pair: NARROWING, reason: 'values outside the list are refused; stored rows may hold them' },
  'enum-removed': { pair: WIDENING_VALUES, reason: 'any value may now come back' },
  'pattern-added': { pair: NARROWING, reason: 'values that do not match are refused; stored rows may not match' },
  'pattern-changed': { pair: NARROWING, reason: 'a value the old pattern accepted does not match the new one' },
  'pattern-generalized': {
    pair: ['info', 'warning'],
    reason: 'every value generated from the old pattern matches the new one',
  },
  'pattern-removed': { pair: WIDENING_BOUND, reason: 'any string may now come back' },
  'format-added': { pair: NARROWING, reason: 'values not in the format are refused; stored rows may not be' },
  'format-changed': { pair: NARROWING, reason: 'values of the old format are refused' },
  'format-removed': { pair: WIDENING_BOUND, reason: 'values in any format may now come back' },
  'unique-items-added': { pair: NARROWING, reason: 'arrays with repeated items are refused' },
  'unique-items-removed': { pair: WIDENING_BOUND, reason: 'repeated items may now come back' },
  'multiple-of-changed': { pair: NARROWING, reason: 'values of the old step are refused' },
  'multiple-of-removed': { pair: WIDENING_BOUND, reason: 'values of any step may now come back' },
  'required-property-added': { pair: NARROWING, reason: 'old requests lack it / stored rows lack it' },
  'optional-property-added': { pair: ['info', 'info'], reason: 'additive' },
  'property-removed': {
    pair: ['error', 'warning'],
    reason: 'the field is refused or ignored / clients that read it get nothing',
  },
  'required-property-removed': { pair: ['error', 'error'], reason: 'clients that read the field break' },
  'optional-property-removed': { pair: ['error', 'warning'], reason: 'clients that read the field get nothing' },
  'property-became-required': { pair: NARROWING, reason: 'requests without it are refused / stored rows may lack it' },
  'property-became-optional': { pair: ['info', 'error'], reason: 'clients that rely on the field find it absent' },
  'additional-properties-closed': {
    pair: NARROWING,
    reason: 'unknown properties are refused; stored rows may carry some',
  },
  'additional-properties-opened': { pair: ['info', 'warning'], reason: 'unknown properties may now come back' },
  'additional-properties-schema-added': {
    pair: ['error', 'warning'],
    reason:
      'the generated type gains an index signature that every declared property must fit, so old object literals stop compiling',
  },
  'additional-properties-schema-removed': {
    pair: ['info', 'warning'],
    reason: 'additional properties are no longer constrained',
  },
  'one-of-added': {
    pair: WIDENING_VALUES,
    reason: 'a new alternative: clients may receive a shape they do not handle',
  },
  'one-of-removed': { pair: NARROWING, reason: 'values of the removed alternative are refused' },
  'any-of-added': {
    pair: WIDENING_VALUES,
    reason: 'a new alternative: clients may receive a shape they do not handle',
  },
  'any-of-removed': { pair: NARROWING, reason: 'values of the removed alternative are refused' },
  'default-value-changed': { pair: ['error', 'info'], reason: 'the same request now gets another answer' },
  'default-value-added': {
    pair: ['warning', 'info'],
    reason: 'a request without the value may now be answered differently',
  },
  'default-value-removed': {
    pair: ['warning', 'info'],
    reason: 'a request without the value may now be answered differently',
  },
  deprecated: { pair: ['info', 'info'], reason: 'still works; plan its removal' },
  reactivated: { pair: ['info', 'info'], reason: 'no longer deprecated' },
  'read-only-changed': { pair: ['warning', 'warning'], reason: 'where the field may be sent changed' },
  'write-only-changed': { pair: ['warning', 'warning'], reason: 'where the field may be read changed' },
};

const BOUNDS: Record<string, string> = {
  maxLength: 'max-length',
  maximum: 'max',
  exclusiveMaximum: 'exclusive-max',
  maxItems: 'max-items',
  maxProperties: 'max-properties',
  minLength: 'min-length',
  minimum: 'min',
  exclusiveMinimum: 'exclusive-min',
  minItems: 'min-items',
  minProperties: 'min-properties',
};
export const UPPER_BOUNDS = ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'] as const;
export const LOWER_BOUNDS = ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'] as const;
export const boundName = (key: string): string => BOUNDS[key]!;
for (const [key, name] of Object.entries(BOUNDS)) {
  const upper = (UPPER_BOUNDS as readonly string[]).includes(key);
  SCHEMA_CHANGES[`${name}-${upper ? 'decreased' : 'increased'}`] = {
    pair: NARROWING,
    reason: 'values the old bound allowed are refused; stored rows may hold them',
  };
  SCHEMA_CHANGES[`${name}-${upper ? 'increased' : 'decreased'}`] = {
    pair: WIDENING_BOUND,
    reason: 'values beyond the old bound may now come back',
  };
  SCHEMA_CHANGES[`${name}-set`] = {
    pair: NARROWING,
    reason: 'a new bound: values beyond it are refused; stored rows may hold them',
  };
  SCHEMA_CHANGES[`${name}-unset`] = { pair: WIDENING_BOUND, reason: 'values beyond the old bound may now come back' };
}

/** Rules that are not about one schema keyword. */
const OTHER_RULES: Rule[] = [
  // documents
  { id: 'spec-added', severity: 'info', reason: 'a new contract' },
  { id: 'spec-removed', severity: 'error', reason: 'every client of the contract breaks' },
  {
    id: 'generated-types-stale',
    severity: 'error',
    reason: 'generated/ was not regenerated from this YAML (`npm run generate`)',
  },
  {
    id: 'api-version-label-changed',
    severity: 'info',
    reason: 'a new version label: the README versioning policy lets a new version break',
  },
  { id: 'api-base-path-changed', severity: 'error', reason: 'every request goes to another URL' },
  { id: 'api-server-url-changed', severity: 'info', reason: 'the host changed, the base path did not' },
  { id: 'api-info-version-changed', severity: 'info', reason: 'the document version changed' },
  {
    id: 'documentation-changed',
    severity: 'info',
    reason: 'descriptions, summaries, titles or examples: no effect on the wire',
  },
  { id: 'extension-changed', severity: 'info', reason: 'an `x-` extension: read by tools, not by clients' },
  { id: 'api-tag-changed', severity: 'info', reason: 'tags group the documentation' },
  {
    id: 'equivalent-rewrite',
    severity: 'info',
    reason: 'written differently, with the same meaning (a default written out or left out)',
  },
  { id: 'unused-component-changed', severity: 'info', reason: 'no operation uses this component' },
  // operations
  { id: 'endpoint-added', severity: 'info', reason: 'additive' },
  { id: 'endpoint-removed', severity: 'error', reason: 'clients that call it break' },
  { id: 'endpoint-removed-after-deprecation', severity: 'warning', reason: 'it was deprecated first' },
  { id: 'endpoint-deprecated', severity: 'info', reason: 'still works; plan its removal' },
  { id: 'endpoint-reactivated', severity: 'info', reason: 'no longer deprecated' },
  {
    id: 'api-operation-id-changed',
    severity: 'error',
    reason: 'generated clients and handlers name operations by operationId',
  },
  { id: 'api-operation-id-added', severity: 'info', reason: 'generated clients gain a name' },
  { id: 'api-operation-id-removed', severity: 'error', reason: 'generated clients lose the name they call' },
  { id: 'api-operation-servers-changed', severity: 'error', reason: 'the operation is served from another URL' },
  // security
  { id: 'api-security-added', severity: 'error', reason: 'an operation open to all now needs credentials' },
  { id: 'api-security-removed', severity: 'error', reason: 'clients that authenticate this way are refused' },
  {
    id: 'api-security-alternative-added',
    severity: 'info',
    reason: 'another way to authenticate; the old one still works',
  },
  { id: 'api-security-scheme-type-changed', severity: 'error', reason: 'clients authenticate another way' },
  { id: 'api-security-scheme-name-changed', severity: 'error', reason: 'clients send the key under the old name' },
  { id: 'api-security-scheme-in-changed', severity: 'error', reason: 'clients send the key in the old place' },
  {
    id: 'api-security-scheme-scheme-changed',
    severity: 'error',
    reason: 'clients use the old HTTP authentication scheme',
  },
  { id: 'api-security-scheme-bearer-format-changed', severity: 'info', reason: 'documentation of the token' },
  {
    id: 'api-security-scheme-url-changed',
    severity: 'error',
    reason: 'clients fetch tokens or discovery from the old URL',
  },
  { id: 'api-security-scheme-scope-added', severity: 'info', reason: 'additive' },
  { id: 'api-security-scheme-scope-removed', severity: 'error', reason: 'clients that ask for it are refused' },
  {
    id: 'api-security-scheme-removed',
    severity: 'error',
    reason: 'an operation names a scheme the document no longer defines',
  },
  { id: 'api-security-scope-added', severity: 'error', reason: 'clients holding the old scopes are refused' },
  { id: 'api-security-scope-removed', severity: 'info', reason: 'fewer scopes needed' },
  // parameters
  {
    id: 'request-parameter-removed',
    severity: 'error',
    reason: 'clients that send it are refused (unknown parameters are 422)',
  },
  { id: 'request-required-parameter-added', severity: 'error', reason: 'old requests lack it' },
  { id: 'request-optional-parameter-added', severity: 'info', reason: 'additive' },
  { id: 'request-parameter-became-required', severity: 'error', reason: 'old requests without it are refused' },
  { id: 'request-parameter-became-optional', severity: 'info', reason: 'a relaxation' },
  {
    id: 'request-parameter-style-changed',
    severity: 'error',
    reason: 'the same values are serialized differently on the wire',
  },
  {
    id: 'request-path-parameter-renamed',
    severity: 'error',
    reason: 'the wire is the same but every typed-client call and every handler naming it stops compiling',
  },
  { id: 'request-parameter-deprecated', severity: 'info', reason: 'still accepted; plan its removal' },
  { id: 'request-parameter-reactivated', severity: 'info', reason: 'no longer deprecated' },
  { id: 'callback-request-parameter-removed', severity: 'error', reason: 'applications that read it get nothing' },
  { id: 'callback-request-required-parameter-added', severity: 'info', reason: 'the service sends more' },
  { id: 'callback-request-optional-parameter-added', severity: 'info', reason: 'the service may send more' },
  { id: 'callback-request-parameter-became-required', severity: 'info', reason: 'the service always sends it now' },
  {
    id: 'callback-request-parameter-became-optional',
    severity: 'error',
    reason: 'applications that rely on it find it absent',
  },
  { id: 'webhook-request-parameter-removed', severity: 'error', reason: 'applications that read it get nothing' },
  { id: 'webhook-request-required-parameter-added', severity: 'info', reason: 'the service sends more' },
  { id: 'webhook-request-optional-parameter-added', severity: 'info', reason: 'the service may send more' },
  { id: 'webhook-request-parameter-became-required', severity: 'info', reason: 'the service always sends it now' },
  {
    id: 'webhook-request-parameter-became-optional',
    severity: 'error',
    reason: 'applications that rely on it find it absent',
  },
  // request bodies
  { id: 'request-body-added-required', severity: 'error', reason: 'old requests have no body' },
  { id: 'request-body-added-optional', severity: 'info', reason: 'additive' },
  { id: 'request-body-removed', severity: 'error', reason: 'clients that send a body are refused' },
  { id: 'request-body-became-required', severity: 'error', reason: 'old requests without a body are refused' },
  { id: 'request-body-became-optional', severity: 'info', reason: 'a relaxation' },
  { id: 'request-body-media-type-added', severity: 'info', reason: 'additive' },
  { id: 'request-body-media-type-removed', severity: 'error', reason: 'clients that send it are refused (415)' },
  { id: 'callback-request-body-added', severity: 'info', reason: 'the service sends a body now' },
  { id: 'callback-request-body-removed', severity: 'error', reason: 'applications that read the body get none' },
  {
    id: 'callback-request-body-media-type-added',
    severity: 'error',
    reason: 'applications receive a media type they do not parse',
  },
  { id: 'callback-request-body-media-type-removed', severity: 'warning', reason: 'the service no longer sends it' },
  { id: 'webhook-request-body-added', severity: 'info', reason: 'the service sends a body now' },
  { id: 'webhook-request-body-removed', severity: 'error', reason: 'applications that read the body get none' },
  {
    id: 'webhook-request-body-media-type-added',
    severity: 'error',
    reason: 'applications receive a media type they do not parse',
  },
  { id: 'webhook-request-body-media-type-removed', severity: 'warning', reason: 'the service no longer sends it' },
  // responses
  {
    id: 'response-success-status-added',
    severity: 'info',
    reason: 'clients that check for the old status may miss it',
  },
  { id: 'response-non-success-status-added', severity: 'info', reason: 'a newly documented error' },
  { id: 'response-success-status-removed', severity: 'error', reason: 'clients that wait for it never get it' },
  { id: 'response-non-success-status-removed', severity: 'warning', reason: 'an error is no longer documented' },
  { id: 'response-media-type-added', severity: 'info', reason: 'only sent when asked for' },
  { id: 'response-media-type-removed', severity: 'error', reason: 'clients that parse it get something else' },
  { id: 'response-header-added', severity: 'info', reason: 'additive' },
  { id: 'response-required-header-removed', severity: 'error', reason: 'clients that read it get nothing' },
  { id: 'response-optional-header-removed', severity: 'warning', reason: 'clients that read it get nothing' },
  { id: 'response-header-became-optional', severity: 'error', reason: 'clients that rely on it find it absent' },
  { id: 'response-header-became-required', severity: 'info', reason: 'always sent now' },
  { id: 'callback-response-status-added', severity: 'info', reason: 'the service handles another answer' },
  {
    id: 'callback-response-status-removed',
    severity: 'warning',
    reason: 'an answer the application gives is no longer documented',
  },
  { id: 'webhook-response-status-added', severity: 'info', reason: 'the service handles another answer' },
  {
    id: 'webhook-response-status-removed',
    severity: 'warning',
    reason: 'an answer the application gives is no longer documented',
  },
  // callbacks and webhooks
  { id: 'callback-added', severity: 'warning', reason: 'applications must now answer a request they never got' },
  { id: 'callback-removed', severity: 'warning', reason: 'applications no longer get it' },
  { id: 'webhook-added', severity: 'info', reason: 'additive for the applications that subscribe' },
  { id: 'webhook-removed', severity: 'error', reason: 'applications waiting for it never get it' },
  // the compiler's view (scripts/lib/type-compat.ts)
  {
    id: 'type-request-incompatible',
    severity: 'error',
    reason: 'values of the old request types do not fit the new ones: clients stop compiling',
  },
  {
    id: 'type-response-incompatible',
    severity: 'error',
    reason: 'values of the new response types do not fit the old ones: clients stop compiling',
  },
  // the net that catches what no rule names
  { id: 'unclassified', severity: 'warning', reason: 'no rule judges this difference: review it' },
];

function buildRules(): Map<string, Rule> {
  const rules = new Map<string, Rule>();
  for (const rule of OTHER_RULES) rules.set(rule.id, rule);
  for (const loc of LOCATIONS) {
    for (const subject of SUBJECTS_AT[loc]) {
      for (const [change, { pair, reason }] of Object.entries(SCHEMA_CHANGES)) {
        const id = schemaRuleId(loc, subject, change);
        if (rules.has(id)) continue;
        const side = accepts(loc) ? 0 : 1;
        // `requests / responses` reasons, or one for both (where the service accepts a value, stored rows do not matter).
        const parts = reason.split(' / ');
        const why = side === 0 ? parts[0]!.replace(/; stored rows.*$/, '') : parts.at(-1)!;
        rules.set(id, {
          id,
          severity: pair[side],
          reason: why,
          storedData: side === 1 && pair[2] === 'stored' && loc === 'response' ? true : undefined,
        });
      }
    }
  }
  return rules;
}

/** `request` + `property` + `max-length-decreased` → `request-property-max-length-decreased`. */
export function schemaRuleId(loc: Location, subject: Subject, change: string): string {
  const m = /^(required|optional)-property-(added|removed)$/.exec(change);
  if (m) {
    // `response-required-property-added`; for a parameter or a header, `...-parameter-required-property-added`.
    const prefix = subject === 'body' || subject === 'property' ? loc : `${loc}-${subject.replace(/-property$/, '')}`;
    return `${prefix}-${change}`;
  }
  if (change.startsWith('property-')) {
    const prefix = subject === 'body' || subject === 'property' ? loc : `${loc}-${subject.replace(/-property$/, '')}`;
    return `${prefix}-${change}`;
  }
  return `${loc}-${subject}-${change}`;
}

export const RULES: ReadonlyMap<string, Rule> = buildRules();

export function ruleOf(id: string): Rule {
  const rule = RULES.get(id);
  if (!rule) throw new Error(`contract checker: no rule ${id}`);
  return rule;
}
