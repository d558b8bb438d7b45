/**
 * Whether `err` means that the database could not answer in time or at all (rather than a wrong
 * statement or a constraint): no connection within the connect timeout, no answer within the query
 * timeout, a statement cancelled by its timeout, a connection lost, a server shutting down, a
 * full disk. A request that meets one is answered 503, and may be sent again.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  // The error itself, or one it wraps (a query builder's error around the driver's).
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
 * PostgreSQL's query_canceled (statement_timeout), admin_shutdown, crash_shutdown,
 * cannot_connect_now, too_many_connections, disk_full; socket errors; SQLite's full disk and a
 * write lock held past busy_timeout.
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
/** node-postgres's own messages for its timeouts and a connection that ended. */
const UNAVAILABLE_MESSAGES =
  /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated|Client has encountered a connection error)/;

/** Seconds a client is asked to wait before it sends a request refused with 503 again. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = '1';
