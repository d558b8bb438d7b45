import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inGroupCommit, inTransaction, openDatabase, type DatabaseHandle } from '../../src/shared/db/client.js';
import { turnReads, type TurnReads } from '../../src/shared/db/turn-reads.js';
import { tempDir } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): the hot reads of a turn share one read transaction on a read-only
// connection beside the writer.

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turn reads', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let reads: TurnReads;
  let count: () => number;
  const insert = (sqlite: Database.Database) => sqlite.prepare('INSERT INTO t (v) VALUES (1)').run();

  beforeEach(() => {
    dir = tempDir('turn-reads-');
    handle = openDatabase(`file:${path.join(dir, 'db.sqlite')}`);
    handle.sqlite.exec('CREATE TABLE t (v INTEGER)');
    insert(handle.sqlite);
    reads = turnReads(handle.sqlite);
    const statement = reads.sqlite.prepare('SELECT count(*) FROM t').pluck();
    count = () => {
      reads.begin();
      return statement.get() as number;
    };
  });

  afterEach(() => {
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads on a read-only connection beside the writer, which refuses a write', () => {
    expect(reads.sqlite).not.toBe(handle.sqlite);
    expect(reads.sqlite.readonly).toBe(true);
    expect(() => insert(reads.sqlite)).toThrow(/readonly/);
  });

  it("keeps one snapshot for the turn's reads and takes a new one in the next turn", async () => {
    const other = new Database(handle.file);
    try {
      expect(count()).toBe(1);
      insert(other);
      expect(count()).toBe(1);
      await nextTurn();
      expect(count()).toBe(2);
    } finally {
      other.close();
    }
  });

  it("ends the turn's snapshot when the writer commits, so what follows a write in this process sees it", async () => {
    expect(count()).toBe(1);
    inTransaction(handle.db, () => insert(handle.sqlite));
    expect(count()).toBe(2);

    await nextTurn();
    // The group commit's flush is queued before the turn's end, so its units resolve with the turn's reads open.
    const written = inGroupCommit(handle.db, () => insert(handle.sqlite));
    expect(count()).toBe(2);
    await written;
    expect(count()).toBe(3);
  });

  it("begins a new snapshot for the turn's reads after a commit ends one", () => {
    const other = new Database(handle.file);
    try {
      expect(count()).toBe(1);
      inTransaction(handle.db, () => insert(handle.sqlite));
      expect(count()).toBe(2);
      insert(other);
      expect(count()).toBe(2);
    } finally {
      other.close();
    }
  });

  it('goes on when the read transaction ended without it, as SQLite ends one after some errors', async () => {
    expect(count()).toBe(1);
    // SQLite rolls a transaction back by itself after SQLITE_IOERR, SQLITE_NOMEM and the like.
    reads.sqlite.prepare('ROLLBACK').run();
    expect(count()).toBe(1);
    // The turn's end finds no transaction to end, and the next turn's first read begins one.
    await nextTurn();
    expect(count()).toBe(1);
    expect(reads.sqlite.inTransaction).toBe(true);
  });

  it('closes the reader with the database, and a turn ending after that does nothing', async () => {
    expect(count()).toBe(1);
    handle.close();
    expect(reads.sqlite.open).toBe(false);
    await nextTurn();
    handle = openDatabase(':memory:');
  });

  it('reads an in-memory database on the writer, each read its own transaction', () => {
    const memory = openDatabase(':memory:');
    try {
      expect(turnReads(memory.sqlite).sqlite).toBe(memory.sqlite);
    } finally {
      memory.close();
    }
  });
});
