import type {
  AuditIssueGroup,
  AuditListItem,
  AuditProgressView,
  AuditReportFacts,
  AuditStatus,
  AuditSummary,
  AuditView,
} from './schema.ts';
import { sizeText } from '#views/model/counted-size.ts';
import type { Severity } from '#views/model/site-audit.ts';
import {
  auditDomain,
  contactPath,
  rankFixes,
  reportDate,
  reportTitle,
  scoreLabel,
  shortUrl,
} from '#views/model/site-audit-report.ts';

export { auditDomain, contactPath, rankFixes, reportDate, reportTitle, scoreLabel, shortUrl };

export type SeverityFilter = Severity | 'all';

/**
 * The groups a person asked to see: one severity (or all) and a text that matches the title, the id
 * or a URL (`urlMatches`: the types the server found a URL of containing the text).
 */
export function filterGroups(
  groups: readonly AuditIssueGroup[],
  severity: SeverityFilter,
  text: string,
  urlMatches: ReadonlySet<string> = new Set(),
): AuditIssueGroup[] {
  const needle = text.trim().toLowerCase();
  return groups.filter((group) => {
    if (severity !== 'all' && group.severity !== severity) return false;
    if (!needle) return true;
    return group.title.toLowerCase().includes(needle) || group.type.includes(needle) || urlMatches.has(group.type);
  });
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? word : many}`;
}

/** "about 3 min left", "about 2 h 5 min left", "less than a minute left". */
export function timeLeftText(seconds: number): string {
  if (seconds < 60) return 'less than a minute left';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''} left`;
}

/** " (34 pages/s, about 3 min left)" once the crawl has a rate; nothing before. */
function rateText(progress: AuditProgressView): string {
  if (progress.pagesPerSecond === undefined) return '';
  const left = progress.secondsLeft === undefined ? '' : `, ${timeLeftText(progress.secondsLeft)}`;
  return ` (${progress.pagesPerSecond.toLocaleString('en-IN')} pages/s${left})`;
}

/** "Crawled 120 of 340 URLs found so far (34 pages/s, about 3 min left)." while running; a plain word for the other states. */
export function progressText(status: AuditStatus, progress: AuditProgressView): string {
  // Queued says only what is known (the line may be empty: a crawler takes it in a moment), and a run
  // that has read nothing yet says what it reads first rather than "0 of 0".
  if (status === 'queued') return 'Queued: the audit starts as soon as a crawler is free.';
  if (progress.crawled === 0 && !progress.externalTotal) return 'Starting: reading robots.txt and the start page…';
  if (progress.externalTotal)
    return `Crawled ${plural(progress.crawled, 'URL')}; checking links to other sites: ${(progress.externalChecked ?? 0).toLocaleString('en-IN')} of ${progress.externalTotal.toLocaleString('en-IN')}.`;
  return `Crawled ${progress.crawled.toLocaleString('en-IN')} of ${plural(progress.discovered, 'URL')} found so far${rateText(progress)}.`;
}

/**
 * The options a re-run of `audit` asks for: the ones it was run with (audits stored before they were
 * kept: rendered when the report says so, links to other sites checked, as the form's default).
 */
export function rerunOptions(audit: AuditView): { render: boolean; checkExternalLinks: boolean } {
  return audit.report?.options ?? { render: audit.report?.render !== undefined, checkExternalLinks: true };
}

/** Share of discovered URLs crawled, 0–100 (a queue that keeps growing never shows 100 early). */
export function progressPercent(progress: AuditProgressView): number {
  if (progress.externalTotal)
    return Math.min(99, Math.floor((100 * (progress.externalChecked ?? 0)) / progress.externalTotal));
  if (progress.discovered <= 0) return 0;
  return Math.min(99, Math.floor((100 * progress.crawled) / progress.discovered));
}

export function summaryLine(summary: AuditSummary): string {
  return `${plural(summary.errors, 'error')} · ${plural(summary.warnings, 'warning')} · ${plural(summary.notices, 'notice')} on ${plural(summary.pages, 'URL')} crawled`;
}

/** "Site https://x.in · crawled in 2.4 s · 1 sitemap read" under the score. */
export function auditMeta(report: AuditReportFacts): string {
  const sitemaps = report.sitemaps.filter((file) => file.valid).length;
  const parts = [
    `Site ${report.siteUrl}`,
    `crawled in ${(report.durationMs / 1000).toFixed(1)} s`,
    sitemaps ? plural(sitemaps, 'sitemap') + ' read' : 'no sitemap found',
  ];
  if (report.crawlDelayMs) parts.push(`Crawl-delay ${report.crawlDelayMs / 1000} s honoured`);
  if (report.render) parts.push(`JavaScript rendered on ${plural(report.render.rendered, 'page')}`);
  return parts.join(' · ');
}

const STOPPED: Record<string, string> = {
  'page-limit': 'The audit stopped at its URL limit; the rest of the site was not crawled.',
  'time-limit': 'The audit stopped at its time limit; the rest of the site was not crawled.',
  'byte-limit': 'The audit stopped at its download limit; the rest of the site was not crawled.',
};

/** Why an audit run with "Render JavaScript" read part (or all) of the site without it; '' when it did not. */
export function renderNote(render: AuditReportFacts['render']): string {
  return [render?.startPage, render?.stopped].filter(Boolean).join(' ');
}

export function stoppedNote(stoppedBy: string | undefined): string {
  return (stoppedBy && STOPPED[stoppedBy]) || '';
}

/** The shareable report address for an audit id. */
export function reportPath(id: string): string {
  return `/site-audit/${encodeURIComponent(id)}`;
}

export function formatBytes(bytes: number): string {
  return bytes < 0 ? 'unknown' : sizeText(bytes);
}

export const START_LABEL = 'Run Site Audit';
export const BUSY_LABEL = 'Auditing...';
export const FAILED_MESSAGE = 'Failed to run the site audit';

/** Top fixes shown on screen (the PDF lists 10). */
export const TOP_FIXES_SHOWN = 5;

/** One finished audit of a site's history (GET /api/site-audits/:id/history), for the score trend. */
export interface ScorePoint {
  id: string;
  score: number;
  createdAt: string;
  /** Run by a monitor of the site rather than by hand. */
  monitored: boolean;
}

/** This tab's running audit on the tool page (sessionStorage key): a reload resumes its progress. */
export const RESUME_KEY = 'site-audit:running';

/** What screen readers hear when a run ends. */
export function completionText(audit: { url: string; status: AuditStatus; summary?: AuditSummary }): string {
  if (audit.status === 'done' && audit.summary)
    return `The audit of ${auditDomain(audit.url)} is complete: health score ${audit.summary.score} out of 100, ${summaryLine(audit.summary)}. The report follows.`;
  if (audit.status === 'cancelled') return 'The audit was cancelled.';
  return 'The audit failed.';
}

/**
 * This visitor's audits as listed, the one on screen with its status as it is now: the list is read when a run
 * starts and when it ends, so without this a run under way would stay "queued" in it until the page is reloaded.
 */
export function liveHistory(
  history: readonly AuditListItem[],
  shown: Pick<AuditView, 'id' | 'status'> | null,
): AuditListItem[] {
  return history.map((item) =>
    shown && item.id === shown.id && item.status !== shown.status ? { ...item, status: shown.status } : item,
  );
}
