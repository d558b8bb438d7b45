// What a newcomer reads in the built docs site: an empty key field that says where a key comes from (not Scalar's
// fake key), samples with the README's variable names, example ids of the shape the service makes, and a license.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, KEY_FIELD_HINT } from '../../scripts/build-docs.js';
import { newPromptToken } from '../../src/keys/secrets.js';
import { newId } from '../../src/shared/ids.js';
import { ROOT, tempDir } from '../support/process.js';

type Json = Record<string, unknown>;
type Sample = { lang: string; source: string };
type Operation = { operationId: string; 'x-codeSamples': Sample[] };

const out = path.join(tempDir('docs-site-'), 'site');
const docs: Record<string, Json> = {};
beforeAll(async () => {
  await buildSite(out);
  for (const name of ['orders', 'keys'])
    docs[name] = JSON.parse(readFileSync(path.join(out, `${name}.openapi.json`), 'utf8')) as Json;
}, 60_000);
afterAll(() => rmSync(path.dirname(out), { recursive: true, force: true }));

const operations = (name: string) =>
  Object.values(docs[name]!.paths as Record<string, Record<string, Operation>>).flatMap((item) =>
    Object.values(item).filter((op) => op['x-codeSamples']),
  );
const curlOf = (name: string, operationId: string) => {
  const op = operations(name).find((o) => o.operationId === operationId)!;
  return op['x-codeSamples'].find((s) => s.lang === 'Shell')!.source;
};
/** Every string of a document, examples included. */
const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(strings) : [];
/** An id as newId makes it: the prefix, the creation time in base 36 (9 characters) and 20 hex digits. */
const idShape = (prefix: string) => new RegExp(`^${prefix}_[0-9a-z]{9}[0-9a-f]{20}$`);

describe('the docs site as a newcomer reads it', () => {
  it("leaves the try-it key field empty with a hint instead of Scalar's fake key", () => {
    const bundle = readFileSync(path.join(out, 'scalar-standalone.js'), 'utf8');
    expect(bundle).not.toContain('QUxMIFlPVVIgQkFTRSBBUkUgQkVMT05HIFRPIFVT');
    expect(bundle).toContain(`placeholder:${JSON.stringify(KEY_FIELD_HINT)}`);
    expect(KEY_FIELD_HINT).toMatch(/^svc_…/);
  });

  it("names values in the curl samples as the README's walk-throughs do", () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    // The README sets these in its walk-throughs; a sample pasted after them uses them as they are.
    for (const name of ['KEY', 'STORE', 'ORDER', 'ID', 'KEYTOKEN'])
      expect(readme).toMatch(new RegExp(`^${name}=`, 'm'));
    expect(curlOf('orders', 'getOrder')).toMatch(
      /\/orders\/\$ORDER" \\\n {2}-H "svc-api-key: \$KEY" \\\n {2}-H "svc-store-id: \$STORE"$/,
    );
    expect(curlOf('orders', 'getStore')).toContain('/stores/$STORE"');
    expect(curlOf('keys', 'exchangeKeyToken')).toContain('/keys/$ID?keyToken=$KEYTOKEN"');
    expect(curlOf('keys', 'exchangeKeyToken')).toContain('-H "X-Api-Key: $KEY"');
    for (const name of ['orders', 'keys']) {
      for (const op of operations(name))
        expect(op['x-codeSamples'].map((s) => s.source).join('\n')).not.toContain('$API_KEY');
    }
  });

  it('gives example ids and tokens the shape the service makes', () => {
    const made: Record<string, string> = {
      sto: newId('sto'),
      loc: newId('loc'),
      ord: newId('ord'),
      tt: newPromptToken(),
    };
    const examples = strings(docs.orders).concat(strings(docs.keys));
    let checked = 0;
    for (const [prefix, real] of Object.entries(made)) {
      const shape = prefix === 'tt' ? /^tt_[A-Za-z0-9_-]{43}$/ : idShape(prefix);
      expect(real).toMatch(shape);
      for (const text of examples) {
        for (const id of text.match(new RegExp(`\\b${prefix}_[A-Za-z0-9_-]+`, 'g')) ?? []) {
          expect(id, `example ${id}`).toMatch(shape);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    // Key records and transactions are key_/txn_ with 32 hex digits; an issued key token is kt_ and 83 characters.
    for (const text of examples) {
      for (const id of text.match(/\b(key|txn)_[0-9A-Za-z]+/g) ?? []) expect(id).toMatch(/^(key|txn)_[0-9a-f]{32}$/);
      for (const token of text.match(/\bkt_[A-Za-z0-9_-]+/g) ?? []) expect(token).toMatch(/^kt_[A-Za-z0-9_-]{83}$/);
    }
  });

  it('states the license the repository is under', () => {
    expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { license: string }).license).toBe(
      'MIT',
    );
    for (const name of ['orders', 'keys'])
      expect((docs[name]!.info as Json).license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });
});
