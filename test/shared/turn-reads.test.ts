import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteOrdersRepositories } from '../../src/commerce/repositories.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { inGroupCommit, inTransaction, openDatabase, type DatabaseHandle } from '../../src/shared/db/client.js';
import { turnReads, type TurnReads } from '../../src/shared/db/turn-reads.js';
import { tempDir } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): the hot reads of a turn run after its poll phase, in one read
// transaction on a read-only connection beside the writer.

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turn reads', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let reads: TurnReads;
  let countNow: () => number;
  let count: () => Promise<number>;
  const insert = (sqlite: Database.Database) => sqlite.prepare('INSERT INTO t (v) VALUES (1)').run();

  beforeEach(() => {
    dir = tempDir('turn-reads-');
    handle = openDatabase(`file:${path.join(dir, 'db.sqlite')}`);
    handle.sqlite.exec('CREATE TABLE t (v INTEGER)');
    insert(handle.sqlite);
    reads = turnReads(handle.sqlite);
    const statement = reads.sqlite.prepare('SELECT count(*) FROM t').pluck();
    countNow = () => statement.get() as number;
    count = async () => reads.read(countNow);
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

  it('runs the reads asked for in one phase of the event loop when it ends, in order, each with its own outcome', async () => {
    const ran: string[] = [];
    const first = reads.read(() => (ran.push('first'), countNow()));
    const failing = reads.read(() => {
      ran.push('failing');
      throw new Error('this read fails');
    });
    const last = reads.read(() => (ran.push('last'), countNow()));
    // Asked for, not run: they wait for the end of the phase.
    expect(ran).toEqual([]);
    expect(first).toBeInstanceOf(Promise);
    await expect(first).resolves.toBe(1);
    await expect(failing).rejects.toThrow('this read fails');
    await expect(last).resolves.toBe(1);
    expect(ran).toEqual(['first', 'failing', 'last']);
  });

  it("keeps one snapshot for the turn's reads and takes a new one in the next turn", async () => {
    const other = new Database(handle.file);
    try {
      const [before, _, during] = await Promise.all([count(), reads.read(() => insert(other)), count()]);
      expect([before, during]).toEqual([1, 1]);
      expect(await count()).toBe(2);
    } finally {
      other.close();
    }
  });

  it("ends the turn's snapshot when the writer commits, so what follows a write in this process sees it", async () => {
    expect(await count()).toBe(1);
    inTransaction(handle.db, () => insert(handle.sqlite));
    expect(await count()).toBe(2);

    await nextTurn();
    // The group commit's flush was asked for before the read, so it runs first and the read sees it.
    const written = inGroupCommit(handle.db, () => insert(handle.sqlite));
    const after = count();
    await written;
    expect(await after).toBe(3);
  });

  it("begins a new snapshot for the turn's reads after a commit ends one", async () => {
    const other = new Database(handle.file);
    try {
      const seen = await Promise.all([
        count(),
        reads.read(() => inTransaction(handle.db, () => insert(handle.sqlite))),
        count(),
        reads.read(() => insert(other)),
        count(),
      ]);
      expect([seen[0], seen[2], seen[4]]).toEqual([1, 2, 2]);
    } finally {
      other.close();
    }
  });

  it('goes on when the read transaction ended without it, as SQLite ends one after some errors', async () => {
    // SQLite rolls a transaction back by itself after SQLITE_IOERR, SQLITE_NOMEM and the like.
    const seen = await Promise.all([count(), reads.read(() => reads.sqlite.prepare('ROLLBACK').run()), count()]);
    expect([seen[0], seen[2]]).toEqual([1, 1]);
    // The turn's end finds no transaction to end, and the next turn's first read begins one.
    expect(await count()).toBe(1);
    expect(reads.sqlite.inTransaction).toBe(true);
  });

  it('closes the reader with the database: a read still waiting is refused, and a turn ending after that does nothing', async () => {
    expect(await count()).toBe(1);
    const waiting = count();
    handle.close();
    expect(reads.sqlite.open).toBe(false);
    await expect(waiting).rejects.toThrow(/not open/);
    await nextTurn();
    handle = openDatabase(':memory:');
  });

  it('reads an in-memory database on the writer, at once, each read its own transaction', () => {
    const memory = openDatabase(':memory:');
    try {
      const inMemory = turnReads(memory.sqlite);
      expect(inMemory.sqlite).toBe(memory.sqlite);
      expect(inMemory.read(() => 5)).toBe(5);
    } finally {
      memory.close();
    }
  });
});

describe("the stores' reads", () => {
  it("read in the turn's transaction, and a store created in this process ends it, so what follows sees the store", async () => {
    const dir = tempDir('store-reads-');
    const file = `file:${path.join(dir, 'service.db')}`;
    const database = openDatabase(file);
    // Another connection to the same file, as the operator CLI in another process.
    const other = openDatabase(file);
    try {
      const key = createApiKey(database.db, manualClock(new Date('2024-07-01T08:00:00.000Z')), { name: 'reads' });
      const { stores } = sqliteOrdersRepositories(database.db);
      const store = (id: string) => ({
        id,
        accountId: key.accountId,
        source_id: id,
        name: 'Shop',
        currency: 'EUR',
        now: '2024-07-01T08:00:00.000Z',
      });
      const found = async (id: string) => (await stores.find(key.accountId, id))?.id ?? null;
      const inTurn = turnReads(database.sqlite).read;

      // A write by another connection between two reads of one turn: both see the turn's snapshot (on the
      // writer, each read its own transaction, the second would see it), and the next turn sees the store.
      const seen = await Promise.all([
        found('sto_a'),
        inTurn(() => sqliteOrdersRepositories(other.db).stores.insert(store('sto_a'))),
        found('sto_a'),
      ]);
      expect([seen[0], seen[2]]).toEqual([null, null]);
      expect(await found('sto_a')).toBe('sto_a');

      // A store this process creates ends the turn's snapshot: the read after it in the same turn sees it.
      const created = await Promise.all([found('sto_b'), inTurn(() => stores.insert(store('sto_b'))), found('sto_b')]);
      expect([created[0], created[2]]).toEqual([null, 'sto_b']);
    } finally {
      other.close();
      database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
