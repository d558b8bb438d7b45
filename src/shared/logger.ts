import type { MiddlewareHandler } from 'hono';
import { pino, type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

/**
 * One JSON line per request: id, method, path, status, duration. Never the query string (the key
 * service carries one-time tokens there), a header value or a body.
 */
export const requestLog = (logger: Logger): MiddlewareHandler<{ Variables: { requestId: string } }> => {
  const logged: MiddlewareHandler<{ Variables: { requestId: string } }> = async (c, next) => {
    const start = performance.now();
    await next();
    logger.info({
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - start) * 100) / 100,
    });
  };
  // Nothing per request, not even a clock reading, when the level drops the line (LOG_LEVEL=warn and above).
  return (c, next) => (logger.isLevelEnabled('info') ? logged(c, next) : next());
};
