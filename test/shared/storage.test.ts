import { createHash } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openStorage } from '../../src/storage.js';
import { createTestDatabase, onPostgres, postgresUrl } from '../support/postgres.js';

// The engine DATABASE_URL names, and the PostgreSQL settings (pool size, statement timeout) as the
// server and the CLI open it.

describe('openStorage', () => {
  it('opens SQLite for :memory:, a file: URL or a path, and PostgreSQL for postgres:// and postgresql://', async () => {
    const memory = await openStorage(loadConfig({ DATABASE_URL: ':memory:' }));
    expect(memory.engine).toBe('sqlite');
    await memory.probeWrite();
    await memory.close();
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db/x' })).toThrow(
      /DATABASE_URL: expected postgres:\/\/…, postgresql:\/\/…, file:PATH/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DATABASE_STATEMENT_TIMEOUT_MS/);
  });
});

describe.skipIf(!postgresUrl)(onPostgres('openStorage on PostgreSQL'), () => {
  it('keeps DATABASE_POOL_SIZE connections at most and cancels a statement that runs past DATABASE_STATEMENT_TIMEOUT_MS', async () => {
    const db = await createTestDatabase();
    const url = db.url.replace(/^postgres:/, 'postgresql:');
    const storage = await openStorage(
      loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '2', DATABASE_STATEMENT_TIMEOUT_MS: '300' }),
    );
    const other = new pg.Client({ connectionString: db.url });
    try {
      expect(storage.engine).toBe('postgres');
      const created = await storage.repos.apiKeys.create(new Date(), { name: 'pool' });
      const principal = await storage.repos.apiKeys.principalByHash(
        createHash('sha256').update(created.key).digest('hex'),
      );
      await storage.repos.stores.insert({
        id: 'sto_lock',
        accountId: principal!.accountId,
        source_id: 's',
        name: 'Shop',
        currency: 'EUR',
        now: new Date().toISOString(),
      });

      // 10 reads at once share 2 connections: the server sees at most 2 from this pool.
      await Promise.all(Array.from({ length: 10 }, () => storage.repos.stores.find(principal!.accountId, 'sto_lock')));
      await other.connect();
      const connections = await other.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      expect(connections.rows[0]!.n).toBeLessThanOrEqual(2);

      // Another session holds the store's row: the patch waits for the lock, and the server cancels it at 300 ms.
      await other.query('BEGIN');
      await other.query('SELECT * FROM stores WHERE id = $1 FOR UPDATE', ['sto_lock']);
      const started = Date.now();
      await expect(
        Promise.resolve(
          storage.repos.stores.update(principal!.accountId, 'sto_lock', { name: 'Renamed' }, new Date().toISOString()),
        ),
      ).rejects.toThrow(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(5_000);
      await other.query('ROLLBACK');
      // The pool goes on: the same patch now succeeds.
      const renamed = await storage.repos.stores.update(
        principal!.accountId,
        'sto_lock',
        { name: 'Renamed' },
        new Date().toISOString(),
      );
      expect(renamed).toMatchObject({ name: 'Renamed' });
    } finally {
      await other.end();
      await storage.close();
      await db.drop();
    }
  });
});
