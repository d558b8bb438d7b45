import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { startCheckpointer } from '../../src/shared/db/checkpointer.js';
import { openDatabase } from '../../src/shared/db/client.js';
import { tempDir } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): the WAL checkpoint worker of a SQLite file.

describe('WAL checkpoint worker, debug log', () => {
  it('logs a checkpoint once per write that it copied, not on every idle tick', async () => {
    const file = path.join(tempDir(), 'cp.db');
    const database = openDatabase(`file:${file}`);
    const logged: object[] = [];
    const checkpointer = startCheckpointer(
      database.sqlite,
      file,
      { debug: (obj) => logged.push(obj), error: () => {} },
      { intervalMs: 10 },
    );
    try {
      createApiKey(database.db, manualClock(), { name: 'one write' });
      await expect.poll(() => logged.length, { timeout: 10_000 }).toBe(1);
      // 30 idle intervals: the running totals do not change, so nothing more is logged.
      await sleep(300);
      expect(logged).toHaveLength(1);
      createApiKey(database.db, manualClock(), { name: 'another write' });
      await expect.poll(() => logged.length, { timeout: 10_000 }).toBe(2);
      await sleep(300);
      expect(logged).toHaveLength(2);
    } finally {
      await checkpointer.stop();
      database.close();
    }
  });
});

describe('WAL checkpoint worker, the main connection’s backstop', () => {
  it('bounds the WAL at 64 MiB whatever the file’s page size', async () => {
    const dir = tempDir();
    const log = { debug: () => {}, error: () => {} };
    // A file the service made (8 KiB pages), then one an earlier version made (SQLite's default 4 KiB).
    const old = new Database(path.join(dir, 'old.db'));
    old.pragma('journal_mode = WAL');
    old.close();
    for (const [name, pageBytes] of [
      ['new.db', 8192],
      ['old.db', 4096],
    ] as const) {
      const file = path.join(dir, name);
      const database = openDatabase(`file:${file}`);
      const checkpointer = startCheckpointer(database.sqlite, file, log);
      try {
        expect(database.sqlite.pragma('page_size', { simple: true })).toBe(pageBytes);
        const pages = database.sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
        expect(pages * pageBytes).toBe(64 * 2 ** 20);
      } finally {
        await checkpointer.stop();
        database.close();
      }
    }
  });
});
