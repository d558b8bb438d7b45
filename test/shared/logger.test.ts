import { pino, type DestinationStream } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accessLineJson,
  accessLog,
  createLogger,
  loggerOptions,
  writeFully,
  type AccessLine,
} from '../../src/shared/logger.js';

const capture = () => {
  const lines: string[] = [];
  const destination: DestinationStream = { write: (line: string) => void lines.push(line) };
  return { lines, destination };
};

const full: AccessLine = {
  requestId: '0a7367e8-d2ae-40da-8bf3-fc37b28f23dd',
  method: 'GET',
  path: '/commerce/2024-07/orders/ord_0mwvbp7q5c5ae174390e81567455c',
  operationId: 'getOrder',
  status: 200,
  durationMs: 0.37,
  apiKeyId: 'key_0mwvbp7q5c5ae174390e81567455c',
  accountId: 'acc_0mwvbp7q5c5ae174390e81567455c',
  client: '::ffff:127.0.0.1',
};

// Lines the hand-written serializer takes, and lines it leaves to pino (a value that would need escaping).
const written: AccessLine[] = [
  full,
  { requestId: 'req-1', method: 'POST', path: '/keygen/keys', status: 401, durationMs: 12 },
  { ...full, operationId: undefined, apiKeyId: undefined, accountId: undefined, status: 404, durationMs: 1234.5 },
  { ...full, path: "/docs/a b!#$%&'()*+,-./09:;<=>?@AZ[]^_`az{|}~" },
];
const escaped: AccessLine[] = [
  { ...full, path: '/orders/"quoted"' },
  { ...full, path: '/orders/back\\slash' },
  { ...full, path: '/orders/caf\u00e9/\u{1f600}' },
  { ...full, client: 'tab\there' },
  { ...full, requestId: 'del\u007f' },
];

describe('access log lines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('are written byte for byte as pino writes them with the server options, at info and debug', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T23:59:59.999Z') });
    for (const level of ['info', 'debug'] as const) {
      const { lines, destination } = capture();
      const logger = pino(loggerOptions('debug'), destination);
      for (const line of written) {
        logger[level](line);
        expect(accessLineJson(logger.levels.values[level]!, line)).toBe(lines.at(-1));
      }
      expect(lines).toHaveLength(written.length);
    }
  });

  it('leave a value that needs escaping to pino, so the line is still what pino writes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00.000Z') });
    const viaPino = capture();
    const reference = pino(loggerOptions('info'), viaPino.destination);
    const viaServer = capture();
    const log = accessLog(createLogger('info', viaServer.destination));
    for (const line of [...written, ...escaped]) {
      if (escaped.includes(line)) expect(accessLineJson(30, line)).toBeUndefined();
      reference.info(line);
      log('info', line);
    }
    expect(viaServer.lines).toEqual(viaPino.lines);
    expect(JSON.parse(viaServer.lines.at(-1)!)).toMatchObject({
      requestId: 'del\u007f',
      time: '2026-11-24T12:00:00.000Z',
    });
  });

  it('carry the time of the moment they are written, to the millisecond', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T12:00:00.000Z') });
    const { lines, destination } = capture();
    const log = accessLog(createLogger('info', destination));
    log('info', full);
    vi.advanceTimersByTime(1);
    log('info', full);
    vi.setSystemTime(new Date('2026-11-25T00:00:00.000Z'));
    log('info', full);
    expect(lines.map((l) => (JSON.parse(l) as { time: string }).time)).toEqual([
      '2026-11-24T12:00:00.000Z',
      '2026-11-24T12:00:00.001Z',
      '2026-11-25T00:00:00.000Z',
    ]);
  });
});

describe('the log writer', () => {
  const text = `${JSON.stringify({ msg: 'caf\u00e9 \u{1f600} '.repeat(8) })}\n`;

  it('writes a chunk with one call and copies nothing when the write is whole', () => {
    const calls: Array<string | Buffer> = [];
    writeFully(1, text, (_fd, data) => {
      calls.push(data);
      return Buffer.byteLength(data);
    });
    expect(calls).toEqual([text]);
  });

  it('writes what a partial write left, byte for byte, and waits out a full pipe (EAGAIN)', () => {
    const out: Buffer[] = [];
    let call = 0;
    writeFully(1, text, (_fd, data) => {
      call++;
      if (call % 3 === 0)
        throw Object.assign(new Error('EAGAIN: resource temporarily unavailable'), { code: 'EAGAIN' });
      // 7 bytes a call: most writes end inside a character of two, three or four bytes.
      const bytes = (typeof data === 'string' ? Buffer.from(data) : data).subarray(0, 7);
      out.push(Buffer.from(bytes));
      return bytes.length;
    });
    expect(Buffer.concat(out).toString()).toBe(text);
  });

  it('lets any other error through (a closed stdout)', () => {
    const epipe = Object.assign(new Error('EPIPE: broken pipe'), { code: 'EPIPE' });
    expect(() =>
      writeFully(1, text, () => {
        throw epipe;
      }),
    ).toThrow(epipe);
  });
});
