import { writeSync } from 'node:fs';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Writes all of `text` to `fd`, synchronously. A full non-blocking pipe (EAGAIN) is waited on and written again, as
 * pino's synchronous destination (SonicBoom) does; but that destination also copied every chunk it wrote into a
 * Buffer to find what a write left over, garbage as large as the log itself (BENCHMARKS.md, issue 28). Here a
 * chunk is copied only when a write was partial.
 */
export function writeFully(
  fd: number,
  text: string,
  write: (fd: number, data: string | Buffer) => number = (f, data) =>
    typeof data === 'string' ? writeSync(f, data) : writeSync(f, data),
): void {
  let rest: string | Buffer = text;
  for (;;) {
    let written: number;
    try {
      written = write(fd, rest);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EAGAIN' && code !== 'EBUSY') throw err;
      Atomics.wait(pause, 0, 0, 10);
      continue;
    }
    if (written === (typeof rest === 'string' ? Buffer.byteLength(rest) : rest.length)) return;
    rest = (typeof rest === 'string' ? Buffer.from(rest) : rest).subarray(written);
  }
}

/**
 * Log lines gathered over a turn of the event loop and written to stdout together when the turn ends, in one
 * synchronous write. pino's default destination writes asynchronously and, while a write is in flight, appends
 * each new line to one pending string whose UTF-8 length it counts again for every line: at 30,000 requests a
 * second that was half of what a request's log line cost (perf). A full pipe holds the server up, as pino's
 * synchronous destination does, rather than growing memory without a bound; lines still pending when the
 * process exits are written then.
 */
class TurnBatched implements DestinationStream {
  private lines: string[] = [];

  constructor(private readonly fd = 1) {
    process.on('exit', () => this.flushSync());
  }

  write(line: string): void {
    if (this.lines.push(line) === 1) setImmediate(() => this.flushSync());
  }

  flushSync(): void {
    if (this.lines.length === 0) return;
    const chunk = this.lines.join('');
    this.lines = [];
    writeFully(this.fd, chunk);
  }
}

let lastMs = Number.NaN;
let lastTime = '';

/** pino's `stdTimeFunctions.isoTime`, formatted once per millisecond rather than once per line. */
export function isoTime(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
}

export const loggerOptions = (level: string): LoggerOptions => ({ level, base: undefined, timestamp: isoTime });

const destinations = new WeakMap<Logger, DestinationStream>();

/** `destination` is for tests; the server's lines go to stdout. */
export function createLogger(level: string, destination: DestinationStream = new TurnBatched()): Logger {
  const logger = pino(loggerOptions(level), destination);
  destinations.set(logger, destination);
  return logger;
}

/** One request's access log line; absent fields are left out, as pino leaves out undefined values. */
export interface AccessLine {
  requestId: string;
  method: string;
  path: string;
  operationId?: string;
  status: number;
  durationMs: number;
  apiKeyId?: string;
  accountId?: string;
  client?: string;
}

// Printable ASCII other than `"` and `\`: the same between quotes in pino's output and JSON.stringify's.
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

const plain = (value: string | undefined) => value === undefined || PLAIN.test(value);

const field = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":"${value}"`);

/**
 * The access line as pino writes it with `loggerOptions` (test/shared/logger.test.ts compares the two), or undefined
 * when a value would need escaping. pino's general serializer cost 2 µs a line, a tenth of a GET (perf).
 */
export function accessLineJson(levelValue: number, l: AccessLine): string | undefined {
  const { requestId, method, path, operationId, apiKeyId, accountId, client } = l;
  const written =
    plain(requestId) &&
    plain(method) &&
    plain(path) &&
    plain(operationId) &&
    plain(apiKeyId) &&
    plain(accountId) &&
    plain(client) &&
    Number.isFinite(l.durationMs);
  if (!written) return undefined;
  return (
    `{"level":${levelValue}${isoTime()},"requestId":"${requestId}","method":"${method}","path":"${path}"` +
    `${field('operationId', operationId)},"status":${l.status},"durationMs":${l.durationMs}` +
    `${field('apiKeyId', apiKeyId)}${field('accountId', accountId)}${field('client', client)}}\n`
  );
}

/** Writes access lines at `level` (the caller checks that it is enabled). */
export function accessLog(logger: Logger): (level: 'info' | 'debug', line: AccessLine) => void {
  const destination = destinations.get(logger);
  if (!destination) return (level, line) => logger[level](line);
  return (level, line) => {
    const json = accessLineJson(logger.levels.values[level]!, line);
    if (json === undefined) logger[level](line);
    else destination.write(json);
  };
}
