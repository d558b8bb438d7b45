import { readAsset } from '../assets.js';

interface MigrationFile {
  tag: string;
  when: number;
  breakpoints: boolean;
  sql: string;
}

const SQLITE_MIGRATIONS = 'src/shared/db/migrations';
export const POSTGRES_MIGRATIONS = 'src/shared/db/migrations-pg';

export function loadMigrationFiles(DIR = SQLITE_MIGRATIONS): MigrationFile[] {
  const journal = readAsset(`${DIR}/meta/_journal.json`);
  if (!journal) throw new Error(`Migrations not found (${DIR}/meta/_journal.json).`);
  const entries = (
    JSON.parse(journal.toString('utf8')) as { entries: Array<{ tag: string; when: number; breakpoints: boolean }> }
  ).entries;
  return entries.map((e) => {
    const sql = readAsset(`${DIR}/${e.tag}.sql`);
    if (!sql) throw new Error(`Migration ${e.tag}.sql is missing.`);
    return { ...e, sql: sql.toString('utf8') };
  });
}
