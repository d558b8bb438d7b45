import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface MigrationFile {
  tag: string;
  when: number;
  breakpoints: boolean;
  sql: string;
}

/**
 * The committed drizzle-kit migrations, read from src/shared/db/migrations. The single-file
 * build replaces this module with one that carries the same files embedded.
 */
export function loadMigrationFiles(): MigrationFile[] {
  const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
  const journal = JSON.parse(readFileSync(`${dir}meta/_journal.json`, 'utf8')) as {
    entries: Array<{ tag: string; when: number; breakpoints: boolean }>;
  };
  return journal.entries.map((e) => ({ ...e, sql: readFileSync(`${dir}${e.tag}.sql`, 'utf8') }));
}
