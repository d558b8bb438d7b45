import { checkConfig, reportFindings } from './config-check.js';
import { exitUnlessRuntimeFits } from './shared/runtime-check.js';
import { versionInfo, versionLine } from './shared/version.js';

/**
 * The flags the server and the CLI both answer without doing their work: `--version` (before
 * anything else, so that it answers even where the bundle cannot run, and touches nothing) and
 * `--check-config` (loads, validates and opens everything, serves nothing). Returns true when it
 * answered one of them, with `process.exitCode` set: the caller then returns.
 */
export async function answeredFlag(argv: readonly string[]): Promise<boolean> {
  if (argv.includes('--version')) {
    process.stdout.write(`${versionLine(versionInfo())}\n`);
    process.exitCode = 0;
    return true;
  }
  if (argv.includes('--check-config')) {
    exitUnlessRuntimeFits();
    const findings = await checkConfig(process.env);
    process.exitCode = reportFindings(findings, {
      out: (s) => process.stdout.write(s),
      err: (s) => process.stderr.write(s),
    });
    return true;
  }
  return false;
}
