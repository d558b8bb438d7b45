import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/**
 * `"column" AS "property"` for every column of a drizzle PostgreSQL table: a row read with it has
 * the shape of the table's `$inferSelect`, as the SQLite repositories' rows do.
 */
export function selectColumns(table: PgTable, alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  const columns = getTableConfig(table).columns;
  const byName = new Map(Object.entries(table as unknown as Record<string, { name?: string }>).map(([prop, col]) => [col?.name, prop]));
  return columns.map((c) => `${prefix}"${c.name}" AS "${byName.get(c.name) ?? c.name}"`).join(', ');
}

/** The column name of each property of a drizzle PostgreSQL table (`accountId` → `account_id`). */
export function columnNames(table: PgTable): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [prop, col] of Object.entries(table as unknown as Record<string, { name?: unknown }>)) {
    if (typeof col?.name === 'string') out[prop] = col.name;
  }
  return out;
}

/**
 * For `table`: `INSERT INTO table (…) VALUES ($1, …)` of a row keyed by the table's property
 * names (undefined ones left out). The table's names are read once, here.
 */
export function inserter(table: PgTable) {
  const names = columnNames(table);
  const name = getTableConfig(table).name;
  return (row: Record<string, unknown>): { text: string; values: unknown[] } => {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    return {
      text: `INSERT INTO "${name}" (${keys.map((k) => `"${names[k]}"`).join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')})`,
      values: keys.map((k) => row[k]),
    };
  };
}
