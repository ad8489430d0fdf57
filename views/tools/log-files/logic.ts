import { botName, OTHER_CLIENTS } from '#views/model/log-file-bots.ts';
import type { LogDaysResponse, LogFileView } from './schema.ts';

/** Pure helpers of the log analyser's page (no I/O): numbers in words, and the charts' geometry. */

export const UPLOAD_FAILED = 'The log could not be uploaded';
export const LOAD_FAILED = 'The results could not be loaded';
export const RESUME_KEY = 'log-files:running';

export function bytesText(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function count(n: number): string {
  return n.toLocaleString('en-IN');
}

export function share(part: number, whole: number): string {
  if (whole <= 0) return '0%';
  const percent = (part / whole) * 100;
  return `${percent > 0 && percent < 1 ? percent.toFixed(1) : Math.round(percent)}%`;
}

/** What the page says while a log is queued or read. */
export function progressText(view: Pick<LogFileView, 'status' | 'progress'>): string {
  if (view.status === 'queued') return 'Waiting for a free worker…';
  const progress = view.progress;
  if (!progress) return 'Reading the log…';
  return `Read ${bytesText(progress.bytesRead)} of ${bytesText(progress.bytesTotal)} (${share(progress.bytesRead, progress.bytesTotal)}), ${count(progress.lines)} lines so far`;
}

/** Bots with most hits first, at most `limit`; the rest, and people, go under their own series. */
export interface Series {
  key: string;
  label: string;
}

const MAX_SERIES = 5;

/** The chart's series: the most active bots of the log, then "other bots". People are left out of the bot chart. */
export function chartSeries(view: Pick<LogFileView, 'bots'>, limit = MAX_SERIES): Series[] {
  const top = view.bots.slice(0, limit).map((bot) => ({ key: bot.bot, label: bot.name }));
  return view.bots.length > limit ? [...top, { key: '*', label: 'Other bots' }] : top;
}

export interface DayBar {
  day: string;
  total: number;
  /** Hits of each series that day, in series order. */
  values: number[];
}

/** Each day's bot hits split by series (people not counted), for the stacked bars and their table. */
export function dayBars(days: LogDaysResponse['days'], series: readonly Series[]): DayBar[] {
  const named = new Set(series.map((entry) => entry.key));
  return days.map((day) => {
    const values = series.map((entry) =>
      entry.key === '*'
        ? Object.entries(day.bots)
            .filter(([bot]) => bot !== OTHER_CLIENTS && !named.has(bot))
            .reduce((sum, [, hits]) => sum + hits, 0)
        : (day.bots[entry.key] ?? 0),
    );
    return { day: day.day, total: values.reduce((sum, value) => sum + value, 0), values };
  });
}

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/** Hits by status class over the whole log (people included): the status mix. */
export function statusMix(days: LogDaysResponse['days']): Array<{ status: StatusClass; hits: number }> {
  const totals: Record<StatusClass, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  for (const day of days)
    for (const [status, hits] of Object.entries(day.statuses)) {
      const key = `${status[0]}xx` as StatusClass;
      if (key in totals) totals[key] += hits;
    }
  return (Object.keys(totals) as StatusClass[]).map((status) => ({ status, hits: totals[status] }));
}

/** A "nice" top for a chart's scale: 1, 2 or 5 times a power of ten, at least `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export const STATUS_WORDS: Record<StatusClass, string> = {
  '2xx': 'Success (2xx)',
  '3xx': 'Redirect or not modified (3xx)',
  '4xx': 'Client error (4xx)',
  '5xx': 'Server error (5xx)',
};

/** The bot filter's choices: every bot of the log, Googlebot's family first when it has two or more. */
export function botChoices(view: Pick<LogFileView, 'bots'>): Array<{ value: string; label: string }> {
  const googlebots = view.bots.filter((bot) => bot.bot.startsWith('googlebot-'));
  return [
    { value: '', label: 'All bots' },
    ...(googlebots.length > 1 ? [{ value: 'googlebot', label: 'Googlebot (all)' }] : []),
    ...view.bots.map((bot) => ({ value: bot.bot, label: botName(bot.bot) })),
  ];
}

/** A site audit of the visitor's list (GET /api/site-audits): what the log form offers to join with. */
export interface AuditChoice {
  id: string;
  url: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
}

/** The finished audits of the list, the newest first (by when each finished). */
export function finishedAudits<T extends AuditChoice>(audits: readonly T[]): T[] {
  const at = (audit: AuditChoice) => audit.finishedAt ?? audit.createdAt;
  return audits.filter((audit) => audit.status === 'done').sort((a, b) => at(b).localeCompare(at(a)));
}

/** An audit as the form names it: its address without the scheme, and when it finished (`time` formats it). */
export function auditChoiceLabel(audit: AuditChoice, time: (at: string) => string): string {
  const address = audit.url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return `${address} · ${time(audit.finishedAt ?? audit.createdAt)}`;
}
