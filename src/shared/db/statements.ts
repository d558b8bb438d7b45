import type Database from 'better-sqlite3';
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * Raw better-sqlite3 statements over the drizzle schema's names, so that a column is named in
 * schema.ts only: rows come out shaped as the table's `$inferSelect`. Run a statement with
 * RETURNING by `.all()`: `.get()` stops after the first row, and outside a transaction the commit
 * then happens in the reset, whose error (a full disk) better-sqlite3 does not report.
 */
export function tableStatements<T extends SQLiteTable>(sqlite: Database.Database, table: T) {
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key, name: column.name }));
  const name = `"${getTableName(table)}"`;
  const select = columns.map((c) => `"${c.name}" AS "${c.key}"`).join(', ');
  const updates = new Map<string, Database.Statement>();
  return {
    name,
    /** `"column" AS "key", …`, for a SELECT or a RETURNING. */
    select,
    /** INSERT of a whole row (a column the row leaves out is NULL), DO NOTHING on a conflict of `conflict`. */
    insert: (conflict: string) =>
      sqlite.prepare<[Record<string, unknown>], T['$inferSelect']>(
        `INSERT INTO ${name} (${columns.map((c) => `"${c.name}"`).join(', ')})
         VALUES (${columns.map((c) => `@${c.key}`).join(', ')})
         ON CONFLICT (${conflict}) DO NOTHING RETURNING ${select}`,
      ),
    /** The row with NULL for each column it leaves out, as the insert's named parameters. */
    row: (values: Partial<T['$inferSelect']>): Record<string, unknown> =>
      Object.fromEntries(columns.map((c) => [c.key, (values as Record<string, unknown>)[c.key] ?? null])),
    /**
     * UPDATE … SET the columns `values` names, WHERE `where` (its parameters named `@where_…`),
     * RETURNING the row; one statement per set of columns, prepared once.
     */
    update(
      values: Partial<T['$inferSelect']>,
      where: string,
    ): Database.Statement<[Record<string, unknown>], T['$inferSelect']> {
      const keys = Object.keys(values);
      const id = `${keys.join(',')}|${where}`;
      let statement = updates.get(id);
      if (!statement) {
        const set = keys.map((k) => `"${columns.find((c) => c.key === k)!.name}" = @${k}`).join(', ');
        statement = sqlite.prepare(`UPDATE ${name} SET ${set} WHERE ${where} RETURNING ${select}`);
        updates.set(id, statement);
      }
      return statement as Database.Statement<[Record<string, unknown>], T['$inferSelect']>;
    },
  };
}
