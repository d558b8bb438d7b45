/** Whether `err` means the database could not answer (timeout, lost connection, shutdown, full disk): a 503. */
export function isDatabaseUnavailable(err: unknown): boolean {
  // Query builders wrap the driver's error.
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}
/**
 * PostgreSQL's query_canceled (statement_timeout), admin_shutdown, crash_shutdown, cannot_connect_now,
 * too_many_connections, disk_full; socket errors; SQLITE_BUSY is a write lock held past busy_timeout.
 */
const UNAVAILABLE_CODES = new Set([
  '57014',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '53100',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'SQLITE_FULL',
  'SQLITE_BUSY',
]);
// node-postgres reports its timeouts and ended connections by message only.
const UNAVAILABLE_MESSAGES =
  /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error)/;

export const UNAVAILABLE_RETRY_AFTER_SECONDS = '1';
