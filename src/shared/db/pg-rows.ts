import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/** `"column" AS "property"` for every column, so rows have the table's `$inferSelect` shape as on SQLite. */
export function selectColumns(table: PgTable, alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  const columns = getTableConfig(table).columns;
  const byName = new Map(
    Object.entries(table as unknown as Record<string, { name?: string }>).map(([prop, col]) => [col?.name, prop]),
  );
  return columns.map((c) => `${prefix}"${c.name}" AS "${byName.get(c.name) ?? c.name}"`).join(', ');
}

export function columnNames(table: PgTable): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [prop, col] of Object.entries(table as unknown as Record<string, { name?: unknown }>)) {
    if (typeof col?.name === 'string') out[prop] = col.name;
  }
  return out;
}

/** An INSERT of a row keyed by property names, undefined ones left out. */
export function inserter(table: PgTable) {
  const names = columnNames(table);
  const name = getTableConfig(table).name;
  return (row: Record<string, unknown>): { text: string; values: unknown[] } => {
    const keys = Object.keys(row).filter((k) => row[k] !== undefined);
    const columns = keys.map((k) => `"${names[k]}"`).join(', ');
    const placeholders = keys.map((_, i) => `$${i + 1}`).join(', ');
    return {
      text: `INSERT INTO "${name}" (${columns}) VALUES (${placeholders})`,
      values: keys.map((k) => row[k]),
    };
  };
}
