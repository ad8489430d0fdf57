import type { ChangeField, TimelineChange } from '#views/model/monitor-changes.ts';
/**
 * Site monitoring (issue 25) as the visitor's pages see it: the JSON shapes of /api/monitors
 * (docs: the monitoring contract, decision 0043). The server owns the data; these pages only read
 * and send these shapes, so they are written out here for the browser bundle (no server imports).
 */
export type Schedule = 'daily' | 'weekly' | 'monthly';
export type MonitorStatus = 'unconfirmed' | 'active' | 'paused';

export const SCHEDULES: ReadonlyArray<{ value: Schedule; label: string }> = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

import type { Regression } from '#views/model/monitoring.ts';
import type { ScorePoint } from '#views/tools/site-audit/logic.ts';

export type { Regression };

/** The exact tag and file that prove the visitor owns the site. */
export interface Verification {
  meta: string;
  file: { path: string; content: string };
}

export interface MonitorRun {
  id: string;
  at: string;
  trigger: 'schedule' | 'manual';
  status: 'running' | 'done' | 'failed';
  auditId: string | null;
  score: number | null;
  regressions: Regression[];
  fixedCount: number;
}

/** GET /api/monitors/:id?token= (runs newest first, up to 50). */
export interface MonitorView {
  id: string;
  url: string;
  email: string;
  schedule: Schedule;
  status: MonitorStatus;
  verified: boolean;
  webhookUrl: string | null;
  digest: boolean;
  scoreDrop: number;
  verification: Verification;
  nextRunAt: string | null;
  runs: MonitorRun[];
  /**
   * The site's score history, oldest first: the newest finished check's report's trend (the owner's audits of
   * the address and their monitors' runs up to it), or before any check the report the monitor was made from.
   */
  history: ScorePoint[];
}

/** POST /api/monitors → 202. */
export interface CreatedMonitor {
  id: string;
  status: 'unconfirmed';
  verification: Verification;
}

/**
 * POST /api/monitors/confirm → 200: the manage link on the first use of the link only; a later use
 * says the address is already confirmed (the confirmation mail links to the monitor's page).
 */
export type ConfirmedMonitor =
  | { id: string; status: MonitorStatus; verified: boolean; manageToken: string }
  | { id: string; status: MonitorStatus; verified: boolean; alreadyConfirmed: true };

/** POST /api/monitors/:id/verify → 200. */
export interface VerifyResult {
  verified: boolean;
  detail?: string;
}

/** PATCH /api/monitors/:id body. */
export interface MonitorChanges {
  /** The address audited (another origin is verified again). */
  url?: string;
  schedule?: Schedule;
  paused?: boolean;
  digest?: boolean;
  webhookUrl?: string | null;
  scoreDrop?: number;
}

/**
 * What the server hands the manage page's loader: the monitor, when the id and manage token match;
 * else why not: a link that is not valid (forged, incomplete, another monitor's), or a monitor deleted.
 */
export type ManageLookup = { monitor: MonitorView } | { refused: 'invalid' | 'deleted' };

/** What alerts of a watch (GET /api/monitors/:id/watch), with every watched page (to mute). */
export interface WatchChoices {
  alertFields: ChangeField[];
  /** 'auto': told by the webhook address (Slack's, Teams'), else plain JSON. */
  webhookFormat: WebhookFormatChoice;
  muted: string[];
  pages: string[];
}

export const WEBHOOK_FORMATS = ['auto', 'json', 'slack', 'teams'] as const;
export type WebhookFormatChoice = (typeof WEBHOOK_FORMATS)[number];

export interface MonitorsReader {
  view(id: string, manageToken: string): Promise<ManageLookup>;
  /** The change watch's timeline (issue 35): the newest changes, of one page when `page` is given. */
  changes?(id: string, manageToken: string, page: string | null): Promise<TimelineChange[]>;
  /** The watch's alert choices and the pages it reads (issue 35), for the "Change alerts" form. */
  watch?(id: string, manageToken: string): Promise<WatchChoices>;
}

/**
 * The fields the pages use, picked from what the server answers (it may carry more, such as the
 * operator's recipients): the manage page's island props hold exactly these.
 */
export function pickMonitorView(source: MonitorView): MonitorView {
  return {
    id: source.id,
    url: source.url,
    email: source.email,
    schedule: source.schedule,
    status: source.status,
    verified: source.verified,
    webhookUrl: source.webhookUrl,
    digest: source.digest,
    scoreDrop: source.scoreDrop,
    verification: { meta: source.verification.meta, file: { ...source.verification.file } },
    nextRunAt: source.nextRunAt,
    runs: source.runs.map((run) => ({
      id: run.id,
      at: run.at,
      trigger: run.trigger,
      status: run.status,
      auditId: run.auditId,
      score: run.score,
      regressions: run.regressions,
      fixedCount: run.fixedCount,
    })),
    history: source.history.map((point) => ({
      id: point.id,
      score: point.score,
      createdAt: point.createdAt,
      monitored: point.monitored,
    })),
  };
}
