import { customType } from 'drizzle-orm/pg-core';

/**
 * Text compared byte by byte (`COLLATE "C"`), as SQLite compares text: ids, timestamps and
 * source ids sort the same on both engines, whatever the database's locale.
 */
export const text = customType<{ data: string; driverData: string }>({ dataType: () => 'text COLLATE "C"' });
