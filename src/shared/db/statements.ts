import type Database from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { columnNames, selectColumns } from './columns.js';

/**
 * Parameters the planner cannot read. SQLite with STAT4 (as better-sqlite3 builds it) reads the values bound to
 * the bare `?` that a page's ORDER BY … LIMIT plan weighs (the LIMIT, the equalities before it) and prepares the
 * statement again on every call that binds them: `perf` shows sqlite3Reprepare under each step. A CAST is not a
 * bare parameter, so the plan made once at prepare stays (a page of ten stores: 11 µs a call before, 4 µs after).
 */
export const TEXT_PARAM = 'CAST(? AS TEXT)';

/** A page's window, for the same reason as TEXT_PARAM. */
export const PAGE = 'LIMIT CAST(? AS INTEGER) OFFSET ?';

/**
 * Raw better-sqlite3 statements over the drizzle schema's names, so that a column is named in
 * schema.ts only: rows come out shaped as the table's `$inferSelect`. Run a statement with
 * RETURNING by `.all()`: `.get()` stops after the first row, and outside a transaction the commit
 * then happens in the reset, whose error (a full disk) better-sqlite3 does not report.
 */
export function tableStatements<T extends SQLiteTable>(sqlite: Database.Database, table: T) {
  const columns = Object.entries(columnNames(table)).map(([key, name]) => ({ key, name }));
  const name = `"${getTableName(table)}"`;
  const select = selectColumns(table);
  return {
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
     * UPDATE of a whole row (every column to the value of its key) WHERE `where`, whose parameters
     * are named `@where_…`, RETURNING the row. One statement for any change, so a client that
     * sends each combination of fields cannot make the connection hold a statement per combination.
     */
    updateRow: (where: string) =>
      sqlite.prepare<[Record<string, unknown>], T['$inferSelect']>(
        `UPDATE ${name} SET ${columns.map((c) => `"${c.name}" = @${c.key}`).join(', ')}
         WHERE ${where} RETURNING ${select}`,
      ),
  };
}
