// spec:check-data on a database seeded before a response-narrowing change: the rows that the
// narrowed contract no longer describes are named, the others pass; on the run's engine (SQLite,
// and PostgreSQL in the postgres project).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { main } from '../../scripts/spec-check-data.js';
import { keptTestDatabase, openTestDatabase, type KeptDatabase } from '../support/database.js';
import { locationBody, orderBody } from '../support/factories.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NOW = '2024-07-01T09:00:00.000Z';

let kept: KeptDatabase;
let databaseUrl: string;
let tmp: string;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'spec-check-data-'));
  kept = await keptTestDatabase();
  databaseUrl = kept.url ?? `file:${kept.file!}`;
  const database = await openTestDatabase({ kept });
  try {
    await database.query("INSERT INTO accounts (id, name, created_at) VALUES ('acc_1', 'shop', $1)", [NOW]);
    const { repos } = database.storage;
    await repos.stores.insert({
      id: 'sto_long',
      accountId: 'acc_1',
      source_id: 'shop-1',
      name: 'A store with a long name',
      currency: 'EUR',
      now: NOW,
    });
    await repos.stores.insert({
      id: 'sto_short',
      accountId: 'acc_1',
      source_id: 'shop-2',
      name: 'Shop',
      currency: 'EUR',
      now: NOW,
    });
    await repos.locations.insert({
      ...locationBody({ source_id: 'loc-1' }),
      id: 'loc_1',
      storeId: 'sto_short',
      now: NOW,
    });
    await repos.orders.insert('sto_short', 'ord_open', orderBody({ source_id: 'o-1', status: 'open' }), NOW);
    await repos.orders.insert('sto_short', 'ord_closed', orderBody({ source_id: 'o-2', status: 'closed' }), NOW);
    await repos.orders.insert('sto_long', 'ord_canceled', orderBody({ source_id: 'o-3', status: 'canceled' }), NOW);
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await kept.drop();
  rmSync(tmp, { recursive: true, force: true });
});

/** The order contract with one response-side narrowing applied. */
function narrowed(name: string, edit: (doc: ReturnType<typeof parseDocument>) => void): string {
  const doc = parseDocument(readFileSync(path.join(root, 'openapi', 'orders.yaml'), 'utf8'));
  edit(doc);
  const file = path.join(tmp, `${name}.yaml`);
  writeFileSync(file, doc.toString());
  return file;
}

async function checkData(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    cwd: root,
    env: { DATABASE_URL: databaseUrl },
    stdout: (t) => (stdout += `${t}\n`),
    stderr: (t) => (stderr += `${t}\n`),
  });
  return { code, stdout, stderr };
}

describe('spec:check-data', () => {
  it('passes the rows stored under the current contract', async () => {
    const { code, stdout, stderr } = await checkData([]);
    expect(stderr).toBe('');
    expect(stdout).toContain('every row fits');
    expect(stdout).toContain('stores (Store): 2 rows checked, 0 violate');
    expect(stdout).toContain('locations (Location): 1 row checked, 0 violate');
    expect(stdout).toContain('orders (Order): 3 rows checked, 0 violate');
    expect(code).toBe(0);
  });

  it('names the rows a narrowed response schema no longer describes', async () => {
    const spec = narrowed('narrowed', (doc) => {
      // An enum value removed from the order status, a narrower bound on the store name, a new required location field.
      doc.setIn(['components', 'schemas', 'OrderStatus', 'enum'], doc.createNode(['open', 'closed']));
      doc.setIn(
        ['components', 'schemas', 'Store', 'properties', 'name'],
        doc.createNode({ type: 'string', maxLength: 10 }),
      );
      doc.setIn(
        ['components', 'schemas', 'Location', 'required'],
        doc.createNode([
          ...(doc.getIn(['components', 'schemas', 'Location', 'required']) as { toJSON(): string[] }).toJSON(),
          'timezone',
        ]),
      );
    });
    const { code, stdout } = await checkData(['--spec', spec]);
    expect(code).toBe(1);
    expect(stdout).toContain('3 rows violate the contract');
    expect(stdout).toContain('orders (Order): 3 rows checked, 1 violate');
    expect(stdout).toMatch(
      / {2}id=ord_canceled, store_id=sto_long\n {4}\/status must be equal to one of the allowed values \(open, closed\)/,
    );
    expect(stdout).toMatch(/ {2}id=sto_long, account_id=acc_1\n {4}\/name must NOT have more than 10 characters/);
    expect(stdout).not.toContain('id=sto_short, account_id');
    expect(stdout).toMatch(/ {2}id=loc_1, store_id=sto_short\n {4}\(root\) must have required property 'timezone'/);

    const json = await checkData(['--spec', spec, '--format', 'json']);
    const report = JSON.parse(json.stdout) as {
      resources: { table: string; violations: number; named: { row: string }[] }[];
    };
    expect(report.resources.find((r) => r.table === 'orders')!.named.map((n) => n.row)).toEqual([
      'id=ord_canceled, store_id=sto_long',
    ]);
  });

  it('checks any other table stored as documents against the schema its name gives', async () => {
    const database = await openTestDatabase({ kept });
    try {
      await database.query('CREATE TABLE widgets (id text PRIMARY KEY, store_id text NOT NULL, doc text NOT NULL)');
      await database.query(
        'INSERT INTO widgets VALUES (\'wid_1\', \'sto_short\', \'{"id":"wid_1","size":3}\'), (\'wid_2\', \'sto_short\', \'{"id":"wid_2","size":"big"}\')',
      );
    } finally {
      await database.close();
    }
    const spec = narrowed('widgets', (doc) => {
      doc.setIn(
        ['components', 'schemas', 'Widget'],
        doc.createNode({
          type: 'object',
          required: ['id', 'size'],
          properties: { id: { type: 'string' }, size: { type: 'integer' } },
        }),
      );
    });
    const { code, stdout } = await checkData(['--spec', spec]);
    expect(code).toBe(1);
    expect(stdout).toContain('widgets (Widget): 2 rows checked, 1 violate');
    expect(stdout).toMatch(/ {2}id=wid_2, store_id=sto_short\n {4}\/size must be integer/);
  });

  it('exits 2 when the database is not there', async () => {
    let stderr = '';
    const code = await main([], {
      cwd: root,
      env: { DATABASE_URL: `file:${path.join(tmp, 'nothing.db')}` },
      stdout: () => {},
      stderr: (t) => (stderr += t),
    });
    if (databaseUrl.startsWith('file:')) {
      expect(code).toBe(2);
      expect(stderr).toContain('no SQLite database at');
    }
  });
});
