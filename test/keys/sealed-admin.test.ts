import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listRoots, rotateRoot } from '../../src/keys/sealed/admin.js';
import { openConfiguredSealedModule, type SealedRootConfig } from '../../src/keys/sealed/from-config.js';
import { postgresSealedRoot } from '../../src/keys/sealed/store.pg.js';
import { openPostgresPool, migratePostgres } from '../../src/shared/db/postgres.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';
import { tempDir } from './support.js';

// `cli sealed-root list` and `rotate` on the file root (the token's: test/keys/hsm-cli.test.ts):
// in its file (SQLite deployments) and in the database row (PostgreSQL), by compare-and-set.

const lock = <T>(fn: () => Promise<T>) => fn();
const cfg = (dir: string): SealedRootConfig => ({
  file: path.join(dir, 'root.sealed.json'),
  passphrase: 'the file root passphrase',
  development: false,
  allowCreate: true,
});

describe('the file root: list and rotate', () => {
  it('in its file: lists v1, rotates to v2, keys made under v1 still derive the same', async () => {
    const dir = tempDir();
    const first = await openConfiguredSealedModule(cfg(dir), { warn: () => {}, scryptN: 2 ** 12 });
    const before = await first.derive({ root: first.current, purpose: 'recovery-key', context: 'key_1' });
    const uses = [{ backend: 'file', version: 1, keys: 3 }];
    expect(
      (await listRoots(cfg(dir), { rootLock: lock, rootsInUse: () => uses })).map((l) =>
        l.replace(/created \S+/, 'created …'),
      ),
    ).toEqual([`file v1  ${cfg(dir).file}, created …  new keys  keys: 3`]);
    expect(await rotateRoot(cfg(dir), { rootLock: lock, rootsInUse: () => uses }, () => {})).toMatch(
      /^Added file v2 to the sealed root and made it current\. Restart every instance now/,
    );
    const after = await openConfiguredSealedModule(cfg(dir), { warn: () => {} });
    expect(after.current).toEqual({ backend: 'file', version: 2 });
    expect(
      await after.derive({ root: { backend: 'file', version: 1 }, purpose: 'recovery-key', context: 'key_1' }),
    ).toEqual(before);
    expect(
      (await listRoots(cfg(dir), { rootLock: lock, rootsInUse: () => uses })).map((l) =>
        l.replace(/created \S+/, 'created …'),
      ),
    ).toEqual([
      `file v1  ${cfg(dir).file}, created …  earlier keys  keys: 3`,
      `file v2  ${cfg(dir).file}, created …  new keys  keys: 0`,
    ]);
    // Without its secret, nothing is rotated.
    await expect(
      rotateRoot({ ...cfg(dir), passphrase: undefined }, { rootLock: lock, rootsInUse: () => [] }, () => {}),
    ).rejects.toThrow(/needs KEYGEN_ROOT_PASSPHRASE or KEYGEN_ROOT_KEY_FILE/);
    // A root records need and the start does not hold is listed as missing.
    expect(
      await listRoots(cfg(dir), { rootLock: lock, rootsInUse: () => [{ backend: 'pkcs11', version: 1, keys: 2 }] }),
    ).toContain('MISSING  pkcs11 v1: 2 key records were made under it, and it is not configured or not found');
  });

  it.skipIf(!postgresUrl)(onPostgres('in the database row: rotates by compare-and-set'), async () => {
    const db = await createTestDatabase();
    const pool = openPostgresPool(db.url, { poolSize: 2, statementTimeoutMs: 10_000 });
    try {
      await migratePostgres(pool);
      const store = postgresSealedRoot(pool);
      const config = cfg(tempDir());
      const first = await openConfiguredSealedModule(config, { warn: () => {}, scryptN: 2 ** 12, store });
      const before = await first.derive({ root: first.current, purpose: 'recovery-key', context: 'key_1' });
      expect(await rotateRoot(config, { sealedRoot: store, rootLock: lock, rootsInUse: () => [] }, () => {})).toMatch(
        /^Added file v2/,
      );
      const after = await openConfiguredSealedModule(config, { warn: () => {}, store });
      expect(after.current).toEqual({ backend: 'file', version: 2 });
      expect(
        await after.derive({ root: { backend: 'file', version: 1 }, purpose: 'recovery-key', context: 'key_1' }),
      ).toEqual(before);
      // Another writer between the read and the write: the stored root stays, the rotation says so.
      const document = (await store.read())!;
      expect(await store.replace(`${document} `, 'x')).toBe(false);
      expect(await store.read()).toBe(document);
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});
