import { describe, expect, it } from 'vitest';
import { currentRuntime, runtimeProblem, type BuildInfo, type Here } from '../../src/shared/runtime-check.js';

const built: BuildInfo = { node: 'v24.21.0', napi: 10, platform: 'linux', arch: 'x64', libc: 'glibc' };
const here = (over: Partial<Here> = {}): Here => ({
  version: 'v22.14.0',
  napi: 10,
  platform: 'linux',
  arch: 'x64',
  libc: 'glibc',
  ...over,
});

describe('the runtime check the server and the CLI run first', () => {
  it('accepts every supported LTS line, whichever built the bundle', () => {
    for (const version of ['v22.14.0', 'v22.23.3', 'v24.21.0', 'v26.10.0']) {
      expect(runtimeProblem(here({ version }), built)).toBeUndefined();
      expect(runtimeProblem(here({ version }))).toBeUndefined();
    }
    expect(runtimeProblem(currentRuntime())).toBeUndefined();
  });

  it.each([
    ['v20.20.2', 9],
    ['v22.12.0', 9],
    ['v22.13.1', 9],
  ])('names the Node.js to use on %s, instead of the binding loader error', (version, napi) => {
    const problem = runtimeProblem(here({ version, napi }), built)!;
    expect(problem).toContain('needs Node.js 22.14.0 or newer (a supported LTS line: 22, 24 or 26)');
    expect(problem).toContain(`this is Node.js ${version}`);
    expect(problem).toContain('built with Node.js v24.21.0');
    expect(problem).not.toMatch(/npm rebuild|NODE_MODULE_VERSION/);
    expect(runtimeProblem(here({ version, napi }))).toContain('needs Node.js 22.14.0 or newer');
  });

  it('names the machine a bundle was built for when it runs on another', () => {
    expect(runtimeProblem(here({ arch: 'arm64' }), built)).toBe(
      "This bundle's SQLite binding (better_sqlite3.node) was built for linux-x64 (glibc); this machine is linux-arm64 (glibc). " +
        'Build the bundle on a machine of this kind (`npm ci && npm run build`) and copy that dist/ here.',
    );
    expect(runtimeProblem(here({ libc: 'musl' }), built)).toContain('this machine is linux-x64 (musl)');
    // From the checkout there is no bundle binding to compare.
    expect(runtimeProblem(here({ arch: 'arm64' }))).toBeUndefined();
  });
});
