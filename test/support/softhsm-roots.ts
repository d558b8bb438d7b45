// Run by softhsm-tokens.ts: the suite token's version-1 roots, made as a development start makes them.
import { keysConfigFromEnv } from '../../src/keys/config.js';
import { openConfiguredSealedModule } from '../../src/keys/sealed/from-config.js';

const config = keysConfigFromEnv({ ...process.env, NODE_ENV: 'development', DATABASE_URL: ':memory:' });
const sealed = await openConfiguredSealedModule(config.sealedRoot, { warn: () => {} });
if (sealed.current.backend !== 'pkcs11') throw new Error('The suite token has no root.');
await sealed.close();
