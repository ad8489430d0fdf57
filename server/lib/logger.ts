import { pino, type Logger } from 'pino';

export type { Logger };

const MAX_WAITING_LOG_BYTES = 16 * 1024 * 1024;

/**
 * JSON logs to stdout. Writes are buffered (flushed every 4 KB and on `flush()`), so a busy server
 * pays one write syscall per few dozen request lines instead of one per request; index.ts flushes
 * after announcing the port and before exiting.
 */
export function createLogger(level: string, options: { buffered?: boolean } = {}): Logger {
  // maxLength: when stdout cannot keep up (a stalled log reader), lines past 16 MB waiting in memory
  // are dropped instead of growing the process without bound.
  const destination = options.buffered
    ? pino.destination({ dest: 1, sync: false, minLength: 4096, maxLength: MAX_WAITING_LOG_BYTES })
    : undefined;
  const settings = {
    level,
    // No redaction pass: request lines carry method, url, status and timing only, never headers,
    // cookies or bodies, and nothing else logs user input.
    base: undefined,
  };
  return destination ? pino(settings, destination) : pino(settings);
}
