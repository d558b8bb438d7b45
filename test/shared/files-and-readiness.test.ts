import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFor } from '../support/app.js';
import { loadSealedModule } from '../../src/keys/sealed/from-config.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { tempDir } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): the modes of the SQLite file, its -wal and -shm, and
// /readyz made to fail by SQLite's query_only.

const mode = (f: string) => statSync(f).mode & 0o777;

describe('files the service creates are its own', () => {
  it('creates the data folder 0700 and the database, -wal, -shm and sealed root files 0600', () => {
    const data = path.join(tempDir(), 'data');
    const file = path.join(data, 'service.db');
    const database = openDatabase(`file:${file}`);
    createApiKey(database.db, manualClock(), { name: 'a write, so that the WAL has frames' });
    loadSealedModule({ file: path.join(data, 'keygen-root.sealed.json'), development: true, allowCreate: false }, () => {}, 2 ** 12);
    try {
      expect(mode(data)).toBe(0o700);
      for (const f of ['service.db', 'service.db-wal', 'service.db-shm', 'keygen-root.sealed.json', 'keygen-root.key']) {
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
