// spec:diff on single edits of the real contracts (a table: rule id, severity, exit code), the
// compiler's view, the policy and the accepted-changes file, two git refs and a stale generated/,
// the report formats; spec:lint on the committed YAML documents.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument, type Document } from 'yaml';
import { main } from '../../scripts/spec-diff.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[], cwd = root): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsx, path.join(root, 'scripts', script), ...args],
      { cwd, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 32 * 1024 * 1024 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : 99) : 0, stdout, stderr });
      },
    );
  });
}

/** spec:diff in-process (no tsx start-up per case); one test below runs the real command. */
async function specDiff(args: string[], cwd = root): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { cwd, stdout: (t) => (stdout += `${t}\n`), stderr: (t) => (stderr += `${t}\n`) });
  return { code, stdout, stderr };
}

interface JsonChange {
  rule: string;
  severity: string;
  operation: string;
  where: string;
  field: string;
  change: string;
  file: string;
  line?: number;
  storedData?: boolean;
  places: { operation: string }[];
  accepted?: unknown;
}
interface JsonReport {
  result: string;
  counts: Record<string, number>;
  specs: {
    name: string;
    changes: JsonChange[];
    types?: { failures: { operation: string; part: string; message: string; explained: boolean }[]; hunks: unknown[] };
  }[];
}

type Spec = 'orders' | 'keys';
let tmp: string;
let counter = 0;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'spec-diff-test-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

const original = (spec: Spec) => readFileSync(path.join(root, 'openapi', `${spec}.yaml`), 'utf8');
/** Each contract parsed once; an edit works on a clone (a third of a parse's time). */
const parsed = new Map<Spec, Document>();

/** A copy of the real contract with one edit applied, written to the temp folder. */
function edited(spec: Spec, edit: (doc: Document) => void): string {
  let base = parsed.get(spec);
  if (!base) parsed.set(spec, (base = parseDocument(original(spec))));
  const doc = base.clone();
  edit(doc);
  const file = path.join(tmp, `${spec}-${++counter}.yaml`);
  writeFileSync(file, doc.toString());
  return file;
}

async function review(
  spec: Spec,
  edit: (doc: Document) => void,
  args: string[] = [],
): Promise<{ code: number; json: JsonReport; file: string }> {
  const file = edited(spec, edit);
  const run = await specDiff([
    '--before',
    path.join(root, 'openapi', `${spec}.yaml`),
    '--after',
    file,
    '--format',
    'json',
    ...args,
  ]);
  expect(run.stderr).toBe('');
  return { code: run.code, json: JSON.parse(run.stdout) as JsonReport, file };
}

const changesOf = (json: JsonReport) => json.specs.flatMap((s) => s.changes);

// Short-hands for the edits.
const get = (doc: Document, p: (string | number)[]) => doc.getIn(p) as unknown;
const set = (doc: Document, p: (string | number)[], value: unknown) => doc.setIn(p, doc.createNode(value));
const list = (doc: Document, p: (string | number)[]) => (doc.getIn(p) as { toJSON(): unknown[] }).toJSON();
const S = (name: string, ...rest: (string | number)[]) => ['components', 'schemas', name, ...rest];
const CALLBACK_ERROR = [
  'components',
  'callbacks',
  'UserReturned',
  '{$request.body#/clientReturnUrl}',
  'get',
  'parameters',
  2,
  'schema',
  'enum',
];

function renameOrderPathParameter(doc: Document) {
  const item = get(doc, ['paths', '/orders/{id}']);
  doc.deleteIn(['paths', '/orders/{id}']);
  doc.setIn(['paths', '/orders/{orderId}'], item);
  set(doc, ['components', 'parameters', 'OrderPathId', 'name'], 'orderId');
}

interface Case {
  name: string;
  spec: Spec;
  edit: (doc: Document) => void;
  rule: string;
  severity: 'error' | 'warning' | 'info' | 'unclassified';
  exit: number;
  args?: string[];
  /** Also expected: the field named, a change marked as stored-data narrowing. */
  field?: string;
  storedData?: boolean;
  /** A match for the change's text. */
  change?: RegExp;
}

const cases: Case[] = [
  // The issue's silent ones, and their mirror images.
  {
    name: 'API-key header renamed in securitySchemes',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'securitySchemes', 'ApiKey', 'name'], 'x-api-key'),
    rule: 'api-security-scheme-name-changed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'API-key scheme moved from header to query',
    spec: 'keys',
    edit: (d) => set(d, ['components', 'securitySchemes', 'ApiKey', 'in'], 'query'),
    rule: 'api-security-scheme-in-changed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'API-key scheme description reworded (mirror: documentation only)',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'securitySchemes', 'ApiKey', 'description'], 'A key.'),
    rule: 'documentation-changed',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'path parameter {id} renamed to {orderId}',
    spec: 'orders',
    edit: renameOrderPathParameter,
    rule: 'request-path-parameter-renamed',
    severity: 'error',
    exit: 1,
    field: 'path.orderId',
  },
  {
    name: 'path parameter description changed (mirror: same name)',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'parameters', 'OrderPathId', 'description'], 'The order.'),
    rule: 'documentation-changed',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'closed object: additionalProperties false → a schema',
    spec: 'orders',
    edit: (d) => set(d, S('Address', 'additionalProperties'), { type: 'string' }),
    rule: 'request-property-additional-properties-schema-added',
    severity: 'error',
    exit: 1,
    field: 'shipping_address',
  },
  {
    name: 'closed object opened (additionalProperties false removed) on a request',
    spec: 'orders',
    edit: (d) => d.deleteIn(S('Address', 'additionalProperties')),
    rule: 'request-property-additional-properties-opened',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'open response object closed',
    spec: 'orders',
    edit: (d) => set(d, S('Order', 'additionalProperties'), false),
    rule: 'response-property-additional-properties-closed',
    severity: 'warning',
    exit: 0,
    storedData: true,
  },
  {
    name: "enum value added to a callback's error",
    spec: 'keys',
    edit: (d) => set(d, CALLBACK_ERROR, [...list(d, CALLBACK_ERROR), 'rate_limited']),
    rule: 'callback-request-parameter-enum-value-added',
    severity: 'error',
    exit: 1,
    field: 'query.error',
  },
  {
    name: "enum value removed from a callback's error (mirror)",
    spec: 'keys',
    edit: (d) => set(d, CALLBACK_ERROR, list(d, CALLBACK_ERROR).slice(1)),
    rule: 'callback-request-parameter-enum-value-removed',
    severity: 'warning',
    exit: 0,
  },
  {
    name: 'callback parameter made optional',
    spec: 'keys',
    edit: (d) =>
      set(
        d,
        [
          'components',
          'callbacks',
          'UserReturned',
          '{$request.body#/clientReturnUrl}',
          'get',
          'parameters',
          0,
          'required',
        ],
        false,
      ),
    rule: 'callback-request-parameter-became-optional',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'query parameter default changed (limit 10 → 25)',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'parameters', 'Limit', 'schema', 'default'], 25),
    rule: 'request-parameter-default-value-changed',
    severity: 'error',
    exit: 1,
    field: 'query.limit',
  },
  {
    name: 'query parameter default removed (mirror)',
    spec: 'orders',
    edit: (d) => d.deleteIn(['components', 'parameters', 'Limit', 'schema', 'default']),
    rule: 'request-parameter-default-value-removed',
    severity: 'warning',
    exit: 0,
  },
  {
    name: 'query parameter default removed, --fail-on warning',
    spec: 'orders',
    edit: (d) => d.deleteIn(['components', 'parameters', 'Limit', 'schema', 'default']),
    rule: 'request-parameter-default-value-removed',
    severity: 'warning',
    exit: 1,
    args: ['--fail-on', 'warning'],
  },
  // Response-side narrowing: stored rows may not fit.
  {
    name: 'new required response field',
    spec: 'orders',
    edit: (d) => {
      set(d, S('Store', 'properties', 'plan'), { type: 'string' });
      set(d, S('Store', 'required'), [...list(d, S('Store', 'required')), 'plan']);
    },
    rule: 'response-required-property-added',
    severity: 'warning',
    exit: 0,
    storedData: true,
  },
  {
    name: 'required response field removed (mirror)',
    spec: 'orders',
    edit: (d) => {
      d.deleteIn(S('Store', 'properties', 'source_id'));
      set(
        d,
        S('Store', 'required'),
        list(d, S('Store', 'required')).filter((n) => n !== 'source_id'),
      );
    },
    rule: 'response-required-property-removed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'response field made optional',
    spec: 'orders',
    edit: (d) =>
      set(
        d,
        S('Store', 'required'),
        list(d, S('Store', 'required')).filter((n) => n !== 'name'),
      ),
    rule: 'response-property-became-optional',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'response-only enum value removed',
    spec: 'orders',
    edit: (d) => set(d, S('Store', 'properties', 'name'), { type: 'string', enum: ['a', 'b'] }),
    rule: 'response-property-became-enum',
    severity: 'warning',
    exit: 0,
    storedData: true,
  },
  {
    name: 'response enum value added (FinancialStatus)',
    spec: 'orders',
    edit: (d) => set(d, S('FinancialStatus', 'enum'), [...list(d, S('FinancialStatus', 'enum')), 'disputed']),
    rule: 'response-property-enum-value-added',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'response enum value removed (FinancialStatus, also a request)',
    spec: 'orders',
    edit: (d) => set(d, S('FinancialStatus', 'enum'), list(d, S('FinancialStatus', 'enum')).slice(1)),
    rule: 'response-property-enum-value-removed',
    severity: 'warning',
    exit: 1,
    storedData: true,
  },
  {
    name: 'narrower response bound (Store.phone maxLength 256 → 32)',
    spec: 'orders',
    edit: (d) => set(d, S('Store', 'properties', 'phone', 'maxLength'), 32),
    rule: 'response-property-max-length-decreased',
    severity: 'warning',
    exit: 0,
    storedData: true,
  },
  {
    name: 'wider response bound (Store.phone maxLength 256 → 512)',
    spec: 'orders',
    edit: (d) => set(d, S('Store', 'properties', 'phone', 'maxLength'), 512),
    rule: 'response-property-max-length-increased',
    severity: 'warning',
    exit: 0,
  },
  {
    name: 'response type change (Store.name string → integer)',
    spec: 'orders',
    edit: (d) => set(d, S('Store', 'properties', 'name', 'type'), 'integer'),
    rule: 'response-property-type-changed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'response field became nullable',
    spec: 'orders',
    edit: (d) => set(d, S('Store', 'properties', 'name', 'type'), ['string', 'null']),
    rule: 'response-property-became-nullable',
    severity: 'error',
    exit: 1,
  },
  // Security requirements.
  {
    name: 'alternative security requirement added',
    spec: 'orders',
    edit: (d) => {
      set(d, ['components', 'securitySchemes', 'Bearer'], { type: 'http', scheme: 'bearer' });
      set(d, ['security'], [{ ApiKey: [] }, { Bearer: [] }]);
    },
    rule: 'api-security-alternative-added',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'security requirement replaced (mirror: the old one removed)',
    spec: 'orders',
    edit: (d) => {
      set(d, ['components', 'securitySchemes', 'Bearer'], { type: 'http', scheme: 'bearer' });
      set(d, ['security'], [{ Bearer: [] }]);
    },
    rule: 'api-security-removed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'security added to an open operation',
    spec: 'keys',
    edit: (d) => set(d, ['paths', '/prompt', 'get', 'security'], [{ ApiKey: [] }]),
    rule: 'api-security-added',
    severity: 'error',
    exit: 1,
  },
  // Patterns.
  {
    name: 'request pattern widened (Currency [A-Z]{3} → [A-Za-z]{3})',
    spec: 'orders',
    edit: (d) => set(d, S('Currency', 'pattern'), '^[A-Za-z]{3}$'),
    rule: 'request-property-pattern-generalized',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'request pattern narrowed (mirror)',
    spec: 'orders',
    edit: (d) => set(d, S('Currency', 'pattern'), '^[A-F]{3}$'),
    rule: 'request-property-pattern-changed',
    severity: 'error',
    exit: 1,
  },
  // The coming branches: Idempotency-Key, 409/422, new operations, source_id required.
  {
    name: 'optional header parameter on a POST (as Idempotency-Key was)',
    spec: 'orders',
    edit: (d) =>
      set(
        d,
        ['paths', '/orders', 'post', 'parameters'],
        [
          ...list(d, ['paths', '/orders', 'post', 'parameters']),
          {
            name: 'Trace-Context',
            in: 'header',
            required: false,
            schema: { type: 'string', minLength: 1, maxLength: 255 },
          },
        ],
      ),
    rule: 'request-optional-parameter-added',
    severity: 'info',
    exit: 0,
    field: 'header.trace-context',
  },
  {
    name: 'header parameter removed (mirror)',
    spec: 'orders',
    edit: (d) => d.deleteIn(['paths', '/orders', 'parameters', 0]),
    rule: 'request-parameter-removed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'new required query parameter',
    spec: 'orders',
    edit: (d) =>
      set(
        d,
        ['paths', '/stores', 'get', 'parameters'],
        [{ name: 'region', in: 'query', required: true, schema: { type: 'string' } }],
      ),
    rule: 'request-required-parameter-added',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'new 409 response',
    spec: 'orders',
    edit: (d) =>
      set(d, ['paths', '/orders/{id}', 'patch', 'responses', '409'], { $ref: '#/components/responses/Conflict' }),
    rule: 'response-non-success-status-added',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'documented error response removed (mirror)',
    spec: 'orders',
    edit: (d) => d.deleteIn(['paths', '/orders', 'post', 'responses', '409']),
    rule: 'response-non-success-status-removed',
    severity: 'warning',
    exit: 0,
  },
  {
    name: 'success response removed',
    spec: 'orders',
    edit: (d) => {
      set(
        d,
        ['paths', '/stores', 'post', 'responses', '200'],
        get(d, ['paths', '/stores', 'post', 'responses', '201']),
      );
      d.deleteIn(['paths', '/stores', 'post', 'responses', '201']);
    },
    rule: 'response-success-status-removed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'new operation',
    spec: 'orders',
    edit: (d) =>
      set(d, ['paths', '/widgets/{id}'], {
        get: { operationId: 'getWidget', summary: 'Get a widget', responses: { '200': { description: 'OK' } } },
      }),
    rule: 'endpoint-added',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'operation removed (mirror)',
    spec: 'orders',
    edit: (d) => d.deleteIn(['paths', '/locations/{id}', 'get']),
    rule: 'endpoint-removed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'order item sku optional → required on a create',
    spec: 'orders',
    edit: (d) => set(d, S('OrderItemCreate', 'required'), ['source_id', 'quantity', 'sku']),
    rule: 'request-property-became-required',
    severity: 'error',
    exit: 1,
    field: 'items[].sku',
  },
  {
    name: 'order item source_id required → optional (mirror)',
    spec: 'orders',
    edit: (d) =>
      set(
        d,
        S('OrderCreate', 'required'),
        list(d, S('OrderCreate', 'required')).filter((n) => n !== 'source_id'),
      ),
    rule: 'request-property-became-optional',
    severity: 'info',
    exit: 0,
  },
  // Request bodies and fields.
  {
    name: 'new optional request field',
    spec: 'orders',
    edit: (d) => set(d, S('StoreCreate', 'properties', 'slogan'), { type: 'string', maxLength: 80 }),
    rule: 'request-optional-property-added',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'new required request field',
    spec: 'orders',
    edit: (d) => {
      set(d, S('StoreCreate', 'properties', 'slogan'), { type: 'string' });
      set(d, S('StoreCreate', 'required'), [...list(d, S('StoreCreate', 'required')), 'slogan']);
    },
    rule: 'request-required-property-added',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'request field removed',
    spec: 'orders',
    edit: (d) => d.deleteIn(S('StoreCreate', 'properties', 'phone')),
    rule: 'request-property-removed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'request maxLength narrowed',
    spec: 'orders',
    edit: (d) => set(d, S('StoreCreate', 'properties', 'name', 'maxLength'), 100),
    rule: 'request-property-max-length-decreased',
    severity: 'error',
    exit: 1,
    field: 'name',
  },
  {
    name: 'request maxLength widened (mirror)',
    spec: 'orders',
    edit: (d) => set(d, S('StoreCreate', 'properties', 'name', 'maxLength'), 512),
    rule: 'request-property-max-length-increased',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'query parameter maximum lowered',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'parameters', 'Limit', 'schema', 'maximum'], 20),
    rule: 'request-parameter-max-decreased',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'query parameter minimum lowered (mirror)',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'parameters', 'Page', 'schema', 'minimum'], 0),
    rule: 'request-parameter-min-decreased',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'query parameter made required',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'parameters', 'Limit', 'required'], true),
    rule: 'request-parameter-became-required',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'request body made optional',
    spec: 'orders',
    edit: (d) => set(d, ['paths', '/stores', 'post', 'requestBody', 'required'], false),
    rule: 'request-body-became-optional',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'request media type removed',
    spec: 'orders',
    edit: (d) => {
      const rb = ['paths', '/stores', 'post', 'requestBody', 'content'];
      set(d, [...rb, 'application/merge-patch+json'], get(d, [...rb, 'application/json']));
      d.deleteIn([...rb, 'application/json']);
    },
    rule: 'request-body-media-type-removed',
    severity: 'error',
    exit: 1,
  },
  // Not `required` in the YAML, but openapi-typescript types it as always present: the compiler refuses, so exit 1.
  {
    name: 'response header removed',
    spec: 'orders',
    edit: (d) => d.deleteIn(['components', 'responses', 'StoreCreated', 'headers', 'x-request-id']),
    rule: 'response-optional-header-removed',
    severity: 'warning',
    exit: 1,
  },
  {
    name: 'response header removed, as the compiler sees it',
    spec: 'orders',
    edit: (d) => d.deleteIn(['components', 'responses', 'StoreCreated', 'headers', 'x-request-id']),
    rule: 'type-response-incompatible',
    severity: 'error',
    exit: 1,
  },
  // Operations, versions, documentation, the rest.
  {
    name: 'operationId changed',
    spec: 'orders',
    edit: (d) => set(d, ['paths', '/stores', 'get', 'operationId'], 'getStores'),
    rule: 'api-operation-id-changed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'operation deprecated',
    spec: 'orders',
    edit: (d) => set(d, ['paths', '/stores', 'get', 'deprecated'], true),
    rule: 'endpoint-deprecated',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'request field deprecated',
    spec: 'orders',
    edit: (d) => set(d, S('StoreCreate', 'properties', 'phone', 'deprecated'), true),
    rule: 'request-property-deprecated',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'summary reworded',
    spec: 'orders',
    edit: (d) => set(d, ['paths', '/stores', 'get', 'summary'], 'List the stores'),
    rule: 'documentation-changed',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'path item summary added (shared by its operations)',
    spec: 'orders',
    edit: (d) => set(d, ['paths', '/stores', 'summary'], 'Stores'),
    rule: 'documentation-changed',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'path item servers changed',
    spec: 'orders',
    edit: (d) => set(d, ['paths', '/stores', 'servers'], [{ url: 'https://stores.example.com/commerce/2024-07' }]),
    rule: 'api-operation-servers-changed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'extension added',
    spec: 'orders',
    edit: (d) => set(d, ['paths', '/stores', 'get', 'x-internal'], true),
    rule: 'extension-changed',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'a breaking change under a new version label',
    spec: 'orders',
    edit: (d) => {
      set(d, ['servers', 0, 'url'], String(get(d, ['servers', 0, 'url'])).replace('2024-07', '2025-01'));
      d.deleteIn(['paths', '/locations/{id}', 'get']);
    },
    rule: 'api-version-label-changed',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'base path changed without a version label (mirror)',
    spec: 'keys',
    edit: (d) =>
      set(d, ['servers', 0, 'url'], String(get(d, ['servers', 0, 'url'])).replace('/keygen', '/keys-service')),
    rule: 'api-base-path-changed',
    severity: 'error',
    exit: 1,
  },
  {
    name: 'response field probably renamed',
    spec: 'orders',
    edit: (d) => {
      set(d, S('Store', 'properties', 'telephone'), get(d, S('Store', 'properties', 'phone')));
      d.deleteIn(S('Store', 'properties', 'phone'));
    },
    rule: 'response-optional-property-removed',
    severity: 'warning',
    exit: 0,
    change: /^property removed \(probably renamed to `telephone`\)$/,
  },
  {
    name: 'readOnly added',
    spec: 'orders',
    edit: (d) => set(d, S('Store', 'properties', 'id', 'readOnly'), true),
    rule: 'response-property-read-only-changed',
    severity: 'warning',
    exit: 0,
  },
  {
    name: 'a keyword no rule knows (parameter allowReserved)',
    spec: 'orders',
    edit: (d) => set(d, ['components', 'parameters', 'Sort', 'allowReserved'], true),
    rule: 'unclassified',
    severity: 'unclassified',
    exit: 1,
  },
  // Callbacks and webhooks are judged the other way round: the service sends the request.
  {
    name: 'callback removed',
    spec: 'keys',
    edit: (d) => d.deleteIn(['paths', '/keys/{keyId}/transactions/generate', 'post', 'callbacks']),
    rule: 'callback-removed',
    severity: 'warning',
    exit: 0,
  },
  {
    name: 'callback added (mirror)',
    spec: 'keys',
    edit: (d) =>
      set(d, ['paths', '/keys', 'post', 'callbacks'], {
        userReturned: { $ref: '#/components/callbacks/UserReturned' },
      }),
    rule: 'callback-added',
    severity: 'warning',
    exit: 0,
  },
  {
    name: 'webhook added',
    spec: 'orders',
    edit: (d) =>
      set(d, ['webhooks'], {
        orderCreated: {
          post: {
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } } } } },
            },
            responses: { '200': { description: 'OK' } },
          },
        },
      }),
    rule: 'webhook-added',
    severity: 'info',
    exit: 0,
  },
  {
    name: 'unused component added',
    spec: 'orders',
    edit: (d) => set(d, S('Unused'), { type: 'string' }),
    rule: 'unused-component-changed',
    severity: 'info',
    exit: 0,
  },
];

describe.concurrent('spec:diff judges single edits of the real contracts', () => {
  it('has at least 40 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it.each(cases)(
    '$name: $rule ($severity), exit $exit',
    async (c) => {
      const { code, json } = await review(c.spec, c.edit, c.args);
      const changes = changesOf(json);
      const found = changes.filter((x) => x.rule === c.rule);
      expect(
        found,
        JSON.stringify(
          changes.map((x) => `${x.rule} ${x.severity} ${x.operation} ${x.field} ${x.change}`),
          null,
          1,
        ),
      ).not.toHaveLength(0);
      const expectedSeverity = c.severity === 'unclassified' ? 'warning' : c.severity;
      expect(found.map((x) => x.severity)).toContain(expectedSeverity);
      if (c.field) expect(found.map((x) => x.field)).toContain(c.field);
      if (c.storedData) expect(found.some((x) => x.storedData)).toBe(true);
      if (c.change) expect(found.map((x) => x.change)).toContainEqual(expect.stringMatching(c.change));
      expect(code).toBe(c.exit);
      // Every change points at a line of the YAML.
      for (const x of changes)
        if (x.rule !== 'generated-types-stale' && !x.rule.startsWith('type-'))
          expect(x.line, `${x.rule} ${x.change}`).toBeGreaterThan(0);
    },
    60_000,
  );
});

describe.concurrent('spec:diff reports', () => {
  it('counts changes, not the places they reach, and groups a shared change under its component', async () => {
    const file = edited('orders', (d) =>
      set(d, S('FinancialStatus', 'enum'), [...list(d, S('FinancialStatus', 'enum')), 'disputed']),
    );
    const { code, stdout } = await specDiff(['--before', 'openapi/orders.yaml', '--after', file]);
    expect(code).toBe(1);
    // One enum value: one error (the responses) and one info (the requests), however many operations carry it.
    expect(stdout).toMatch(/: 2 changes \(1 error, 0 warning, 1 info, 0 unclassified, 0 accepted\) at \d+ places\./);
    expect(stdout).toContain('operations through `components/schemas/FinancialStatus`');
    expect(stdout).toMatch(
      /- ❌ `response-property-enum-value-added` response 200 `data\.[^`]*financial_status`: enum value `disputed` added · \[.*:\d+\]\(.*#L\d+\)/,
    );
    expect(stdout).toContain('<details><summary>why ·');
  }, 60_000);

  it('shows the compiler message for the path-parameter rename and the additionalProperties schema', async () => {
    const renamed = await specDiff([
      '--before',
      'openapi/orders.yaml',
      '--after',
      edited('orders', renameOrderPathParameter),
    ]);
    expect(renamed.code).toBe(1);
    const types = renamed.stdout.slice(renamed.stdout.indexOf('### Type-level compatibility'));
    expect(types).toContain(
      '`GET /orders/{orderId}` request parameters: the compiler refuses the old values in the new types, as the rules above say:',
    );
    expect(types).toContain(
      "Property 'orderId' is missing in type '{ id: string; }' but required in type '{ orderId: string; }'.",
    );
    expect(types).toContain('+                orderId: components["parameters"]["OrderPathId"];');

    const opened = await specDiff([
      '--before',
      'openapi/orders.yaml',
      '--after',
      edited('orders', (d) => set(d, S('Address', 'additionalProperties'), { type: 'string' })),
    ]);
    expect(opened.code).toBe(1);
    const openedTypes = opened.stdout.slice(opened.stdout.indexOf('### Type-level compatibility'));
    expect(openedTypes).toContain(
      '`POST /orders` request body: the compiler refuses the old values in the new types, as the rules above say:',
    );
    expect(openedTypes).toContain("Property 'street_2' is incompatible with index signature.");
    expect(openedTypes).toContain('+            [key: string]: string;');
  }, 60_000);

  it('turns a compiler refusal that no rule explains into an error of its own', async () => {
    // The YAML does not mark the header required, so the rule says warning; the generated type holds it as always present.
    const file = edited('orders', (d) =>
      d.deleteIn(['components', 'responses', 'StoreCreated', 'headers', 'x-request-id']),
    );
    const { code, stdout } = await specDiff(['--before', 'openapi/orders.yaml', '--after', file]);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /- ⚠️ `response-optional-header-removed` response 201 header `x-request-id`: response header removed/,
    );
    expect(stdout).toMatch(
      /- ❌ `type-response-incompatible` response 201: the compiler refuses the new response types in the old/,
    );
    expect(stdout).toContain(
      '`POST /stores` response 201: ❌ the compiler refuses the new values in the old types, and **no rule said so**:',
    );
    expect(stdout).toContain(`Property '"x-request-id"' is missing in type`);
  }, 60_000);

  it("judges the commerce branch's correction (an item's source_id required on a create) an error to accept", async () => {
    const before = edited('orders', (d) => set(d, S('OrderItemCreate', 'required'), ['quantity']));
    const { code, stdout } = await specDiff(['--before', before, '--after', 'openapi/orders.yaml', '--format', 'json']);
    expect(code).toBe(1);
    const changes = changesOf(JSON.parse(stdout) as JsonReport);
    expect(changes.map((c) => `${c.rule} ${c.severity} ${c.operation} ${c.field}`)).toEqual([
      'request-property-became-required error POST /orders items[].source_id',
    ]);
  }, 60_000);

  it('judges a webhook request as the service sends it: a new enum value is an error, a removed one is not', async () => {
    const hook = (values: string[]) => (d: Document) =>
      set(d, ['webhooks'], {
        orderCreated: {
          post: {
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['id'],
                    properties: { id: { type: 'string' }, status: { type: 'string', enum: values } },
                  },
                },
              },
            },
            responses: { '200': { description: 'OK' } },
          },
        },
      });
    const two = edited('orders', hook(['open', 'closed']));
    const three = edited('orders', hook(['open', 'closed', 'archived']));
    const added = JSON.parse(
      (await specDiff(['--before', two, '--after', three, '--format', 'json'])).stdout,
    ) as JsonReport;
    expect(changesOf(added).map((c) => `${c.rule} ${c.severity} ${c.operation}`)).toEqual([
      'webhook-request-property-enum-value-added error webhook orderCreated POST orderCreated',
    ]);
    const removed = await specDiff(['--before', three, '--after', two, '--format', 'json']);
    expect(changesOf(JSON.parse(removed.stdout) as JsonReport).map((c) => `${c.rule} ${c.severity}`)).toEqual([
      'webhook-request-property-enum-value-removed warning',
    ]);
    expect(removed.code).toBe(0);
  }, 60_000);

  it('prints GitHub annotations, text and JSON', async () => {
    const file = edited('orders', (d) => set(d, ['components', 'parameters', 'Limit', 'schema', 'default'], 25));
    const github = await specDiff(['--before', 'openapi/orders.yaml', '--after', file, '--format', 'github']);
    expect(github.code).toBe(1);
    expect(github.stdout).toMatch(
      /^::error file=.*orders-\d+\.yaml,line=\d+,title=request-parameter-default-value-changed::GET \/\w+ parameter query\.limit: default 10 → 25 \(and \d+ more places\)$/m,
    );
    const text = await specDiff(['--before', 'openapi/orders.yaml', '--after', file, '--format', 'text']);
    expect(text.stdout).toMatch(
      /^ERROR +request-parameter-default-value-changed +GET \/\w+ parameter query\.limit: default 10 → 25 \(\+\d+ places\)/m,
    );
    const json = await specDiff(['--before', 'openapi/orders.yaml', '--after', file, '--format', 'json']);
    expect(JSON.parse(json.stdout).counts).toMatchObject({ changes: 1, error: 1 });
  }, 60_000);

  it('lists every rule with its severity, and refuses bad arguments with exit 2', async () => {
    const rules = await specDiff(['--rules']);
    expect(rules.code).toBe(0);
    expect(rules.stdout).toMatch(/^request-path-parameter-renamed\terror\t/m);
    expect(rules.stdout).toMatch(/^response-required-property-added\twarning\t/m);
    expect((await specDiff(['--before', 'only-one.yaml'])).code).toBe(2);
    expect((await specDiff(['--fail-on', 'sometimes'])).stderr).toContain('--fail-on takes error|warning|info');
    const incomplete = path.join(tmp, 'accepted-incomplete.yaml');
    writeFileSync(incomplete, 'accepted:\n  - rule: request-property-became-required\n    operation: POST /orders\n');
    const refused = await specDiff([
      '--before',
      'openapi/orders.yaml',
      '--after',
      'openapi/orders.yaml',
      '--accepted',
      incomplete,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('entry 1 lacks reason, accepted_by, date');
    writeFileSync(
      incomplete,
      'accepted:\n  - {rule: no-such-rule, operation: "*", reason: r, accepted_by: a, date: 2026-11-24}\n',
    );
    expect(
      (await specDiff(['--before', 'openapi/orders.yaml', '--after', 'openapi/orders.yaml', '--accepted', incomplete]))
        .stderr,
    ).toContain('no rule no-such-rule');
  }, 30_000);

  it('runs as the npm script', async () => {
    const file = edited('orders', (d) => set(d, S('OrderCreate', 'properties', 'number', 'maxLength'), 32));
    const { code, stdout } = await runScript('spec-diff.ts', [
      '--before',
      'openapi/orders.yaml',
      '--after',
      file,
      '--format',
      'text',
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(
      /request-property-max-length-decreased +POST \/orders request body number: maxLength 64 → 32/,
    );
  }, 120_000);
});

describe('spec:diff between git refs', () => {
  it('compares two commits, honours openapi/accepted-changes.yaml, and fails on a stale generated/', async () => {
    const repo = path.join(tmp, 'repo');
    for (const dir of ['openapi', 'generated/orders', 'generated/keys'])
      mkdirSync(path.join(repo, dir), { recursive: true });
    for (const spec of ['orders', 'keys'] as const) {
      cpSync(path.join(root, 'openapi', `${spec}.yaml`), path.join(repo, 'openapi', `${spec}.yaml`));
      cpSync(path.join(root, 'generated', spec, 'types.ts'), path.join(repo, 'generated', spec, 'types.ts'));
    }
    const g = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    const commit = (message: string) => {
      g('add', '-A');
      g('commit', '-qm', message);
    };
    g('init', '-q', '-b', 'main');
    commit('base');

    // Unchanged, and generated/ fresh: exit 0.
    const same = await specDiff(['HEAD'], repo);
    expect(same.stdout).toContain('| `openapi/orders.yaml` | unchanged | 0 | 0 | 0 | 0 | 0 | 0 | fresh |');
    expect(same.code).toBe(0);

    // A YAML change committed without `npm run generate`: an error, in the commit against its parent.
    const stale = edited('orders', (d) => set(d, S('OrderItemCreate', 'required'), ['source_id', 'quantity', 'sku']));
    cpSync(stale, path.join(repo, 'openapi', 'orders.yaml'));
    commit('sku required, not regenerated');
    const staleRun = await specDiff(['HEAD~1', 'HEAD', '--format', 'json'], repo);
    expect(staleRun.code).toBe(1);
    const staleRules = (JSON.parse(staleRun.stdout) as JsonReport).specs[1]!.changes.map((c) => c.rule);
    expect(staleRules).toContain('generated-types-stale');
    expect(staleRules).toContain('request-property-became-required');

    // Regenerated, and the deliberate break accepted: the policy passes and the report lists the acceptance.
    const { typesFor, typesBanner } = await import('../../scripts/lib/types-gen.js');
    writeFileSync(
      path.join(repo, 'generated', 'orders', 'types.ts'),
      typesBanner('orders.yaml') +
        (await typesFor(parseDocument(readFileSync(stale, 'utf8')).toJSON() as Record<string, unknown>)),
    );
    writeFileSync(
      path.join(repo, 'openapi', 'accepted-changes.yaml'),
      [
        'accepted:',
        '  - rule: request-property-became-required',
        '    operation: POST /orders',
        '    field: items[].sku',
        '    reason: A correction; the 2024-07 interface requires it.',
        '    accepted_by: reviewer',
        '    date: 2026-11-24',
        // Not needed: the compiler's refusal is the rule's own finding, already accepted. Listed as matching nothing.
        '  - rule: type-request-incompatible',
        '    operation: POST /orders',
        '    reason: The same correction, seen by the compiler.',
        '    accepted_by: reviewer',
        '    date: 2026-11-24',
        '',
      ].join('\n'),
    );
    commit('regenerated, accepted');
    const accepted = await specDiff(['HEAD~2', 'HEAD'], repo);
    expect(accepted.stdout).toContain('### Accepted changes (`openapi/accepted-changes.yaml`)');
    expect(accepted.stdout).toMatch(/`request-property-became-required` \*\(accepted\)\*/);
    expect(accepted.stdout).toContain(
      'accepted by reviewer on 2026-11-24: A correction; the 2024-07 interface requires it.',
    );
    expect(accepted.stdout).toContain(
      '- (matches nothing in this change) `type-request-incompatible` `POST /orders`: The same correction, seen by the compiler.',
    );
    expect(accepted.stdout).toContain('| `openapi/orders.yaml` | changed |');
    expect(accepted.stdout).toContain('| fresh |');
    expect(accepted.code, accepted.stdout.slice(0, 3000)).toBe(0);

    // The working tree as HEAD; a spec removed; an unknown ref.
    rmSync(path.join(repo, 'openapi', 'keys.yaml'));
    const removed = await specDiff(['HEAD', '--format', 'json'], repo);
    expect(removed.code).toBe(1);
    expect(
      (JSON.parse(removed.stdout) as JsonReport).specs.find((s) => s.name === 'openapi/keys.yaml')!.changes[0]!.rule,
    ).toBe('spec-removed');
    expect((await specDiff(['no-such-ref'], repo)).code).toBe(2);
  }, 120_000);
});

describe('spec:lint', () => {
  it('passes on the committed openapi/*.yaml with zero warnings', async () => {
    const { code, stdout, stderr } = await runScript('spec-lint.ts', []);
    expect(stderr + stdout).not.toMatch(/✗/);
    expect(code).toBe(0);
    for (const file of readdirSync(path.join(root, 'openapi')).filter(
      (f) => f.endsWith('.yaml') && f !== 'accepted-changes.yaml',
    )) {
      expect(stdout).toContain(`✓ openapi/${file}: no problems`);
    }
  }, 60_000);

  it('fails on a document that breaks the project rules', async () => {
    const doc = parseDocument(original('orders'));
    doc.deleteIn(['paths', '/stores', 'get', 'operationId']);
    doc.deleteIn(['paths', '/stores', 'post', 'requestBody', 'content', 'application/json', 'examples']);
    doc.setIn(['components', 'schemas', 'Unused'], doc.createNode({ type: 'string' }));
    doc.deleteIn(['paths', '/stores', 'post', 'tags']);
    doc.deleteIn(['components', 'responses', 'TooManyRequests', 'headers', 'x-request-id']);
    const file = path.join(tmp, 'lint-bad.yaml');
    writeFileSync(file, doc.toString());
    const { code, stdout } = await runScript('spec-lint.ts', [file]);
    expect(code).toBe(1);
    expect(stdout).toContain('operation-operationId');
    expect(stdout).toContain('rule/request-body-examples');
    expect(stdout).toContain('no-unused-components');
    expect(stdout).toContain('rule/operation-tagged');
    expect(stdout).toContain('rule/response-request-id-header');
  }, 60_000);
});
