import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupCommit } from '../../src/shared/db/group-commit.js';
import { tempDir } from '../support/process.js';

// SQLite only (the `sqlite` vitest project): the group commit batches the writes of SQLite's one
// writer connection; PostgreSQL commits each request's transaction on its own pool connection.

describe('group commit', () => {
  let dir: string;
  let writer: Database.Database;
  let reader: Database.Database;
  let commit: GroupCommit;
  let statements: string[];

  beforeEach(() => {
    dir = tempDir('group-commit-');
    const file = path.join(dir, 'db.sqlite');
    statements = [];
    writer = new Database(file, { verbose: (sql) => statements.push(String(sql)) });
    writer.pragma('journal_mode = WAL');
    writer.exec(`
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE item (id TEXT PRIMARY KEY, parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED);
      INSERT INTO parent (id) VALUES (1);`);
    writer.pragma('foreign_keys = ON');
    // A second connection sees only what is committed.
    reader = new Database(file, { readonly: true });
    commit = createGroupCommit(writer);
  });

  afterEach(() => {
    reader.close();
    writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const insert =
    (id: string, parent = 1) =>
    () => {
      writer.prepare('INSERT INTO item (id, parent) VALUES (?, ?)').run(id, parent);
      return id;
    };
  const committed = () => (reader.prepare('SELECT id FROM item ORDER BY id').pluck().all() as string[]).join(',');

  it('runs the units of one turn in one transaction and settles them after its COMMIT', async () => {
    const seenByOthers: string[] = [];
    const a = commit(insert('a'));
    const b = commit(() => {
      // Unit a has run but is not committed yet: it shares b's transaction.
      seenByOthers.push(committed());
      return insert('b')();
    });
    const settled: string[] = [];
    const results = await Promise.all([a.then((v) => (settled.push(committed()), v)), b]);
    expect(results).toEqual(['a', 'b']);
    expect(seenByOthers).toEqual(['']);
    expect(settled).toEqual(['a,b']);
    expect(writer.inTransaction).toBe(false);
  });

  it('rolls back only the unit that throws, and rejects it with its own error', async () => {
    const outcomes = await Promise.allSettled([
      commit(insert('a')),
      commit(() => {
        insert('b')();
        throw new Error('refused');
      }),
      commit(insert('a')), // the same key as the first unit: seen within the shared transaction
      commit(insert('c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('refused');
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toContain('UNIQUE constraint failed');
    expect(committed()).toBe('a,c');
  });

  it('rejects every unit of the batch when the COMMIT fails, and writes nothing', async () => {
    // A deferred foreign key is checked at COMMIT: the third unit makes the whole COMMIT fail.
    const outcomes = await Promise.allSettled([commit(insert('a')), commit(insert('b')), commit(insert('orphan', 99))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toContain('FOREIGN KEY constraint failed');
    expect(committed()).toBe('');
    expect(writer.inTransaction).toBe(false);
    // The next turn starts a new batch.
    await expect(commit(insert('d'))).resolves.toBe('d');
    expect(committed()).toBe('d');
  });

  it('runs a one-statement unit without a savepoint; a statement that fails is rolled back alone', async () => {
    const two = (a: string, b: string) => () => writer.prepare('INSERT INTO item (id) VALUES (?), (?)').run(a, b);
    const outcomes = await Promise.allSettled([
      commit(insert('a'), { oneStatement: true }),
      // Its second row takes the first unit's key: SQLite undoes the statement's first row too.
      commit(two('x', 'a'), { oneStatement: true }),
      commit(insert('c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toContain('UNIQUE constraint failed');
    expect(committed()).toBe('a,c');
    // The savepoints are the third unit's only: a SAVEPOINT and a RELEASE.
    expect(statements.filter((sql) => /^(SAVEPOINT|RELEASE)/.test(sql))).toHaveLength(2);
  });

  it('starts a new batch for units queued while one settles', async () => {
    const later = commit(insert('a')).then(() => commit(insert('b')));
    await expect(later).resolves.toBe('b');
    expect(committed()).toBe('a,b');
  });
});
