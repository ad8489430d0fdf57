import { pino } from 'pino';
import type { Logger } from '#server/lib/logger.ts';

/** A job thread's logger: pino, each line handed to `post` (the main thread logs it). */
export function threadLogger(level: string, post: (line: string) => void): Logger {
  return pino({ level, base: undefined, timestamp: false }, { write: post });
}

/** Logs a line from a job thread through the main thread's logger, with the job's name. */
export function relayLogLine(log: Logger, name: string, line: string): void {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    log.warn({ job: name, line }, 'unreadable log line from a job thread');
    return;
  }
  const { level, msg, ...fields } = entry;
  const label = typeof level === 'number' ? pino.levels.labels[level] : undefined;
  const write = label && label in log ? (log[label as 'info'] as Logger['info']).bind(log) : log.info.bind(log);
  write({ job: name, ...fields }, typeof msg === 'string' ? msg : undefined);
}
