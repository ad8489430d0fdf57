import type { AuditIssueGroup, AuditProgressView, AuditReportFacts, AuditStatus, AuditSummary } from './schema.ts';
import type { Severity } from '#views/model/site-audit.ts';

export type SeverityFilter = Severity | 'all';

/** The groups a person asked to see: one severity (or all) and a text that matches the title, id or a URL. */
export function filterGroups(
  groups: readonly AuditIssueGroup[],
  severity: SeverityFilter,
  text: string,
): AuditIssueGroup[] {
  const needle = text.trim().toLowerCase();
  return groups.filter((group) => {
    if (severity !== 'all' && group.severity !== severity) return false;
    if (!needle) return true;
    return (
      group.title.toLowerCase().includes(needle) ||
      group.type.includes(needle) ||
      group.urls.some((url) => url.toLowerCase().includes(needle))
    );
  });
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count.toLocaleString('en-IN')} ${count === 1 ? word : many}`;
}

/** "Crawled 120 of 340 URLs found so far" while running; a plain word for the other states. */
export function progressText(status: AuditStatus, progress: AuditProgressView): string {
  if (status === 'queued') return 'Waiting for a free slot: other audits are running.';
  if (progress.externalTotal)
    return `Crawled ${plural(progress.crawled, 'URL')}; checking links to other sites: ${(progress.externalChecked ?? 0).toLocaleString('en-IN')} of ${progress.externalTotal.toLocaleString('en-IN')}.`;
  return `Crawled ${progress.crawled.toLocaleString('en-IN')} of ${plural(progress.discovered, 'URL')} found so far.`;
}

/** Share of discovered URLs crawled, 0–100 (a queue that keeps growing never shows 100 early). */
export function progressPercent(progress: AuditProgressView): number {
  if (progress.externalTotal)
    return Math.min(99, Math.floor((100 * (progress.externalChecked ?? 0)) / progress.externalTotal));
  if (progress.discovered <= 0) return 0;
  return Math.min(99, Math.floor((100 * progress.crawled) / progress.discovered));
}

export function scoreLabel(score: number): 'good' | 'fair' | 'poor' {
  return score >= 90 ? 'good' : score >= 60 ? 'fair' : 'poor';
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
  return render?.stopped ?? '';
}

export function stoppedNote(stoppedBy: string | undefined): string {
  return (stoppedBy && STOPPED[stoppedBy]) || '';
}

/** The shareable report address for an audit id. */
export function reportPath(id: string): string {
  return `/site-audit/${encodeURIComponent(id)}`;
}

/** The path part of a URL on the audited site, for compact lists. */
export function shortUrl(url: string, siteUrl?: string): string {
  return siteUrl && url.startsWith(siteUrl) ? url.slice(siteUrl.length) || '/' : url;
}

export function formatBytes(bytes: number): string {
  if (bytes < 0) return 'unknown';
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const START_LABEL = 'Run Site Audit';
export const BUSY_LABEL = 'Auditing...';
export const FAILED_MESSAGE = 'Failed to run the site audit';
