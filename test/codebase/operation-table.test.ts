import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';

/**
 * The operation tables (generated/orders/operations.ts, generated/keys/operations.ts) come from the
 * YAML: an operation added to it and generated has no handler until its file is written, and
 * `npm run typecheck` says which file; once the file exists, nothing else needs an edit. Run in a
 * copy of the sources, as a developer would.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const copy = mkdtempSync(path.join(tmpdir(), 'op-table-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

for (const part of ['src', 'generated', 'openapi', 'scripts', 'packages/client/src', 'package.json']) {
  cpSync(path.join(ROOT, part), path.join(copy, part), { recursive: true });
}
symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
const tsconfig = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as { include: string[] };
writeFileSync(
  path.join(copy, 'tsconfig.json'),
  JSON.stringify({ ...tsconfig, include: ['src', 'generated', 'packages/client/src'] }),
);

const run = (bin: string, args: string[]) => {
  try {
    execFileSync(path.join(ROOT, 'node_modules/.bin', bin), args, { cwd: copy, encoding: 'utf8', stdio: 'pipe' });
    return { ok: true, output: '' };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
};

// The compiler runs on the whole tree twice, the second time incrementally (as an editor's watch would),
// from what the first one kept. The first run's only error is the missing handler, and the second passes:
// so the copy type-checks as it is, without a run of its own.
const typecheck = () =>
  run('tsc', ['--noEmit', '--incremental', '--tsBuildInfoFile', 'tsc.buildinfo', '-p', 'tsconfig.json']);

describe('an operation in the YAML without a handler', { timeout: 300_000 }, () => {
  it('fails the type check once generated, naming the operation', () => {
    const file = path.join(copy, 'openapi/orders.yaml');
    const doc = parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const getOrder = doc.paths['/orders/{id}']!.get!;
    doc.paths['/orders/{id}']!.delete = { ...getOrder, operationId: 'deleteOrder', summary: 'Delete an order' };
    writeFileSync(file, stringify(doc));
    const generated = run('tsx', ['scripts/generate.ts']);
    expect(generated.ok, generated.output).toBe(true);

    const checked = typecheck();
    expect(checked.ok).toBe(false);
    expect(checked.output).toMatch(
      /generated\/orders\/operations\.ts.*Cannot find module '\.\.\/\.\.\/src\/commerce\/orders\/delete-order\.js'/s,
    );
    expect(checked.output.match(/error TS\d+/g), checked.output).toHaveLength(1);
  });

  it('type-checks again once the file named after the operation exports its handler', () => {
    const getOrder = readFileSync(path.join(copy, 'src/commerce/orders/get-order.ts'), 'utf8');
    const deleteOrder = getOrder.replaceAll('getOrder', 'deleteOrder');
    expect(deleteOrder).not.toBe(getOrder);
    writeFileSync(path.join(copy, 'src/commerce/orders/delete-order.ts'), deleteOrder);
    expect(typecheck()).toEqual({ ok: true, output: '' });
  });
});
