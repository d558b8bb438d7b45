import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { columnNames } from './columns.js';

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
