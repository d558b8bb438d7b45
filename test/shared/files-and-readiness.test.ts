import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { appFor } from '../support/app.js';
import { loadSealedModule } from '../../src/keys/sealed/from-config.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { openStorage } from '../../src/storage.js';
import { testConfig } from '../../src/config.js';
import { tempDir } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): the modes of the SQLite file, its -wal and -shm, and
// /readyz made to fail by SQLite's query_only and by a full disk.

const mode = (f: string) => statSync(f).mode & 0o777;

describe('files the service creates are its own', () => {
  it('creates the data folder 0700 and the database, -wal, -shm and sealed root files 0600', () => {
    const data = path.join(tempDir(), 'data');
    const file = path.join(data, 'service.db');
    const database = openDatabase(`file:${file}`);
    createApiKey(database.db, manualClock(), { name: 'a write, so that the WAL has frames' });
    loadSealedModule(
      { file: path.join(data, 'keygen-root.sealed.json'), development: true, allowCreate: false },
      () => {},
      2 ** 12,
    );
    try {
      expect(mode(data)).toBe(0o700);
      for (const f of [
        'service.db',
        'service.db-wal',
        'service.db-shm',
        'keygen-root.sealed.json',
        'keygen-root.key',
      ]) {
        expect([f, mode(path.join(data, f))]).toEqual([f, 0o600]);
      }
    } finally {
      database.close();
    }
  });

  it('narrows database files an earlier version left world-readable', () => {
    const dir = tempDir();
    const file = path.join(dir, 'service.db');
    mkdirSync(dir, { recursive: true });
    closeSync(openSync(file, 'a', 0o644));
    chmodSync(file, 0o644);
    const database = openDatabase(`file:${file}`);
    database.close();
    expect(mode(file)).toBe(0o600);
  });
});

describe('the connection the service opens', () => {
  it('is in WAL mode, synchronous=NORMAL, with foreign keys, a busy timeout and a 4 MiB page cache', () => {
    const database = openDatabase(`file:${path.join(tempDir(), 'service.db')}`);
    try {
      const pragma = (name: string) => database.sqlite.pragma(name, { simple: true });
      expect(pragma('journal_mode')).toBe('wal');
      expect(pragma('synchronous')).toBe(1);
      expect(pragma('foreign_keys')).toBe(1);
      expect(pragma('busy_timeout')).toBe(5000);
      // Negative: KiB, not pages (BENCHMARKS.md, "SQLite's page cache").
      expect(pragma('cache_size')).toBe(-4096);
    } finally {
      database.close();
    }
  });

  it('makes a new file with 8 KiB pages, and opens a file of 4 KiB pages as it is', () => {
    const dir = tempDir();
    const made = openDatabase(`file:${path.join(dir, 'new.db')}`);
    try {
      expect(made.sqlite.pragma('page_size', { simple: true })).toBe(8192);
    } finally {
      made.close();
    }
    // A file an earlier version made: SQLite's default 4 KiB pages, in WAL mode, with a row in it.
    const file = path.join(dir, 'old.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE kept (v TEXT); INSERT INTO kept VALUES (1);');
    old.close();
    const opened = openDatabase(`file:${file}`);
    try {
      expect(opened.sqlite.pragma('page_size', { simple: true })).toBe(4096);
      expect(opened.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(opened.sqlite.prepare('SELECT v FROM kept').pluck().get()).toBe('1');
      createApiKey(opened.db, manualClock(), { name: 'a write on the old file' });
    } finally {
      opened.close();
    }
  });
});

describe('/readyz', () => {
  it('answers 200 while a write can commit, 503 once the database is read-only, 200 again after', async () => {
    const database = openDatabase(`file:${path.join(tempDir(), 'service.db')}`);
    const app = appFor({ db: database.db, clock: manualClock() });
    try {
      expect((await app.request('/readyz')).status).toBe(200);
      // As root in CI a chmod does not stop a write; query_only refuses every write the same way
      // a read-only file does (SQLITE_READONLY).
      database.sqlite.pragma('query_only = ON');
      const res = await app.request('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable' });
      expect((await app.request('/healthz')).status).toBe(200);
      database.sqlite.pragma('query_only = OFF');
      expect((await app.request('/readyz')).status).toBe(200);
    } finally {
      database.close();
    }
  });
});

/** A small file system of its own (tmpfs): root may mount one (as in CI). */
const mayMount = process.getuid?.() === 0;
function smallDisk(megabytes: number): { dir: string; unmount(): void } {
  const dir = tempDir('full-disk-');
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { encoding: 'utf8' });
  if (mounted.status !== 0) throw new Error(`cannot mount a tmpfs: ${mounted.stderr}`);
  return { dir, unmount: () => execFileSync('umount', [dir]) };
}

describe.skipIf(!mayMount)(`/readyz on a full disk${mayMount ? '' : ' (SKIPPED: mounting a tmpfs needs root)'}`, () => {
  it('answers 503 while the disk of the database is full (where a write still fitted in the WAL), 200 once there is room', async () => {
    const disk = smallDisk(16);
    const storage = await openStorage(testConfig({ DATABASE_URL: `file:${path.join(disk.dir, 'service.db')}` }));
    const clock = manualClock();
    const app = appFor({ storage, clock });
    const key = await storage.repos.apiKeys.create(clock.now(), { name: 'full disk' });
    const createStore = (n: number) =>
      app.request('/commerce/2024-07/stores', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'svc-api-key': key.key },
        body: JSON.stringify({
          source_id: `s${n}`,
          name: 'x'.repeat(200),
          currency: 'EUR',
          description: 'd'.repeat(10_000),
        }),
      });
    try {
      for (let n = 0; n < 20; n++) expect((await createStore(n)).status).toBe(201);
      expect((await app.request('/readyz')).status).toBe(200);
      // Fill the disk, then the last bytes.
      let files = 0;
      try {
        for (;;) writeFileSync(path.join(disk.dir, `fill-${files++}`), Buffer.alloc(256 * 1024));
      } catch {
        for (const size of [4096, 512]) {
          try {
            for (;;) writeFileSync(path.join(disk.dir, `fill-${files++}`), Buffer.alloc(size));
          } catch {
            // full at this size
          }
        }
      }
      const ready = await app.request('/readyz');
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ status: 'unavailable' });
      // A write that needs room is answered 503 (retry later), not 500.
      const write = await createStore(100);
      expect(write.status).toBe(503);
      expect(((await write.json()) as { meta: { code: number } }).meta.code).toBe(50300);
      for (let f = 0; f < files; f++) rmSync(path.join(disk.dir, `fill-${f}`), { force: true });
      expect((await app.request('/readyz')).status).toBe(200);
      expect((await createStore(101)).status).toBe(201);
    } finally {
      await storage.close();
      disk.unmount();
    }
  });
});
