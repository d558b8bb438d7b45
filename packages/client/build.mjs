// npm run build (and npm pack's prepack): dist/ with index.js, index.d.ts and the generated types beside them.
// The sources re-export the repository's generated/ types (src/types/*.ts); the packed package cannot reach
// that folder, so the build compiles a copy of src/ whose types/ files are the generated files themselves.
import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const here = import.meta.dirname;
const generated = path.join(here, '../../generated');
const staging = path.join(here, 'staging');
rmSync(staging, { recursive: true, force: true });
rmSync(path.join(here, 'dist'), { recursive: true, force: true });
cpSync(path.join(here, 'src'), staging, { recursive: true });
for (const service of ['orders', 'keys'])
  copyFileSync(path.join(generated, service, 'types.ts'), path.join(staging, 'types', `${service}.ts`));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-p', path.join(here, 'tsconfig.build.json')], { stdio: 'inherit' });
} catch {
  // tsc printed its errors above.
  process.exitCode = 1;
} finally {
  rmSync(staging, { recursive: true, force: true });
}
if (process.exitCode) process.exit();
console.log('dist/: index.js, index.d.ts, types/orders.d.ts, types/keys.d.ts');
