import { keysConfigFromEnv, type KeysConfig } from './config.js';
import type { KeysRepositories, RootUse } from './repository.js';
import { openConfiguredSealedModule, type SealedRootStore } from './sealed/from-config.js';
import type { RootLock } from './sealed/pkcs11.js';
import { describeRoot, SealedRootError, sameRoot, type RootRef, type SealedModule } from './sealed/sealed-module.js';

interface KeysRuntimeStorage {
  sealedRoot?: SealedRootStore;
  rootLock?: RootLock;
  repos?: Pick<KeysRepositories, 'keys'>;
}

/** A root that key records need but this start lacks stops the start here, not those keys' recoveries later. */
function checkRootsInUse(sealed: SealedModule, uses: readonly RootUse[]): void {
  const held = sealed.roots();
  const missing = uses.filter((u) => !held.some((r) => sameRoot(r, u as RootRef)));
  if (missing.length === 0) return;
  const hint = (u: RootUse) =>
    u.backend === 'pkcs11'
      ? `the PKCS#11 token (keygen-root-v${u.version}-mac and -seal; set KEYGEN_PKCS11_MODULE, ` +
        'KEYGEN_PKCS11_TOKEN_LABEL and the PIN of the token that holds them)'
      : 'the file root (set KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE, ' +
        'and keep its sealed root file or database row)';
  const needed = missing.map((u) => `${u.keys} under ${describeRoot(u as RootRef)}, in ${hint(u)}`).join('; ');
  throw new SealedRootError(
    `Key records were made under roots this start does not hold: ${needed}. ` +
      'Without them those keys cannot be recovered.',
  );
}

function describeRoots(sealed: SealedModule, uses: readonly RootUse[]) {
  const count = (r: RootRef) => uses.find((u) => sameRoot(r, u as RootRef))?.keys ?? 0;
  return {
    current: describeRoot(sealed.current),
    roots: sealed.roots().map((r) => ({
      root: describeRoot(r),
      use: sameRoot(r, sealed.current)
        ? 'new keys'
        : r.backend !== sealed.current.backend
          ? 'recovery only'
          : 'earlier keys',
      keys: count(r),
    })),
  };
}

/** Rejects with a SealedRootError an operator can act on, so that a misconfigured start stops. */
export async function loadKeysRuntime(
  env: Record<string, string | undefined>,
  warn: (msg: string) => void,
  storage: KeysRuntimeStorage = {},
): Promise<{ config: KeysConfig; sealed: SealedModule; roots: ReturnType<typeof describeRoots> & { token?: string } }> {
  const config = keysConfigFromEnv(env);
  const sealed = await openConfiguredSealedModule(config.sealedRoot, {
    warn,
    store: storage.sealedRoot,
    lock: storage.rootLock,
  });
  try {
    const uses = storage.repos ? await storage.repos.keys.rootsInUse() : [];
    checkRootsInUse(sealed, uses);
    const token = config.sealedRoot.pkcs11;
    return {
      config,
      sealed,
      roots: {
        ...(token && { token: `${JSON.stringify(token.tokenLabel)} (${token.module})` }),
        ...describeRoots(sealed, uses),
      },
    };
  } catch (err) {
    await sealed.close();
    throw err;
  }
}
