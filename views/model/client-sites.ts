/** The operator's client sites (/admin/client-sites): what the server hands the page. */
export type ClientSchedule = 'daily' | 'weekly' | 'monthly';

/** A client site as the operator's list shows it. */
export interface ClientSiteItem {
  id: string;
  url: string;
  schedule: ClientSchedule;
  recipients: string[];
  paused: boolean;
  nextRunAt: string | null;
  /** The latest check, running or ended; null before the first. */
  lastCheck: {
    at: string;
    status: 'running' | 'done' | 'failed';
    score: number | null;
    /** New problems it found (the alert's regressions). */
    regressions: number;
    auditId: string | null;
  } | null;
  /** Scores of the finished checks, oldest first (the last few). */
  trend: number[];
  /** Months (YYYY-MM) with checks, newest first: each has a PDF report. */
  months: string[];
  /** Access logs the operator attached, newest first (the log analyser, issue 36). */
  logs: ClientSiteLogItem[];
}

/** An access log attached to a client site: its report is the log analyser's, /log-file-analyser/<id>. */
export interface ClientSiteLogItem {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** The files' names as uploaded. */
  files: string[];
  lines: number;
  /** Why it failed, when it did. */
  error: string | null;
  /** Analysed with the site's latest finished audit (pages bots never crawl, and the like). */
  joined: boolean;
  /** When it was attached (ISO). */
  createdAt: string;
}

export const SCHEDULE_LABELS: Record<ClientSchedule, string> = {
  daily: 'Every day',
  weekly: 'Every week',
  monthly: 'Every month',
};
