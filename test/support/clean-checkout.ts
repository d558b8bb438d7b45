import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * vitest globalSetup: the test run leaves the checkout as it found it. Every file a test writes
 * goes to a temp folder; the only exceptions are what `npm run build` writes on purpose (the bundle
 * test runs it) and the browser tests' screenshots, all git-ignored build or test output.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ALLOWED = ['dist/', 'site/', 'test-results/', 'node_modules/'];

function paths(): Set<string> {
  let out: string;
  try {
    out = execFileSync('git', ['status', '--porcelain', '--ignored', '--untracked-files=all', '-z'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
  } catch {
    return new Set(); // not a git checkout (an unpacked tarball): nothing to compare
  }
  return new Set(
    out
      .split('\0')
      .filter(Boolean)
      .map((l) => l.slice(3)),
  );
}

export default function setup() {
  const before = paths();
  return () => {
    const added = [...paths()].filter((p) => !before.has(p) && !ALLOWED.some((a) => p.startsWith(a)));
    if (added.length > 0)
      throw new Error(`The tests wrote into the checkout (write to a temp folder instead):\n  ${added.join('\n  ')}`);
  };
}
