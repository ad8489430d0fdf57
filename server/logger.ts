import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Request bodies never reach the logs; these keys are redacted wherever they appear.
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.apiKey'], censor: '[redacted]' },
  });
}
