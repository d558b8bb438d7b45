import { customType } from 'drizzle-orm/pg-core';

/** `COLLATE "C"` compares bytes as SQLite does, so both engines sort alike whatever the database's locale. */
export const text = customType<{ data: string; driverData: string }>({ dataType: () => 'text COLLATE "C"' });
