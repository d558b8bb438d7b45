import { keysConfigFromEnv, type KeysConfig } from './config.js';
import { loadSealedModule, loadSealedModuleFrom, type SealedRootStore } from './sealed/from-config.js';
import type { SealedModule } from './sealed/sealed-module.js';

/**
 * What the process needs to build the key service at start: its configuration from the
 * environment and the opened sealed module, from its file or, on PostgreSQL, from the database
 * (`sealedRoot`). Rejects (a SealedRootError with a clear message) when the root cannot be
 * unsealed, so that a wrong passphrase stops the start.
 */
export async function loadKeysRuntime(
  env: Record<string, string | undefined>,
  warn: (msg: string) => void,
  sealedRoot?: SealedRootStore,
): Promise<{ config: KeysConfig; sealed: SealedModule }> {
  const config = keysConfigFromEnv(env);
  const sealed = sealedRoot ? await loadSealedModuleFrom(sealedRoot, config.sealedRoot, warn) : loadSealedModule(config.sealedRoot, warn);
  return { config, sealed };
}
