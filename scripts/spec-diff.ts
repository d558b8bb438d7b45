// Breaking-change report for a pull request: compares every openapi/*.yaml at a git ref with the
// working tree and prints Markdown (breaking changes first, then the rest, then the generated/
// diff summary). Exit code: 0 no breaking change, 1 breaking changes, 2 the comparison failed.
//
//   npm run spec:diff -- <git-ref>                      (default HEAD)
//   npm run spec:diff -- --before a.yaml --after b.yaml two files, no git
//   options: --out report.md (also write the report there)
//
// The checker is scripts/lib/openapi-diff.ts: it resolves $refs and names each field that changed
// (``POST /orders request body `number`: maxLength 64 → 32``), request and response sides apart.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { diffDocuments, renderFindings, type Finding } from './lib/openapi-diff.js';

interface SpecPair {
  name: string;
  beforeText?: string;
  afterText?: string;
}

interface SpecResult {
  name: string;
  status: 'unchanged' | 'changed' | 'added' | 'removed';
  findings: Finding[];
  error?: string;
}

interface Options {
  ref?: string;
  before?: string;
  after?: string;
  out?: string;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Options {
  const opts: Options = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--before') opts.before = value();
    else if (arg === '--after') opts.after = value();
    else if (arg === '--out') opts.out = value();
    else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else if (opts.ref === undefined) opts.ref = arg;
    else throw new UsageError(`unexpected argument ${arg}`);
  }
  if ((opts.before === undefined) !== (opts.after === undefined)) throw new UsageError('--before and --after go together');
  if (opts.before !== undefined && opts.ref !== undefined) throw new UsageError('give a git ref or --before/--after, not both');
  return opts;
}

const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

function pairsFromGit(root: string, ref: string): SpecPair[] {
  let beforeNames: string[] = [];
  try {
    beforeNames = git(root, ['ls-tree', '--name-only', `${ref}:openapi`])
      .split('\n')
      .filter((n) => n.endsWith('.yaml'));
  } catch {
    // no openapi/ folder at the ref: every spec is new
  }
  const dir = path.join(root, 'openapi');
  const afterNames = existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.yaml')) : [];
  const names = [...new Set([...beforeNames, ...afterNames])].sort();
  return names.map((name) => {
    const pair: SpecPair = { name: `openapi/${name}` };
    if (beforeNames.includes(name)) {
      pair.beforeText = git(root, ['show', `${ref}:openapi/${name}`]);
    }
    if (afterNames.includes(name)) {
      pair.afterText = readFileSync(path.join(dir, name), 'utf8');
    }
    return pair;
  });
}

function parseSpec(text: string, label: string): unknown {
  try {
    return parseYaml(text, { maxAliasCount: -1 });
  } catch (err) {
    throw new Error(`${label}: not valid YAML: ${(err as Error).message}`, { cause: err });
  }
}

function compare(pair: SpecPair): SpecResult {
  const { name, beforeText, afterText } = pair;
  try {
    if (beforeText === undefined) {
      return { name, status: 'added', findings: diffDocuments({}, parseSpec(afterText!, `${name} (working tree)`)) };
    }
    if (afterText === undefined) {
      const findings = diffDocuments(parseSpec(beforeText, `${name} (before)`), {});
      findings.unshift({ severity: 'breaking', operation: '(document)', where: 'operation', field: '', change: `${name} removed`, origin: '#' });
      return { name, status: 'removed', findings };
    }
    if (beforeText === afterText) return { name, status: 'unchanged', findings: [] };
    const findings = diffDocuments(parseSpec(beforeText, `${name} (before)`), parseSpec(afterText, `${name} (after)`));
    return { name, status: 'changed', findings };
  } catch (err) {
    return { name, status: 'changed', findings: [], error: (err as Error).message };
  }
}

interface GeneratedFile {
  file: string;
  added: number | null;
  removed: number | null;
}

function generatedDiff(root: string, ref: string): GeneratedFile[] {
  const files: GeneratedFile[] = git(root, ['diff', '--numstat', ref, '--', 'generated/'])
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [a, r, ...rest] = line.split('\t');
      return { file: rest.join('\t'), added: a === '-' ? null : Number(a), removed: r === '-' ? null : Number(r) };
    });
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '--', 'generated/']).split('\n').filter(Boolean);
  for (const file of untracked) {
    const text = readFileSync(path.join(root, file), 'utf8');
    files.push({ file, added: text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0), removed: 0 });
  }
  return files.sort((x, y) => x.file.localeCompare(y.file));
}

function isBreaking(r: SpecResult): boolean {
  return r.findings.some((f) => f.severity === 'breaking');
}

export function renderReport(results: SpecResult[], title: string, generated: GeneratedFile[] | undefined): string {
  const out: string[] = [];
  const ownCount = results.reduce((n, r) => n + r.findings.filter((f) => f.severity === 'breaking').length, 0);
  const errors = results.filter((r) => r.error);
  out.push(`## API review: ${title}`, '');
  if (errors.length > 0) out.push(`**Result: ⚠️ the comparison failed for ${errors.map((r) => `\`${r.name}\``).join(', ')}**`, '');
  else if (ownCount > 0) out.push(`**Result: ❌ ${ownCount} breaking change${ownCount === 1 ? '' : 's'}**`, '');
  else out.push('**Result: ✅ no breaking changes**', '');

  out.push('| spec | status | breaking | non-breaking |', '|---|---|---|---|');
  for (const r of results) {
    const b = r.findings.filter((f) => f.severity === 'breaking').length;
    const nb = r.findings.length - b;
    out.push(`| \`${r.name}\` | ${r.status} | ${b} | ${nb} |`);
  }
  out.push('');

  for (const r of errors) {
    out.push(`> ⚠️ \`${r.name}\`: ${r.error}`, '');
  }

  out.push('### Breaking changes', '');
  const breaking = results.filter(isBreaking);
  if (breaking.length === 0) out.push('None.', '');
  for (const r of breaking) {
    out.push(`#### \`${r.name}\``, '');
    out.push(...renderFindings(r.findings.filter((f) => f.severity === 'breaking')), '');
  }

  out.push('### Non-breaking changes', '');
  const rest = results.filter((r) => r.findings.some((f) => f.severity === 'non-breaking'));
  if (rest.length === 0) out.push('None.', '');
  for (const r of rest) {
    out.push(`#### \`${r.name}\``, '', ...renderFindings(r.findings.filter((f) => f.severity === 'non-breaking')), '');
  }

  out.push('### Generated types (`generated/`)', '');
  if (generated === undefined) out.push('Not compared (two files were given, not a git ref).', '');
  else if (generated.length === 0) out.push('No changes.', '');
  else {
    out.push('| file | + | − |', '|---|---:|---:|');
    for (const g of generated) out.push(`| \`${g.file}\` | ${g.added ?? 'bin'} | ${g.removed ?? 'bin'} |`);
    const plus = generated.reduce((n, g) => n + (g.added ?? 0), 0);
    const minus = generated.reduce((n, g) => n + (g.removed ?? 0), 0);
    out.push('', `${generated.length} file${generated.length === 1 ? '' : 's'} changed, +${plus} −${minus}.`, '');
  }
  return out.join('\n');
}

export interface MainIo {
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const processIo: MainIo = {
  cwd: process.cwd(),
  stdout: (text) => console.log(text),
  stderr: (text) => console.error(text),
};

/** The whole command; returns its exit code. Tests call it in-process with their own io. */
export function main(argv: string[], io: MainIo = processIo): number {
  let opts: Options;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) io.stderr(`spec:diff: ${err.message}`);
      io.stderr('usage: npm run spec:diff -- [<git-ref>] | --before <a.yaml> --after <b.yaml>  [--out <file>]');
      return 2;
    }
    throw err;
  }
  let pairs: SpecPair[];
  let title: string;
  let generated: GeneratedFile[] | undefined;
  if (opts.before !== undefined && opts.after !== undefined) {
    const before = path.resolve(io.cwd, opts.before);
    const after = path.resolve(io.cwd, opts.after);
    pairs = [{ name: path.basename(after), beforeText: readFileSync(before, 'utf8'), afterText: readFileSync(after, 'utf8') }];
    title = `\`${opts.before}\` → \`${opts.after}\``;
  } else {
    const ref = opts.ref ?? 'HEAD';
    let root: string;
    let short: string;
    try {
      root = git(io.cwd, ['rev-parse', '--show-toplevel']).trim();
      short = git(root, ['rev-parse', '--short', '--verify', `${ref}^{commit}`]).trim();
    } catch (err) {
      io.stderr(`spec:diff: ${ref} is not a commit here: ${(err as { stderr?: string }).stderr?.trim() ?? (err as Error).message}`);
      return 2;
    }
    pairs = pairsFromGit(root, ref);
    generated = generatedDiff(root, ref);
    title = `\`${ref}\` (${short}) → working tree`;
  }
  const results = pairs.map(compare);
  const report = renderReport(results, title, generated);
  io.stdout(report);
  if (opts.out) writeFileSync(path.resolve(io.cwd, opts.out), `${report}\n`);
  if (results.some((r) => r.error)) return 2;
  return results.some(isBreaking) ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
