// spec:diff on fixture pairs (test/fixtures/spec-diff/: base.yaml and one-change copies of it),
// on copies of the real order YAML, and in git-ref mode on a throwaway repository; spec:lint on
// the committed YAML documents.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { main } from '../../scripts/spec-diff.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = path.join(root, 'test', 'fixtures', 'spec-diff');
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
        const code = err ? (typeof err.code === 'number' ? err.code : 99) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** spec:diff in-process (no tsx start-up per case); one test below runs the real command. */
async function specDiff(args: string[], cwd = root): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = main(args, { cwd, stdout: (t) => (stdout += `${t}\n`), stderr: (t) => (stderr += `${t}\n`) });
  return { code, stdout, stderr };
}

const diffFixture = (name: string, ...extra: string[]) =>
  specDiff(['--before', path.join(fixtures, 'base.yaml'), '--after', path.join(fixtures, name), ...extra]);

/** The Markdown section between a `### heading` and the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`### ${heading}`);
  if (start < 0) return '';
  const next = markdown.indexOf('\n### ', start + 4);
  return markdown.slice(start, next < 0 ? undefined : next);
}

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'spec-diff-test-'));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe.concurrent('spec:diff on a copy of openapi/orders.yaml', () => {
  function orderCopy(name: string, edit: (doc: ReturnType<typeof parseDocument>) => void): string {
    const doc = parseDocument(readFileSync(path.join(root, 'openapi', 'orders.yaml'), 'utf8'));
    edit(doc);
    const file = path.join(tmp, name);
    writeFileSync(file, doc.toString());
    return file;
  }

  it('names the field and exits non-zero when a maxLength goes from 64 to 32 (the npm script itself)', async () => {
    const after = orderCopy('orders-maxlength.yaml', (doc) => {
      const path = ['components', 'schemas', 'OrderCreate', 'properties', 'number', 'maxLength'];
      expect(doc.getIn(path)).toBe(64);
      doc.setIn(path, 32);
    });
    const { code, stdout } = await runScript('spec-diff.ts', ['--before', 'openapi/orders.yaml', '--after', after]);
    expect(code).toBe(1);
    const breaking = section(stdout, 'Breaking changes');
    expect(breaking).toContain('`POST /orders` request body `number`: maxLength 64 → 32');
    expect(stdout).toContain('| `orders-maxlength.yaml` | changed | 1 | 0 |');
  }, 60_000);

  it('exits zero when an optional response field is added', async () => {
    const after = orderCopy('orders-optional-field.yaml', (doc) => {
      doc.setIn(['components', 'schemas', 'Order', 'properties', 'gift_message'], doc.createNode({ type: 'string', maxLength: 500 }));
    });
    const { code, stdout } = await specDiff(['--before', 'openapi/orders.yaml', '--after', after]);
    expect(code).toBe(0);
    expect(stdout).toContain('**Result: ✅ no breaking changes**');
    expect(section(stdout, 'Breaking changes')).toContain('None.');
    const rest = section(stdout, 'Non-breaking changes');
    expect(rest).toContain('new optional field');
    expect(rest).toContain('`POST /orders` response 201: `data.gift_message`');
    expect(rest).toContain('`GET /orders` response 200: `data.orders[].gift_message`');
  }, 60_000);
});

describe.concurrent('spec:diff on fixture pairs', () => {
  const breakingCases: [fixture: string, expected: string][] = [
    ['enum-value-removed.yaml', '`POST /orders` request body `status`: enum value `canceled` removed'],
    ['required-field-added.yaml', '`POST /orders` request body `channel`: new required field'],
    ['optional-field-made-required.yaml', '`POST /orders` request body `note`: now required'],
    ['maximum-narrowed.yaml', '`POST /orders` request body `items[].quantity`: maximum 1000000 → 1000'],
    ['maxitems-narrowed.yaml', '`POST /orders` request body `items`: maxItems 100 → 10'],
    ['minlength-raised.yaml', '`POST /orders` request body `number`: minLength 1 → 3'],
    ['query-maximum-narrowed.yaml', '`GET /orders` parameter `query.limit`: maximum 50 → 20'],
    ['additional-properties-false.yaml', '`POST /orders` request body: `additionalProperties: false` added (unknown properties now rejected)'],
    ['operation-removed.yaml', '`GET /orders/{id}`: operation removed'],
  ];

  it.each(breakingCases)('%s is breaking: %s', async (fixture, expected) => {
    const { code, stdout } = await diffFixture(fixture);
    expect(code).toBe(1);
    expect(stdout).toContain('**Result: ❌');
    expect(section(stdout, 'Breaking changes')).toContain(expected);
  }, 60_000);

  it('attributes a change in a shared component to every operation it reaches', async () => {
    const { code, stdout } = await diffFixture('header-maxlength-narrowed.yaml');
    expect(code).toBe(1);
    const breaking = section(stdout, 'Breaking changes');
    expect(breaking).toContain('maxLength 64 → 32 (`#/components/parameters/StoreId/schema`), at 3 places:');
    for (const op of ['POST /orders', 'GET /orders', 'GET /orders/{id}']) {
      expect(breaking).toContain(`  - \`${op}\` parameter: \`header.svc-store-id\``);
    }
  }, 60_000);

  it('reports a removed response field as breaking, at each response that carries it', async () => {
    const { code, stdout } = await diffFixture('response-field-removed.yaml');
    expect(code).toBe(1);
    const breaking = section(stdout, 'Breaking changes');
    expect(breaking).toContain('property removed (`#/components/schemas/Order/properties/note`), at 3 places:');
    expect(breaking).toContain('`GET /orders` response 200: `orders[].note`');
  }, 60_000);

  it('puts a narrowed bound of a response field under non-breaking', async () => {
    const { stdout } = await diffFixture('maximum-narrowed.yaml');
    expect(section(stdout, 'Non-breaking changes')).toContain('`GET /orders/{id}` response 200: `items[].quantity`');
  }, 60_000);

  it.each([
    ['optional-response-field.yaml', ['`GET /orders/{id}` response 200: `channel`']],
    [
      'widened.yaml',
      [
        '`POST /orders` request body `number`: maxLength 64 → 128',
        '`GET /orders` parameter `query.status`: new optional parameter',
        '`GET /orders/{id}/notes`: new operation `listOrderNotes`',
      ],
    ],
  ])('%s is not breaking', async (fixture, expected) => {
    const { code, stdout } = await diffFixture(fixture);
    expect(code).toBe(0);
    expect(section(stdout, 'Breaking changes')).toContain('None.');
    for (const line of expected) expect(section(stdout, 'Non-breaking changes')).toContain(line);
  }, 60_000);

  it('exits 2 with usage on bad arguments', async () => {
    const { code, stderr } = await specDiff(['--before', 'only-one.yaml']);
    expect(code).toBe(2);
    expect(stderr).toContain('usage:');
  }, 30_000);
});

describe('spec:diff against a git ref', () => {
  it('compares openapi/*.yaml at the ref with the working tree and summarises generated/', async () => {
    const repo = path.join(tmp, 'repo');
    mkdirSync(path.join(repo, 'openapi'), { recursive: true });
    mkdirSync(path.join(repo, 'generated'), { recursive: true });
    cpSync(path.join(fixtures, 'base.yaml'), path.join(repo, 'openapi', 'orders.yaml'));
    cpSync(path.join(fixtures, 'base.yaml'), path.join(repo, 'openapi', 'keys.yaml'));
    writeFileSync(path.join(repo, 'generated', 'types.ts'), 'export type A = string;\nexport type B = number;\n');
    const g = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
    g('init', '-q', '-b', 'main');
    g('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.');
    g('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'base');

    // Unchanged: exit 0.
    const same = await specDiff(['main'], repo);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('| `openapi/orders.yaml` | unchanged | 0 | 0 |');
    expect(section(same.stdout, 'Generated types')).toContain('No changes.');

    // A breaking change in one spec, a non-breaking one in the other, and regenerated types.
    cpSync(path.join(fixtures, 'maxitems-narrowed.yaml'), path.join(repo, 'openapi', 'orders.yaml'));
    cpSync(path.join(fixtures, 'optional-response-field.yaml'), path.join(repo, 'openapi', 'keys.yaml'));
    writeFileSync(path.join(repo, 'generated', 'types.ts'), 'export type A = string;\nexport type C = boolean;\nexport type D = null;\n');
    writeFileSync(path.join(repo, 'generated', 'new.ts'), 'export {};\n');
    const changed = await specDiff(['main'], repo);
    expect(changed.code).toBe(1);
    const breaking = section(changed.stdout, 'Breaking changes');
    expect(breaking).toContain('#### `openapi/orders.yaml`');
    expect(breaking).toContain('`POST /orders` request body `items`: maxItems 100 → 10');
    expect(breaking).not.toContain('openapi/keys.yaml');
    expect(section(changed.stdout, 'Non-breaking changes')).toContain('#### `openapi/keys.yaml`');
    const generated = section(changed.stdout, 'Generated types');
    expect(generated).toContain('| `generated/types.ts` | 2 | 1 |');
    expect(generated).toContain('| `generated/new.ts` | 1 | 0 |');
    expect(generated).toContain('2 files changed, +3 −1.');
    // Breaking changes come before the rest.
    expect(changed.stdout.indexOf('### Breaking changes')).toBeLessThan(changed.stdout.indexOf('### Non-breaking changes'));

    // A spec that disappears is breaking; an unknown ref is an error, not a pass.
    rmSync(path.join(repo, 'openapi', 'keys.yaml'));
    const removed = await specDiff(['main'], repo);
    expect(removed.code).toBe(1);
    expect(section(removed.stdout, 'Breaking changes')).toContain('openapi/keys.yaml removed');
    const bad = await specDiff(['no-such-ref'], repo);
    expect(bad.code).toBe(2);
  }, 60_000);
});

describe('spec:lint', () => {
  it('passes on the committed openapi/*.yaml with zero warnings', async () => {
    const { code, stdout, stderr } = await runScript('spec-lint.ts', []);
    expect(stderr + stdout).not.toMatch(/✗/);
    expect(code).toBe(0);
    for (const file of readdirSync(path.join(root, 'openapi')).filter((f) => f.endsWith('.yaml'))) {
      expect(stdout).toContain(`✓ openapi/${file}: no problems`);
    }
  }, 60_000);

  it('fails on a document that breaks the project rules', async () => {
    const doc = parseDocument(readFileSync(path.join(root, 'openapi', 'orders.yaml'), 'utf8'));
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
