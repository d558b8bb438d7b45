import { getTableColumns, type Table } from 'drizzle-orm';

/** Property name → column name of a drizzle table, on either engine. */
export function columnNames(table: Table): Record<string, string> {
  return Object.fromEntries(Object.entries(getTableColumns(table)).map(([prop, column]) => [prop, column.name]));
}

/** `"column" AS "property"` for every column, so raw statements give rows of the table's `$inferSelect` shape. */
export function selectColumns(table: Table): string {
  return Object.entries(columnNames(table))
    .map(([prop, column]) => `"${column}" AS "${prop}"`)
    .join(', ');
}
