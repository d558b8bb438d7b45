// Runs `optic diff <before> <after> --check` (its default breaking-change rules) and reads the
// failed checks out of its text output: `--json` prints the diff but not the check results.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const opticBin = path.join(repoRoot, 'node_modules', '@useoptic', 'optic', 'build', 'index.js');

export interface OpticFailure {
  operation: string;
  where: string;
  rule: string;
  message: string;
}

export interface OpticResult {
  ran: boolean;
  /** `24/27` from `Checks: 24/27 passed`, when optic got that far. */
  checks?: string;
  failures: OpticFailure[];
  output: string;
  error?: string;
}

const stripAnsi = (s: string): string => s.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');

export function parseOpticOutput(text: string): Omit<OpticResult, 'ran' | 'output'> {
  const failures: OpticFailure[] = [];
  let operation = '(document)';
  const stack: { indent: number; label: string }[] = [];
  let checks: string | undefined;
  for (const raw of stripAnsi(text).split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const summary = /Checks:\s+(\d+\/\d+) passed/.exec(line);
    if (summary) {
      checks = summary[1];
      continue;
    }
    const op = /^[x✔!✖⚠]?\s*([A-Z]+ \/\S*):( .*)?$/.exec(line);
    if (op) {
      operation = op[1]!;
      stack.length = 0;
      continue;
    }
    const item = /^(\s*)- (.+?):?$/.exec(line);
    if (item) {
      const indent = item[1]!.length;
      while (stack.length > 0 && stack[stack.length - 1]!.indent >= indent) stack.pop();
      stack.push({ indent, label: item[2]!.replace(/: (changed|added|removed)$/, '') });
      continue;
    }
    const failure = /^(\s*)[x✖] \[(.+?)\] (.+)$/.exec(line);
    if (failure) {
      // A failure belongs to the items indented less than itself; optic prints a removed status
      // code's failure without its own item, and its message names the code.
      const indent = failure[1]!.length;
      const message = failure[3]!;
      const where = /response status code/.test(message)
        ? ''
        : stack
            .filter((s) => s.indent <= indent - 2)
            .map((s) => s.label)
            .join(' › ');
      failures.push({ operation, where, rule: failure[2]!, message });
    }
  }
  // A removed operation fails once per response property it had: keep the one that says so.
  const removed = new Set(failures.filter((f) => f.rule === 'prevent operation removal').map((f) => f.operation));
  return { checks, failures: failures.filter((f) => !removed.has(f.operation) || f.rule === 'prevent operation removal') };
}

export function runOptic(beforeFile: string, afterFile: string): Promise<OpticResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [opticBin, 'diff', beforeFile, afterFile, '--check'], {
      cwd: path.dirname(afterFile),
      env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off', NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', (err) => resolve({ ran: false, failures: [], output: out, error: err.message }));
    child.on('close', (code) => {
      const parsed = parseOpticOutput(out);
      // With no applicable rule optic prints no `Checks:` line, only its `Operations:` summary.
      if (parsed.checks === undefined && code === 0 && /^Operations: /m.test(stripAnsi(out))) {
        resolve({ ran: true, checks: '0/0', failures: [], output: out });
        return;
      }
      if (parsed.checks === undefined) {
        resolve({ ran: false, failures: [], output: out, error: `optic exited with ${code} without running its checks` });
        return;
      }
      if (code !== 0 && parsed.failures.length === 0) {
        resolve({ ran: true, ...parsed, output: out, error: `optic exited with ${code} but no failed check could be read` });
        return;
      }
      resolve({ ran: true, ...parsed, output: out });
    });
  });
}
