// The compiler's view of a contract change: the TypeScript of both sides (openapi-typescript, as
// generated/ holds it) in one in-memory program, and for each operation found on both sides
// the checks a client would make: old request values (parameters, body) must still fit the new
// request types, and new response values must still fit the old response types. A failing
// check carries the compiler's own message. Also: the changed declarations, as hunks.
import ts from 'typescript';

export interface TypeFailure {
  operation: string;
  /** `request parameters`, `request body`, `response 200`. */
  part: string;
  direction: 'request' | 'response';
  message: string;
}

export interface Hunk {
  /** The declaration the hunk is in (`components › schemas › Order`). */
  declaration: string;
  /** Unified-diff lines: ` kept`, `-old`, `+new`. */
  lines: string[];
}

export interface TypeComparison {
  failures: TypeFailure[];
  hunks: Hunk[];
}

export interface OperationPair {
  display: string;
  method: string;
  beforePath: string;
  afterPath: string;
  /** Statuses documented on both sides. */
  statuses: string[];
}

// The few global types the generated files and the checks need: no lib.d.ts to load.
const MINIMAL_LIB = `
interface Array<T> { length: number; [n: number]: T; }
interface ReadonlyArray<T> { readonly length: number; readonly [n: number]: T; }
interface Boolean {} interface Function {} interface CallableFunction extends Function {}
interface NewableFunction extends Function {} interface IArguments {} interface Number {}
interface Object {} interface RegExp {} interface String {} interface Symbol {}
type Record<K extends keyof any, T> = { [P in K]: T };
type NonNullable<T> = T & {};
`;

const lit = (s: string): string => JSON.stringify(s);

// A review compares one base with many heads (the tests, a CI run over several specs): the parsed
// base types and lib are kept between programs.
const parsed = new Map<string, ts.SourceFile>();
function sourceFile(name: string, text: string, version: ts.ScriptTarget | ts.CreateSourceFileOptions): ts.SourceFile {
  const key = `${name}\u0000${text}`;
  let file = parsed.get(key);
  if (!file) {
    if (parsed.size > 16) parsed.clear();
    file = ts.createSourceFile(name, text, version);
    parsed.set(key, file);
  }
  return file;
}

export function compareTypes(beforeTypes: string, afterTypes: string, operations: OperationPair[]): TypeComparison {
  const checks: { line: number; failure: Omit<TypeFailure, 'message'> }[] = [];
  const lines = ["import type * as Old from './old';", "import type * as New from './new';"];
  const add = (failure: Omit<TypeFailure, 'message'>, from: string, to: string) => {
    const n = checks.length;
    lines.push(`declare const v${n}: ${from};`);
    checks.push({ line: lines.length, failure });
    lines.push(`const w${n}: ${to} = v${n};`);
  };
  for (const op of operations) {
    const oldOp = `Old.paths[${lit(op.beforePath)}][${lit(op.method)}]`;
    const newOp = `New.paths[${lit(op.afterPath)}][${lit(op.method)}]`;
    add(
      { operation: op.display, part: 'request parameters', direction: 'request' },
      `${oldOp}["parameters"]`,
      `${newOp}["parameters"]`,
    );
    add(
      { operation: op.display, part: 'request body', direction: 'request' },
      `${oldOp}["requestBody"]`,
      `${newOp}["requestBody"]`,
    );
    for (const status of op.statuses) {
      add(
        { operation: op.display, part: `response ${status}`, direction: 'response' },
        `${newOp}["responses"][${lit(status)}]`,
        `${oldOp}["responses"][${lit(status)}]`,
      );
    }
  }
  const files = new Map([
    ['/contract/lib.d.ts', MINIMAL_LIB],
    ['/contract/old.ts', beforeTypes],
    ['/contract/new.ts', afterTypes],
    ['/contract/check.ts', lines.join('\n')],
  ]);
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    noLib: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  const host: ts.CompilerHost = {
    getSourceFile: (name, version) => {
      const text = files.get(name);
      return text === undefined ? undefined : sourceFile(name, text, version);
    },
    getDefaultLibFileName: () => '/contract/lib.d.ts',
    writeFile: () => {},
    getCurrentDirectory: () => '/contract',
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => files.has(f),
    readFile: (f) => files.get(f),
    resolveModuleNames: (names) =>
      names.map((n) => ({ resolvedFileName: `/contract/${n.replace(/^\.\//, '')}.ts`, extension: ts.Extension.Ts })),
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const check = program.getSourceFile('/contract/check.ts')!;
  const byLine = new Map(checks.map((c) => [c.line, c.failure]));
  const failures: TypeFailure[] = [];
  for (const d of program.getSemanticDiagnostics(check)) {
    const line = d.start === undefined ? -1 : check.getLineAndCharacterOfPosition(d.start).line;
    const failure = byLine.get(line);
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    // A path or status missing from the generated types is a removal, judged by the rules.
    if (!failure || /does not exist on type|cannot be used to index type/.test(message)) continue;
    failures.push({ ...failure, message: trimMessage(message) });
  }
  return { failures, hunks: hunks(beforeTypes, afterTypes) };
}

/** The compiler elaborates down to the leaf: keep its first line and the last ones, where the leaf is, each shortened. */
function trimMessage(message: string): string {
  const shorten = (l: string) => (l.length > 220 ? `${l.slice(0, 217)}...` : l.replace(/\s+$/, ''));
  const lines = message.split('\n').map(shorten);
  if (lines.length <= 6) return lines.join('\n');
  return [lines[0]!, '  ...', ...lines.slice(-5)].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Hunks of the generated types

/** Line diff (Myers, over the part between the common prefix and suffix) as unified hunks with context. */
export function hunks(beforeText: string, afterText: string, context = 2): Hunk[] {
  const a = beforeText.split('\n');
  const b = afterText.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  if (n === 0 && m === 0) return [];
  const edits = myers(a.slice(start, endA), b.slice(start, endB));
  if (!edits) return [{ declaration: '(too large to show)', lines: [`-${n} lines`, `+${m} lines`] }];
  // The edit script over the whole file: kind, text, line index in the new file.
  const script: { kind: ' ' | '-' | '+'; text: string; newLine: number }[] = [];
  for (let k = 0; k < start; k++) script.push({ kind: ' ', text: a[k]!, newLine: k });
  for (const e of edits) script.push({ kind: e.kind, text: e.text, newLine: start + e.newLine });
  for (let k = 0; k < a.length - endA; k++) script.push({ kind: ' ', text: a[endA + k]!, newLine: endB + k });

  const out: Hunk[] = [];
  let k = 0;
  while (k < script.length) {
    if (script[k]!.kind === ' ') {
      k++;
      continue;
    }
    const from = Math.max(0, k - context);
    let to = k;
    // Extend over changes separated by at most 2*context unchanged lines.
    while (to < script.length) {
      if (script[to]!.kind !== ' ') {
        to++;
        continue;
      }
      let run = 0;
      while (to + run < script.length && script[to + run]!.kind === ' ') run++;
      if (to + run >= script.length || run > 2 * context) break;
      to += run;
    }
    const end = Math.min(script.length, to + context);
    out.push({
      declaration: declarationAt(b, script[k]!.newLine),
      lines: script.slice(from, end).map((s) => `${s.kind}${s.text}`),
    });
    k = end;
  }
  return out;
}

/** The chain of `name: {` openers still open at a line of generated types: `components › schemas › Order`. */
function declarationAt(lines: string[], at: number): string {
  const open: { indent: number; name: string }[] = [];
  for (let i = 0; i < Math.min(at, lines.length); i++) {
    const line = lines[i]!;
    const indent = line.length - line.trimStart().length;
    if (/^\s*}/.test(line)) while (open.length > 0 && open.at(-1)!.indent >= indent) open.pop();
    const m = /^\s*(?:export (?:type|interface) )?("[^"]+"|[\w$]+)\??(?::| =)? \{$/.exec(line);
    if (m) open.push({ indent, name: m[1]!.replace(/^"|"$/g, '') });
  }
  return open.map((o) => o.name).join(' › ') || '(top)';
}

/** Myers' O((N+M)D) shortest edit script, removals before additions; undefined past 4000 edits. */
function myers(a: string[], b: string[]): { kind: ' ' | '-' | '+'; text: string; newLine: number }[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, 4000);
  const offset = max + 1;
  let v: Int32Array = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  if (!found) return undefined;
  trace.push(v);
  // Walk back through the saved frontiers.
  const out: { kind: ' ' | '-' | '+'; text: string; newLine: number }[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 2; d >= 0; d--) {
    v = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      out.push({ kind: ' ', text: a[x]!, newLine: y });
    }
    if (d === 0) break;
    if (x === prevX) {
      y--;
      out.push({ kind: '+', text: b[y]!, newLine: y });
    } else {
      x--;
      out.push({ kind: '-', text: a[x]!, newLine: y });
    }
  }
  return out.reverse();
}
