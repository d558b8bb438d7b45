import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteOrdersRepositories } from '../../src/commerce/repositories.js';
import { sqliteKeysRepositories } from '../../src/keys/repository.sqlite.js';
import { createApiKey } from '../../src/shared/api-keys.sqlite.js';
import { manualClock } from '../../src/shared/clock.js';
import { openDatabase, type DatabaseHandle } from '../../src/shared/db/client.js';
import { createGroupCommit, type GroupCommit } from '../../src/shared/db/group-commit.js';
import { orderBody, productBody, storeBody } from '../support/factories.js';
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

describe("the services' writes on SQLite", () => {
  let dir: string;
  let handle: DatabaseHandle;
  let reader: Database.Database;

  beforeEach(() => {
    dir = tempDir('service-writes-');
    const file = path.join(dir, 'service.db');
    handle = openDatabase(`file:${file}`);
    reader = new Database(file, { readonly: true });
  });

  afterEach(() => {
    reader.close();
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Each case makes two writes of one kind in one turn, as two requests arriving together do. In a transaction of its
  // own, each would commit at once (for a key exchange, about half of its time: BENCHMARKS.md, "Twenty-third look").
  it('commit together in the turn’s group commit: another connection sees none of them before the turn ends', async () => {
    const now = '2024-07-01T08:00:00.000Z';
    const { accountId } = createApiKey(handle.db, manualClock(new Date(now)), { name: 'writes' });
    const commerce = sqliteOrdersRepositories(handle.db);
    const { keys, transactions } = sqliteKeysRepositories(handle.db);
    const store = await commerce.stores.insert({ ...storeBody(), id: 'sto_w', accountId, now });
    expect(store).toMatchObject({ id: 'sto_w' });
    const orders = ['ord_a', 'ord_b'];
    for (const id of orders) await commerce.orders.insert('sto_w', id, orderBody() as never, now);
    const products = ['prd_a', 'prd_b'];
    for (const id of products) await commerce.products.insert('sto_w', id, productBody() as never, now);
    const shipping = (orderId: string) =>
      ({
        order_id: orderId,
        delivery_method: 'shipping',
        status: 'pending',
        line_items: [{ source_id: 'li-3', quantity: 1 }],
      }) as never;
    const fulfillments = ['ful_a', 'ful_b'];
    const key = (id: string) => ({
      id,
      accountId,
      provider: 'dev',
      hardwareVersion: 1,
      clientSecretVerifier: 'ab'.repeat(32),
      createdAt: now,
    });
    const txn = (id: string) => ({
      id,
      keyId: 'key_a',
      accountId,
      kind: 'generate' as const,
      clientReturnUrl: 'https://app.example/return',
      promptTokenHash: `prompt-${id}`,
      keyTokenHash: `key-token-${id}`,
      completedAt: now,
      createdAt: now,
      expiresAt: '2024-07-01T09:00:00.000Z',
    });
    const later = new Date('2024-07-01T08:30:00.000Z');
    const count = (table: string) => reader.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    const docs = (table: string, ids: string[]) =>
      ids.map((id) => JSON.parse(reader.prepare(`SELECT doc FROM ${table} WHERE id = ?`).pluck().get(id) as string));

    const cases: Array<[string, () => Array<unknown>, () => unknown, unknown]> = [
      [
        'an order patched',
        () => orders.map((id) => commerce.orders.update('sto_w', id, { note: 'patched' }, now)),
        () => docs('orders', orders).map((o: { note?: string }) => o.note),
        ['patched', 'patched'],
      ],
      [
        'a product patched',
        () => products.map((id) => commerce.products.update('sto_w', id, { title: 'Patched' }, now)),
        () => docs('products', products).map((p: { title: string }) => p.title),
        ['Patched', 'Patched'],
      ],
      [
        'a fulfillment created',
        () => fulfillments.map((id, i) => commerce.fulfillments.insert('sto_w', id, shipping(orders[i]!), now)),
        () => count('fulfillments'),
        2,
      ],
      [
        'a fulfillment moved',
        () =>
          fulfillments.map((id) =>
            commerce.fulfillments.change('sto_w', id, (f) => ({ next: { ...f, status: 'processing' } }), now),
          ),
        () => docs('fulfillments', fulfillments).map((f: { status: string }) => f.status),
        ['processing', 'processing'],
      ],
      ['a key made', () => ['key_a', 'key_b'].map((id) => keys.insert(key(id))), () => count('keygen_keys'), 2],
      [
        'a key transaction started',
        () => ['txn_a', 'txn_b'].map((id) => transactions.insert(txn(id))),
        () => count('keygen_transactions'),
        2,
      ],
      [
        'a key token exchanged',
        () =>
          ['txn_a', 'txn_b'].map((id) => transactions.consumeKeyToken(accountId, 'key_a', `key-token-${id}`, later)),
        () => [count('keygen_transactions'), count('keygen_spent_tokens')],
        [0, 4],
      ],
    ];
    for (const [name, write, seen, expected] of cases) {
      const before = seen();
      const pending = write();
      expect(seen(), `${name}: committed before the turn ended`).toEqual(before);
      await Promise.all(pending);
      expect(seen(), name).toEqual(expected);
    }
  });
});
