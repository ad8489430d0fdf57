import { plural } from '#views/model/plural.ts';
import { formatLocalTime } from '#views/lib/local-time.ts';
import type { ScorePoint } from '#views/tools/site-audit/logic.ts';
import type { ConfirmedMonitor, MonitorRun, MonitorView, Regression, Schedule } from './model.ts';

/** Page paths (the mails link to the same ones: `${SITE_URL}/monitor/${id}?token=…`). */
export function managePath(id: string, manageToken: string): string {
  return `/monitor/${encodeURIComponent(id)}?token=${encodeURIComponent(manageToken)}`;
}

export function reportPath(auditId: string): string {
  return `/site-audit/${encodeURIComponent(auditId)}`;
}

/** The API address of one monitor's action, with its manage token. */
export function monitorApi(id: string, token: string, action = ''): string {
  return `/api/monitors/${encodeURIComponent(id)}${action ? `/${action}` : ''}?token=${encodeURIComponent(token)}`;
}

export const SCHEDULE_WORDS: Record<Schedule, string> = {
  daily: 'every day',
  weekly: 'every week',
  monthly: 'every month',
};

export { plural };

/** Where the monitor stands, in one headline and one sentence saying what happens next. */
export function monitorState(
  view: Pick<MonitorView, 'status' | 'verified' | 'nextRunAt' | 'schedule'>,
  timeZone: string,
): {
  label: string;
  tone: 'ok' | 'waiting' | 'paused';
  next: string;
} {
  if (view.status === 'paused')
    return { label: 'Paused', tone: 'paused', next: 'No checks run and no emails are sent until you resume.' };
  if (view.status === 'unconfirmed')
    return {
      label: 'Waiting for your email confirmation',
      tone: 'waiting',
      next: 'Open the link in the confirmation email we sent you. Nothing is checked until you do.',
    };
  if (!view.verified)
    return {
      label: 'Waiting for site verification',
      tone: 'waiting',
      next: 'Add the meta tag or upload the file below, then press “Verify now”. Checks start once the site is verified.',
    };
  return {
    label: 'Active',
    tone: 'ok',
    next: view.nextRunAt
      ? `Checked ${SCHEDULE_WORDS[view.schedule]}; next check ${formatLocalTime(view.nextRunAt, timeZone)}.`
      : `Checked ${SCHEDULE_WORDS[view.schedule]}.`,
  };
}

/** What the confirmation page says once the address is confirmed. */
export function confirmedNext(result: Pick<ConfirmedMonitor, 'status' | 'verified'>): string {
  if (result.status === 'paused') return 'Your address is confirmed. The monitor is paused: resume it on its page.';
  if (!result.verified)
    return 'Your address is confirmed. One step is left: prove the site is yours with the meta tag or the file shown on your monitor’s page, then press “Verify now”. Checks start after that.';
  return 'Your address is confirmed and your site is verified: monitoring is active. We email you only when a check finds something broken.';
}

/** One regression as a line of text (the list on the manage page shows links separately). */
export function regressionText(regression: Regression): string {
  switch (regression.kind) {
    case 'new-issue':
      return regression.source && regression.target
        ? `${regression.title}: ${regression.source} → ${regression.target}`
        : `${regression.title}: ${regression.url}`;
    case 'score-drop':
      return `Score fell from ${regression.from} to ${regression.to} (down ${regression.drop} points)`;
    case 'start-page-down': {
      const why =
        regression.status !== null ? `answered HTTP ${regression.status}` : (regression.error ?? 'did not answer');
      return `Start page unreachable: ${regression.url} ${why}`;
    }
  }
}

/** "2 regressions · 1 fixed" for a finished run; the state for the others. */
export function runSummary(run: MonitorRun): string {
  if (run.status === 'running') return 'Running now';
  if (run.status === 'failed' && run.regressions.length === 0) return 'The check could not finish';
  const found = run.regressions.length ? plural(run.regressions.length, 'regression') : 'No regressions';
  return `${found} · ${run.fixedCount} fixed`;
}

export const TREND_WIDTH = 240;
export const TREND_HEIGHT = 48;

export interface TrendPoint {
  at: string;
  score: number;
  /** Run by a monitor (this one or another of the owner's) rather than by hand. */
  monitored: boolean;
  x: number;
  y: number;
}

/**
 * The score trend from the site's history (oldest first): one point per finished audit, placed on a fixed
 * 0–100 scale (a small change looks small) across the sparkline's width.
 */
export function scoreTrend(history: ScorePoint[]): TrendPoint[] {
  const step = history.length > 1 ? TREND_WIDTH / (history.length - 1) : 0;
  const pad = 4;
  return history.map((point, index) => ({
    at: point.createdAt,
    score: point.score,
    monitored: point.monitored,
    x: Math.round((history.length > 1 ? index * step : TREND_WIDTH / 2) * 10) / 10,
    y: Math.round((pad + ((100 - Math.max(0, Math.min(100, point.score))) / 100) * (TREND_HEIGHT - 2 * pad)) * 10) / 10,
  }));
}

/** The sparkline's text equivalent: "Score 92 on … to 80 on …, lowest 78, highest 95 over 3 audits of this site: …". */
export function trendSummary(points: TrendPoint[], timeZone: string): string {
  if (!points.length) return 'No finished checks yet.';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (points.length === 1) return `Score ${last.score} on ${formatLocalTime(last.at, timeZone)}.`;
  const scores = points.map((point) => point.score);
  const checks = points.filter((point) => point.monitored).length;
  const kinds = [
    checks ? `${plural(checks, 'check')} by monitoring` : '',
    points.length > checks ? `${points.length - checks} run by hand` : '',
  ].filter(Boolean);
  return `Score ${first.score} on ${formatLocalTime(first.at, timeZone)}, ${last.score} on ${formatLocalTime(last.at, timeZone)}; lowest ${Math.min(...scores)}, highest ${Math.max(...scores)} over ${points.length} audits of this site: ${kinds.join(', ')}.`;
}

/** The score-drop setting's bounds, as the form offers them. */
export const SCORE_DROP_MIN = 1;
export const SCORE_DROP_MAX = 100;

/** A typed score drop: a whole number of points in range, or an error to show. */
export function parseScoreDrop(text: string): { value: number } | { error: string } {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < SCORE_DROP_MIN || value > SCORE_DROP_MAX)
    return { error: `Enter a whole number of points from ${SCORE_DROP_MIN} to ${SCORE_DROP_MAX}.` };
  return { value };
}

/** The RFC 8058 one-click address (the mails' List-Unsubscribe header names the same one). */
export function unsubscribeApi(id: string, token: string): string {
  return monitorApi(id, token, 'unsubscribe');
}
