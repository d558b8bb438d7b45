import { keysConfigFromEnv, type KeysConfig } from './config.js';
import { loadSealedModule } from './sealed/from-config.js';
import type { SealedModule } from './sealed/sealed-module.js';

/**
 * What the process needs to build the key service at start: its configuration from the
 * environment and the opened sealed module. Throws (a SealedRootError with a clear message) when
 * the root cannot be unsealed, so that a wrong passphrase stops the start.
 */
export function loadKeysRuntime(env: Record<string, string | undefined>, warn: (msg: string) => void): { config: KeysConfig; sealed: SealedModule } {
  const config = keysConfigFromEnv(env);
  return { config, sealed: loadSealedModule(config.sealedRoot, warn) };
}
