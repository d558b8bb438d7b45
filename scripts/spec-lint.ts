// Lints every openapi/*.yaml with @redocly/cli under redocly.yaml and fails on any problem,
// warnings included (`redocly lint` itself exits 0 on warnings).
//
//   npm run spec:lint                 every openapi/*.yaml
//   npm run spec:lint -- a.yaml ...   the files named
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isContractFile } from './lib/contract-files.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const redoclyBin = path.join(repoRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { source: { ref: string }; pointer?: string; start?: { line: number; col: number } }[];
}
interface LintReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: LintProblem[];
}

export function specFiles(dir = path.join(repoRoot, 'openapi')): string[] {
  return readdirSync(dir)
    .filter(isContractFile)
    .sort()
    .map((name) => path.join(dir, name));
}

function run(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        redoclyBin,
        'lint',
        file,
        '--config',
        path.join(repoRoot, 'redocly.yaml'),
        '--format=json',
        '--max-problems=1000',
      ],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NODE_NO_WARNINGS: '1',
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export async function lintFile(file: string): Promise<{ file: string; report: LintReport | null; output: string }> {
  const { stdout, stderr } = await run(file);
  const start = stdout.indexOf('{');
  if (start < 0) return { file, report: null, output: stderr || stdout };
  try {
    return { file, report: JSON.parse(stdout.slice(start)) as LintReport, output: '' };
  } catch {
    return { file, report: null, output: stdout + stderr };
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const files = args.length > 0 ? args.map((f) => path.resolve(f)) : specFiles();
  if (files.length === 0) {
    console.error('spec:lint: no openapi/*.yaml found');
    return 1;
  }
  const results = await Promise.all(files.map(lintFile));
  let failed = false;
  for (const { file, report, output } of results) {
    const name = path.relative(repoRoot, file);
    if (!report) {
      failed = true;
      console.error(`✗ ${name}: redocly did not produce a report\n${output}`);
      continue;
    }
    const { errors, warnings } = report.totals;
    if (errors + warnings === 0) {
      console.log(`✓ ${name}: no problems`);
      continue;
    }
    failed = true;
    console.log(`✗ ${name}: ${errors} error(s), ${warnings} warning(s)`);
    // A problem inside a shared component is reported once per place that refers to it.
    const lines = new Map<string, number>();
    for (const problem of report.problems) {
      const at = problem.location[0];
      const where = at?.start ? `${name}:${at.start.line}:${at.start.col}` : name;
      const line = `  ${where}  ${problem.severity}  ${problem.ruleId}  ${problem.message}${at?.pointer ? `  (${at.pointer})` : ''}`;
      lines.set(line, (lines.get(line) ?? 0) + 1);
    }
    for (const [line, count] of lines) console.log(count > 1 ? `${line}  ×${count}` : line);
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
