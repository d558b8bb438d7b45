// @ts-check
/**
 * A module resolve hook for running the TypeScript sources (`npm start`, `npm run cli`, the tests):
 * it answers the relative imports between drizzle-orm's own files without Node's resolver.
 *
 * Why: for every file it resolves, Node looks up the file's package scope to learn its module
 * format, and on Node 22, 24 and 26 that lookup copies the package's `exports` out of its C++
 * cache and parses it again (`getPackageScopeConfig` spreads an object whose `exports` is a lazy
 * getter). drizzle-orm's package.json is 179 KB, almost all `exports`, and loading the storage
 * layer resolves its files about 1,000 times: about 1.3 s of a 2.2 s `npm run cli -- --version`.
 * The bundle (`npm run build`) resolves nothing at run time and does not use this.
 *
 * What it answers is what Node would: drizzle-orm is `"type": "module"` with one package.json and
 * no symlinks inside, so a relative `.js` import from one of its files that names an existing file
 * in it is that file's URL, an ES module. Anything else goes on to Node (and tsx) unchanged.
 */
import module from 'node:module';
import { statSync } from 'node:fs';

const INSIDE = '/node_modules/drizzle-orm/';

// module.registerHooks is in Node 22.15 and later. On an older Node the sources load as before (and
// `npm start` says which Node.js to use): so it is looked up, not imported by name, which would fail there.
module.registerHooks?.({
  resolve(specifier, context, next) {
    const parent = context.parentURL;
    if (
      parent?.startsWith('file:') &&
      parent.includes(INSIDE) &&
      (specifier.startsWith('./') || specifier.startsWith('../')) &&
      specifier.endsWith('.js')
    ) {
      const url = new URL(specifier, parent);
      if (url.pathname.includes(INSIDE) && statSync(url, { throwIfNoEntry: false })?.isFile())
        return { url: url.href, format: 'module', shortCircuit: true };
    }
    return next(specifier, context);
  },
});
