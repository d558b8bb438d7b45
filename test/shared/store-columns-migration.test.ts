import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { describe, expect, it } from 'vitest';
import { toStore } from '../../src/commerce/stores/render.js';
import { sqliteStores } from '../../src/commerce/stores/repository.sqlite.js';
import { loadMigrationFiles } from '../../src/shared/db/migration-files.js';

const RENAME = '0011_store_contract_column_names';

describe('migration 0011: store columns named like the contract fields', () => {
  it('keeps what a store written before it holds, and the store reads as it did', async () => {
    const migrations = loadMigrationFiles();
    const at = migrations.findIndex((m) => m.tag === RENAME);
    expect(at).toBeGreaterThan(0);
    const sqlite = new Database(':memory:');
    try {
      for (const m of migrations.slice(0, at)) sqlite.exec(m.sql);
      sqlite.prepare(`INSERT INTO accounts (id, name, created_at) VALUES ('acc_1', 'a', '2026-01-01T00:00:00Z')`).run();
      sqlite
        .prepare(
          `INSERT INTO stores (id, account_id, source_id, name, currency, email, website_url, timezone, created_at, updated_at)
           VALUES ('sto_1', 'acc_1', 'shop-1', 'Shop', 'USD', 'owner@example.com', 'https://shop.example.com',
                   'Europe/Berlin', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
        )
        .run();
      for (const m of migrations.slice(at)) sqlite.exec(m.sql);

      const row = await sqliteStores(drizzle(sqlite)).find('acc_1', 'sto_1');
      expect(row && toStore(row)).toMatchObject({
        id: 'sto_1',
        owner_email: 'owner@example.com',
        url: 'https://shop.example.com',
        timezone_identifier: 'Europe/Berlin',
      });
      const columns = sqlite.prepare(`SELECT name FROM pragma_table_info('stores')`).pluck().all() as string[];
      expect(columns).toEqual(expect.arrayContaining(['owner_email', 'url', 'timezone_identifier']));
      expect(columns.filter((c) => c === 'email' || c === 'website_url' || c === 'timezone')).toEqual([]);
    } finally {
      sqlite.close();
    }
  });
});
