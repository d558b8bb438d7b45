// Contract review of a change: every openapi/*.yaml at BASE against HEAD, judged by the rules of
// scripts/lib/contract-rules.ts, the compiler and the policy (scripts/lib/contract-review.ts).
//
//   npm run spec:diff -- [BASE [HEAD]]          two git refs; BASE defaults to HEAD, HEAD to the working tree
//   npm run spec:diff -- --before a.yaml --after b.yaml       two files, no git
//   --fail-on error|warning|info   the policy (default error; unclassified differences always fail)
//   --format markdown|json|github|text   (default markdown)
//   --accepted FILE                accepted changes (default openapi/accepted-changes.yaml at HEAD)
//   --out FILE                     also write the report there
//   --rules                        list every rule id with its severity
// Exit code: 0 the policy passes, 1 it fails, 2 the comparison could not be made.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCEPTED_CHANGES_FILE, isContractFile } from './lib/contract-files.js';
import { RULES, SEVERITIES, type Severity } from './lib/contract-rules.js';
import {
  applyPolicy,
  exitCode,
  parseAcceptedChanges,
  renderGithub,
  renderJson,
  renderMarkdown,
  renderText,
  reviewPair,
  type SpecPair,
} from './lib/contract-review.js';

const FORMATS = ['markdown', 'json', 'github', 'text'] as const;
type Format = (typeof FORMATS)[number];
const ACCEPTED_FILE = `openapi/${ACCEPTED_CHANGES_FILE}`;

interface Options {
  refs: string[];
  before?: string;
  after?: string;
  out?: string;
  failOn: Severity;
  format: Format;
  accepted?: string;
  rules?: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Options {
  const opts: Options = { refs: [], failOn: 'error', format: 'markdown' };
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
    else if (arg === '--accepted') opts.accepted = value();
    else if (arg === '--rules') opts.rules = true;
    else if (arg === '--fail-on') {
      const v = value();
      if (!(SEVERITIES as readonly string[]).includes(v))
        throw new UsageError(`--fail-on takes ${SEVERITIES.join('|')}`);
      opts.failOn = v as Severity;
    } else if (arg === '--format') {
      const v = value();
      if (!(FORMATS as readonly string[]).includes(v)) throw new UsageError(`--format takes ${FORMATS.join('|')}`);
      opts.format = v as Format;
    } else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (arg.startsWith('-')) throw new UsageError(`unknown option ${arg}`);
    else if (opts.refs.length < 2) opts.refs.push(arg);
    else throw new UsageError(`unexpected argument ${arg}`);
  }
  if ((opts.before === undefined) !== (opts.after === undefined))
    throw new UsageError('--before and --after go together');
  if (opts.before !== undefined && opts.refs.length > 0)
    throw new UsageError('give git refs or --before/--after, not both');
  return opts;
}

const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });

/** A side of the comparison: a commit, or the working tree (`ref` undefined). */
interface Side {
  ref?: string;
  list(dir: string): string[];
  read(file: string): string | undefined;
}

function commitSide(root: string, ref: string): Side {
  return {
    ref,
    list: (dir) => {
      try {
        return git(root, ['ls-tree', '--name-only', `${ref}:${dir}`])
          .split('\n')
          .filter(Boolean);
      } catch {
        return [];
      }
    },
    read: (file) => {
      try {
        return git(root, ['show', `${ref}:${file}`]);
      } catch {
        return undefined;
      }
    },
  };
}

function workingTree(root: string): Side {
  return {
    list: (dir) => (existsSync(path.join(root, dir)) ? readdirSync(path.join(root, dir)) : []),
    read: (file) => (existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : undefined),
  };
}

function pairsFromSides(base: Side, head: Side): SpecPair[] {
  const specs = (side: Side) => side.list('openapi').filter(isContractFile);
  const names = [...new Set([...specs(base), ...specs(head)])].sort();
  return names.map((name) => {
    const file = `openapi/${name}`;
    const generated = head.read(`generated/${name.replace(/\.yaml$/, '')}/types.ts`);
    return { name: file, beforeText: base.read(file), afterText: head.read(file), generatedTypes: generated ?? null };
  });
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

const USAGE =
  'usage: npm run spec:diff -- [BASE [HEAD]] | --before a.yaml --after b.yaml\n' +
  '       [--fail-on error|warning|info] [--format markdown|json|github|text] [--accepted FILE] [--out FILE] [--rules]';

/** The whole command; resolves to its exit code. Tests call it in-process with their own io. */
export async function main(argv: string[], io: MainIo = processIo): Promise<number> {
  let opts: Options;
  try {
    opts = parseArgs(argv);
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) io.stderr(`spec:diff: ${err.message}`);
      io.stderr(USAGE);
      return 2;
    }
    throw err;
  }
  if (opts.rules) {
    for (const rule of [...RULES.values()].sort((a, b) => a.id.localeCompare(b.id)))
      io.stdout(`${rule.id}\t${rule.severity}\t${rule.reason}`);
    return 0;
  }
  let pairs: SpecPair[];
  let title: string;
  let acceptedText: string | undefined;
  if (opts.before !== undefined && opts.after !== undefined) {
    const before = path.resolve(io.cwd, opts.before);
    const after = path.resolve(io.cwd, opts.after);
    pairs = [
      {
        name: path.relative(io.cwd, after) || path.basename(after),
        beforeText: readFileSync(before, 'utf8'),
        afterText: readFileSync(after, 'utf8'),
      },
    ];
    title = `\`${opts.before}\` → \`${opts.after}\``;
  } else {
    const [baseRef = 'HEAD', headRef] = opts.refs;
    let root: string;
    const shorts: string[] = [];
    try {
      root = git(io.cwd, ['rev-parse', '--show-toplevel']).trim();
      for (const ref of [baseRef, ...(headRef ? [headRef] : [])])
        shorts.push(git(root, ['rev-parse', '--short', '--verify', `${ref}^{commit}`]).trim());
    } catch (err) {
      io.stderr(
        `spec:diff: not a commit here: ${(err as { stderr?: string }).stderr?.trim() ?? (err as Error).message}`,
      );
      return 2;
    }
    const head = headRef ? commitSide(root, headRef) : workingTree(root);
    pairs = pairsFromSides(commitSide(root, baseRef), head);
    acceptedText = opts.accepted === undefined ? head.read(ACCEPTED_FILE) : undefined;
    title = `\`${baseRef}\` (${shorts[0]}) → ${headRef ? `\`${headRef}\` (${shorts[1]})` : 'working tree'}`;
  }
  if (opts.accepted !== undefined) acceptedText = readFileSync(path.resolve(io.cwd, opts.accepted), 'utf8');
  let accepted;
  try {
    accepted = parseAcceptedChanges(acceptedText);
  } catch (err) {
    // A malformed entry, or one naming a rule that does not exist: the policy cannot be applied.
    io.stderr(`spec:diff: ${ACCEPTED_FILE}: ${(err as Error).message}`);
    return 2;
  }
  const specs = await Promise.all(pairs.map((pair) => reviewPair(pair)));
  const review = applyPolicy(title, specs, accepted, opts.failOn);
  const render = { markdown: renderMarkdown, json: renderJson, github: renderGithub, text: renderText }[opts.format];
  const report = render(review);
  io.stdout(report);
  if (opts.out) writeFileSync(path.resolve(io.cwd, opts.out), `${report}\n`);
  return exitCode(review);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
