import { checkConfig, reportFindings } from './config-check.js';
import { exitUnlessRuntimeFits } from './shared/runtime-check.js';
import { versionInfo, versionLine } from './shared/version.js';

/**
 * `--version` is answered before anything else, so that it works even where the bundle cannot run. True when a
 * flag was answered and `process.exitCode` set.
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
