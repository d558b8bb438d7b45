import type { RootUse } from '../repository.js';
import {
  existingSecret,
  storedFileRoot,
  tokenSettings,
  type SealedRootConfig,
  type SealedRootStore,
} from './from-config.js';
import { Pkcs11Token, rootLabel, type RootLock } from './pkcs11.js';
import {
  parseSealedRoot,
  rotatedSealedRoot,
  rotateSealedRoot,
  SealedRootError,
  serialiseSealedRoot,
} from './sealed-module.js';

/** The CLI's view of the roots: nothing here creates a first root (a start does) or prints a secret. */
interface RootsAdminStorage {
  sealedRoot?: SealedRootStore;
  rootLock: RootLock;
  rootsInUse(): Promise<RootUse[]> | RootUse[];
}

export async function listRoots(cfg: SealedRootConfig, storage: RootsAdminStorage): Promise<string[]> {
  const uses = await storage.rootsInUse();
  const keys = (backend: string, version: number) =>
    uses.find((u) => u.backend === backend && u.version === version)?.keys ?? 0;
  const lines: string[] = [];
  const listed = new Set<string>();
  const settings = cfg.pkcs11 && { ...tokenSettings(cfg.pkcs11), sessions: 1 };
  let current: string | undefined;
  if (settings) {
    const token = await Pkcs11Token.open(settings, storage.rootLock);
    try {
      const versions = token.versions();
      current = versions.length > 0 ? `pkcs11 v${Math.max(...versions)}` : undefined;
      const objects = await token.describeObjects();
      for (const version of versions) {
        const pair = objects.filter((o) => o.version === version);
        const safe = pair.every((o) => o.sensitive && o.private && !o.extractable && o.neverExtractable);
        listed.add(`pkcs11 v${version}`);
        const labels = `${rootLabel(version, 'mac')}, ${rootLabel(version, 'seal')}`;
        const protection = safe ? 'private, sensitive, never extractable' : 'NOT PROTECTED';
        const use = current === `pkcs11 v${version}` ? 'new keys' : 'earlier keys';
        lines.push(
          `pkcs11 v${version}  token ${JSON.stringify(settings.tokenLabel)}: ${labels}` +
            `  ${protection}  ${use}  keys: ${keys('pkcs11', version)}`,
        );
      }
      for (const label of token.incomplete())
        lines.push(`MISSING  ${label} in token ${JSON.stringify(settings.tokenLabel)} (a root made half-way)`);
    } finally {
      await token.close();
    }
  }
  const { where, document } = await storedFileRoot(cfg, storage.sealedRoot);
  if (document !== undefined) {
    const parsed = parseSealedRoot(document, where);
    current ??= `file v${parsed.current}`;
    for (const r of [...parsed.roots].sort((a, b) => a.version - b.version)) {
      listed.add(`file v${r.version}`);
      const use = current === `file v${r.version}` ? 'new keys' : settings ? 'recovery only' : 'earlier keys';
      lines.push(`file v${r.version}  ${where}, created ${r.createdAt}  ${use}  keys: ${keys('file', r.version)}`);
    }
  }
  for (const u of uses) {
    if (!listed.has(`${u.backend} v${u.version}`))
      lines.push(
        `MISSING  ${u.backend} v${u.version}: ${u.keys} key records were made under it, ` +
          'and it is not configured or not found',
      );
  }
  if (lines.length === 0)
    lines.push('No root yet: the first start creates it (in production with KEYGEN_SEALED_ROOT_CREATE=true).');
  return lines;
}

/** Running instances make new keys under the version they started with until they restart. */
export async function rotateRoot(
  cfg: SealedRootConfig,
  storage: RootsAdminStorage,
  warn: (msg: string) => void,
): Promise<string> {
  const settings = cfg.pkcs11 && { ...tokenSettings(cfg.pkcs11), sessions: 1 };
  if (settings) {
    const token = await Pkcs11Token.open(settings, storage.rootLock);
    try {
      const version = await token.rotate(storage.rootLock);
      return (
        `Made ${rootLabel(version, 'mac')} and ${rootLabel(version, 'seal')} ` +
        `in the PKCS#11 token ${JSON.stringify(settings.tokenLabel)}: pkcs11 v${version}. ` +
        'Each instance makes new keys under it once restarted; ' +
        'keys made before keep their version and still recover.'
      );
    } finally {
      await token.close();
    }
  }
  const secret = existingSecret(cfg, warn);
  if (!secret)
    throw new SealedRootError(
      'Rotating the file root needs KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE, the secret it is sealed with.',
    );
  let version: number;
  if (storage.sealedRoot) {
    const store = storage.sealedRoot;
    const previous = await store.read();
    if (previous === undefined)
      throw new SealedRootError(`There is no sealed root in ${store.where} yet: the first start creates it.`);
    const next = rotatedSealedRoot(parseSealedRoot(previous, store.where), { ...secret, where: store.where });
    if (!(await store.replace(previous, serialiseSealedRoot(next))))
      throw new SealedRootError(
        `The sealed root in ${store.where} changed meanwhile; nothing was rotated. Run the command again.`,
      );
    version = next.current;
  } else {
    version = await storage.rootLock(async () => rotateSealedRoot({ file: cfg.file, ...secret }));
  }
  return (
    `Added file v${version} to the sealed root and made it current. ` +
    `Restart every instance now: a running one does not know v${version}, and new keys use it once restarted.`
  );
}
