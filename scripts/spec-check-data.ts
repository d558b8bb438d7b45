// Stored-data check for a contract change: reads every row the order service serves as stored
// (stores, locations, orders, and any other resource table) from the database DATABASE_URL names,
// renders it as the service answers it, and validates it against the response schemas of a
// contract (by default the working tree's openapi/orders.yaml). The rows that would violate the
// contract they are served under are named, so a migration can be planned before the change ships.
//
//   DATABASE_URL=… npm run spec:check-data -- [--spec openapi/orders.yaml] [--format text|json] [--limit 20]
// Exit code: 0 every row fits, 1 some rows violate, 2 the check could not run.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import Database from 'better-sqlite3';
import { getTableColumns, type Table } from 'drizzle-orm';
import type pg from 'pg';
import { parse as parseYaml } from 'yaml';
import { databaseEngine, DEFAULT_DATABASE_URL } from '../src/config.js';
import { toLocation } from '../src/commerce/locations/render.js';
import type { LocationRow } from '../src/commerce/locations/repository.js';
import { locations, stores } from '../src/commerce/schema.js';
import { toStore } from '../src/commerce/stores/render.js';
import type { StoreRow } from '../src/commerce/stores/repository.js';
import { sqlitePath } from '../src/shared/db/client.js';
import { openPostgresPool } from '../src/shared/db/postgres.js';

type Row = Record<string, unknown>;

/** How a table's rows become what the service answers; the schema they are answered under. */
interface StoredResource {
  table: string;
  /** A schema of components/schemas in the contract. */
  schema: string;
  render(row: Row): unknown;
  /** The columns that name a row in the report (its id, and whose it is). */
  names: string[];
}

/** Drizzle's column properties by SQL name, so that a raw row becomes the row type its renderer takes. */
function rowOf<T>(table: Table): (row: Row) => T {
  const columns = Object.entries(getTableColumns(table)).map(([prop, column]) => [column.name, prop] as const);
  return (row) => Object.fromEntries(columns.map(([name, prop]) => [prop, row[name] ?? null])) as T;
}

const storeRow = rowOf<StoreRow>(stores);
const locationRow = rowOf<LocationRow>(locations);

/**
 * The resources with a renderer of their own. Any other table with a `doc` column (a resource
 * stored as the document it is answered with, as orders are) is checked against the schema its
 * name gives (`products` → `Product`), so new resources are covered without an entry here.
 */
const RESOURCES: StoredResource[] = [
  { table: 'stores', schema: 'Store', render: (row) => toStore(storeRow(row)), names: ['id', 'account_id'] },
  { table: 'locations', schema: 'Location', render: (row) => toLocation(locationRow(row)), names: ['id', 'store_id'] },
  { table: 'orders', schema: 'Order', render: (row) => JSON.parse(String(row.doc)), names: ['id', 'store_id'] },
];

const schemaNameOf = (table: string): string => {
  const singular = table.replace(/ies$/, 'y').replace(/s$/, '');
  return singular
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
};

/** One engine's access: the tables with their columns, and pages of a table's rows. */
interface Reader {
  tables(): Promise<Map<string, string[]>>;
  page(table: string, offset: number, limit: number): Promise<Row[]>;
  close(): Promise<void>;
}

/** Read-only: the check never migrates or writes the database it reads. */
function sqliteReader(url: string): Reader {
  const file = path.resolve(sqlitePath(url));
  if (!existsSync(file)) throw new Error(`no SQLite database at ${file}`);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  return {
    tables: async () => {
      const names = sqlite.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all();
      return new Map(
        names.map(({ name }) => [
          name,
          sqlite
            .prepare<[], { name: string }>(`PRAGMA table_info("${name.replace(/"/g, '""')}")`)
            .all()
            .map((c) => c.name),
        ]),
      );
    },
    page: async (table, offset, limit) =>
      sqlite
        .prepare<[number, number], Row>(`SELECT * FROM "${table}" ORDER BY rowid LIMIT ? OFFSET ?`)
        .all(limit, offset),
    close: async () => {
      sqlite.close();
    },
  };
}

function postgresReader(url: string): Reader {
  const pool: pg.Pool = openPostgresPool(url, { poolSize: 2, statementTimeoutMs: 60_000 });
  return {
    tables: async () => {
      const { rows } = await pool.query<{ table_name: string; column_name: string }>(
        'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY ordinal_position',
      );
      const out = new Map<string, string[]>();
      for (const r of rows) out.set(r.table_name, [...(out.get(r.table_name) ?? []), r.column_name]);
      return out;
    },
    page: async (table, offset, limit) =>
      (await pool.query<Row>(`SELECT * FROM "${table}" ORDER BY id LIMIT $1 OFFSET $2`, [limit, offset])).rows,
    close: () => pool.end(),
  };
}

export interface Violation {
  /** `id=ord_…, store_id=sto_…` */
  row: string;
  problems: string[];
}

export interface ResourceResult {
  table: string;
  schema: string;
  rows: number;
  violations: number;
  /** The first violating rows (up to the limit). */
  named: Violation[];
}

export interface DataCheck {
  database: string;
  spec: string;
  resources: ResourceResult[];
  /** Tables that look like resources of the contract but that nothing here can render. */
  unchecked: string[];
}

const PAGE = 500;

export async function checkStoredData(databaseUrl: string, specFile: string, limit = 20): Promise<DataCheck> {
  const spec = parseYaml(readFileSync(specFile, 'utf8')) as { components?: { schemas?: Record<string, unknown> } };
  const schemas = spec.components?.schemas ?? {};
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(spec as object, 'contract');
  const reader = databaseEngine(databaseUrl) === 'postgres' ? postgresReader(databaseUrl) : sqliteReader(databaseUrl);
  try {
    const tables = await reader.tables();
    const resources = [...RESOURCES];
    const unchecked: string[] = [];
    for (const [table, columns] of tables) {
      if (resources.some((r) => r.table === table) || !(schemaNameOf(table) in schemas)) continue;
      if (columns.includes('doc')) {
        const names = ['id', ...columns.filter((c) => c === 'store_id' || c === 'order_id')];
        resources.push({ table, schema: schemaNameOf(table), render: (row) => JSON.parse(String(row.doc)), names });
      } else unchecked.push(`${table} (no renderer and no doc column: ${schemaNameOf(table)} not checked)`);
    }
    const results: ResourceResult[] = [];
    for (const resource of resources) {
      if (!tables.has(resource.table)) continue;
      if (!(resource.schema in schemas)) {
        unchecked.push(`${resource.table} (${resource.schema} is not in ${specFile})`);
        continue;
      }
      const validate = ajv.compile({ $ref: `contract#/components/schemas/${resource.schema}` });
      const result: ResourceResult = {
        table: resource.table,
        schema: resource.schema,
        rows: 0,
        violations: 0,
        named: [],
      };
      for (let offset = 0; ; offset += PAGE) {
        const rows = await reader.page(resource.table, offset, PAGE);
        for (const row of rows) {
          result.rows++;
          let problems: string[];
          try {
            problems = validate(resource.render(row))
              ? []
              : (validate.errors ?? []).map(
                  (e) =>
                    `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params && 'allowedValues' in e.params ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : ''}`,
                );
          } catch (err) {
            problems = [`cannot be rendered: ${(err as Error).message}`];
          }
          if (problems.length === 0) continue;
          result.violations++;
          if (result.named.length < limit)
            result.named.push({ row: resource.names.map((n) => `${n}=${String(row[n])}`).join(', '), problems });
        }
        if (rows.length < PAGE) break;
      }
      results.push(result);
    }
    return {
      database: redact(databaseUrl),
      spec: path.relative(process.cwd(), specFile) || specFile,
      resources: results,
      unchecked,
    };
  } finally {
    await reader.close();
  }
}

/** A database URL without its password, for the report. */
const redact = (url: string): string => url.replace(/(\/\/[^:/@]+):[^@]*@/, '$1:***@');

export function renderDataCheck(check: DataCheck): string {
  const bad = check.resources.reduce((n, r) => n + r.violations, 0);
  const out = [
    `Stored data in ${check.database} against ${check.spec}: ${bad === 0 ? 'every row fits' : `${bad} row${bad === 1 ? ' violates' : 's violate'} the contract`}`,
  ];
  for (const r of check.resources) {
    out.push(`${r.table} (${r.schema}): ${r.rows} row${r.rows === 1 ? '' : 's'} checked, ${r.violations} violate`);
    for (const v of r.named) out.push(`  ${v.row}`, ...v.problems.map((p) => `    ${p}`));
    if (r.violations > r.named.length) out.push(`  … and ${r.violations - r.named.length} more`);
  }
  for (const u of check.unchecked) out.push(`not checked: ${u}`);
  return out.join('\n');
}

export interface MainIo {
  cwd: string;
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const USAGE =
  'usage: DATABASE_URL=… npm run spec:check-data -- [--spec openapi/orders.yaml] [--format text|json] [--limit N]';

export async function main(argv: string[], io: MainIo): Promise<number> {
  let spec = 'openapi/orders.yaml';
  let format = 'text';
  let limit = 20;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if ((arg === '--spec' || arg === '--format' || arg === '--limit') && value !== undefined) {
      i++;
      if (arg === '--spec') spec = value;
      else if (arg === '--format') format = value;
      else limit = Number(value);
    } else {
      io.stderr(`spec:check-data: unexpected ${arg}\n${USAGE}`);
      return 2;
    }
  }
  if (!['text', 'json'].includes(format) || !Number.isInteger(limit) || limit < 0) {
    io.stderr(USAGE);
    return 2;
  }
  try {
    const check = await checkStoredData(io.env.DATABASE_URL || DEFAULT_DATABASE_URL, path.resolve(io.cwd, spec), limit);
    io.stdout(format === 'json' ? JSON.stringify(check, null, 2) : renderDataCheck(check));
    return check.resources.some((r) => r.violations > 0) ? 1 : 0;
  } catch (err) {
    io.stderr(`spec:check-data: ${(err as Error).message}`);
    return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdout: (t) => console.log(t),
    stderr: (t) => console.error(t),
  });
}
