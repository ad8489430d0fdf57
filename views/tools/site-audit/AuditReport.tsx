import type { ReactNode, Ref } from 'react';
import type { IssueType } from '#views/model/site-audit.ts';
import {
  auditMeta,
  contactPath,
  plural,
  rankFixes,
  reportTitle,
  scoreLabel,
  stoppedNote,
  renderNote,
  summaryLine,
  TOP_FIXES_SHOWN,
  type ScorePoint,
} from './logic.ts';
import { IssuesSection } from './IssueList.tsx';
import { PagesTable, ResourcesTable } from './PagesTable.tsx';
import { MonitoringPanel } from './MonitoringPanel.tsx';
import { DiffSection } from './DiffSection.tsx';
import { PageExperience } from './PageExperience.tsx';
import { fixScope, scoreExplanation } from '#views/model/site-audit-report.ts';
import { formatLocalTime, useTimeZone } from '#views/lib/local-time.ts';
import type { AuditIssueGroup, AuditView } from './schema.ts';

/**
 * The score of each audit of the site this report reaches (its owner's, and their monitor's runs), oldest first,
 * this one included: the server's history, so a second device and a shared link see the same.
 */
function ScoreTrend({ trend, currentId }: { trend: ScorePoint[]; currentId: string }) {
  const timeZone = useTimeZone();
  if (trend.length < 2)
    return (
      <p className="audit-trend-note">
        This is the first audit of this site: run it again after your fixes to see the score change.
      </p>
    );
  const first = trend[0];
  const last = trend.at(-1)!;
  const change = last.score - first.score;
  return (
    <div className="audit-trend">
      <h4>Score across the audits of this site</h4>
      <ol>
        {trend.map((point) => (
          <li key={point.id} aria-current={point.id === currentId ? 'true' : undefined}>
            <span className="audit-trend-score">{point.score}</span>
            <span className="audit-trend-date">
              {formatLocalTime(point.createdAt, timeZone)}
              {point.monitored ? ' · monitor' : ''}
            </span>
          </li>
        ))}
      </ol>
      <p>
        {change === 0
          ? `Unchanged since the first audit (${first.score}).`
          : `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} point${Math.abs(change) === 1 ? '' : 's'} since the first audit (${first.score} → ${last.score}).`}
      </p>
    </div>
  );
}

/** The score, its counts, how it is computed and how it moved across the site's audits. */
function ScoreSection({ audit, trend }: { audit: AuditView; trend?: ScorePoint[] }) {
  const summary = audit.summary!;
  return (
    <>
      <div className="audit-scoreline">
        <p className={`audit-score audit-score-${scoreLabel(summary.score)}`}>
          <strong>{summary.score}</strong>
          <span>/100 health score</span>
        </p>
        <ul className="audit-counts">
          <li className="audit-error">{plural(summary.errors, 'error')}</li>
          <li className="audit-warning">{plural(summary.warnings, 'warning')}</li>
          <li className="audit-notice">{plural(summary.notices, 'notice')}</li>
          <li>{plural(summary.pages, 'URL')} crawled</li>
          {summary.resources ? (
            <li>{plural(summary.resources, 'script or stylesheet', 'scripts and stylesheets')}</li>
          ) : null}
        </ul>
      </div>
      <p className="visually-hidden">{summaryLine(summary)}</p>
      <div className="audit-score-explained">
        <h3>How the score works</h3>
        {scoreExplanation().map((line) => (
          <p key={line}>{line}</p>
        ))}
        {trend ? <ScoreTrend trend={trend} currentId={audit.id} /> : null}
      </div>
    </>
  );
}

/** The fixes worth doing first: errors, then warnings, then notices, the most pages first. */
function TopFixes({ groups, types }: { groups: AuditIssueGroup[]; types: Map<string, IssueType> }) {
  return (
    <div className="audit-top-fixes">
      <h3>Top fixes</h3>
      <p className="audit-top-fixes-rule">
        Errors first, then warnings, then notices; within each, the problem on the most pages first.
      </p>
      <ol>
        {rankFixes(groups)
          .slice(0, TOP_FIXES_SHOWN)
          .map((group) => (
            <li key={group.type}>
              <strong>{group.title}</strong>{' '}
              <span className={`audit-badge audit-badge-${group.severity}`}>{group.severity}</span> {fixScope(group)}
              {types.get(group.type) ? <p>{types.get(group.type)!.howToFix}</p> : null}
            </li>
          ))}
      </ol>
    </div>
  );
}

export interface AuditReportProps {
  audit: AuditView;
  groups: AuditIssueGroup[];
  types: Map<string, IssueType>;
  idPrefix: string;
  onRerun?: () => void;
  busy?: boolean;
  /** The site's scores as far as this audit reaches, oldest first (GET /api/site-audits/:id/history). */
  trend?: ScorePoint[];
  /** The report's heading, focused when a run completes. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** A re-run's progress, shown by the Re-run button (where the visitor is looking) while this report stays. */
  progress?: ReactNode;
  /** The shareable link and its "Copy link" button, under the actions. */
  share?: ReactNode;
  /** The report's own page (a shared link): "Want these fixed?" follows the top fixes instead of the long lists. */
  shared?: boolean;
}

/** The lead path: a consultant reads this report. */
function HelpOffer({ audit, idPrefix }: { audit: AuditView; idPrefix: string }) {
  const score = audit.summary!.score;
  return (
    <aside className="audit-cta tool-card" aria-labelledby={`${idPrefix}-cta-heading`}>
      <h3 id={`${idPrefix}-cta-heading`}>Want these fixed?</h3>
      <p>
        Send us this report: a consultant reads your site&apos;s audit (score {score}/100) and replies with what to fix
        first and what it would take.
      </p>
      <a className="button" href={contactPath(audit, score)}>
        Ask for help with this audit
      </a>
    </aside>
  );
}

/** The finished report: score, counts, the diff against the previous run, issues, pages, exports. */
export function AuditReport(props: AuditReportProps) {
  const { audit, groups, types, idPrefix, onRerun, busy, trend, headingRef } = props;
  const summary = audit.summary!;
  const siteUrl = audit.report?.siteUrl;
  const note = stoppedNote(audit.report?.stoppedBy);
  const timeZone = useTimeZone();
  return (
    <section className="audit-report" aria-labelledby={`${idPrefix}-report-heading`}>
      <h2 id={`${idPrefix}-report-heading`} ref={headingRef} tabIndex={-1}>
        {reportTitle(audit, timeZone)}
      </h2>
      <p className="audit-report-url">Audit report for {audit.url}</p>
      <ScoreSection audit={audit} trend={trend} />
      {audit.report ? <p className="audit-meta">{auditMeta(audit.report)}</p> : null}
      {note ? <p className="audit-note">{note}</p> : null}
      {renderNote(audit.report?.render) ? <p className="audit-note">{renderNote(audit.report?.render)}</p> : null}
      <div className="actions audit-actions">
        <a className="button secondary" href={`/api/site-audits/${audit.id}/export.csv`} download>
          Download CSV
        </a>
        <a className="button secondary" href={`/api/site-audits/${audit.id}/report.pdf`} download>
          Download PDF report
        </a>
        <a className="button secondary" href={`#${idPrefix}-monitor-panel`}>
          Monitor this site
        </a>
        {onRerun ? (
          <button type="button" className="button" onClick={onRerun} disabled={busy}>
            Re-run audit
          </button>
        ) : null}
      </div>
      {props.share}
      {props.progress}
      {audit.diff ? <DiffSection diff={audit.diff} types={types} siteUrl={siteUrl} /> : null}
      {groups.length ? <TopFixes groups={groups} types={types} /> : null}
      {props.shared ? <HelpOffer audit={audit} idPrefix={idPrefix} /> : null}
      {audit.report?.pageExperience ? <PageExperience section={audit.report.pageExperience} siteUrl={siteUrl} /> : null}
      <IssuesSection auditId={audit.id} groups={groups} types={types} idPrefix={idPrefix} siteUrl={siteUrl} />
      <PagesTable
        auditId={audit.id}
        siteUrl={siteUrl}
        types={types}
        idPrefix={idPrefix}
        rendered={Boolean(audit.report?.render)}
      />
      {summary.resources ? (
        <ResourcesTable auditId={audit.id} siteUrl={siteUrl} types={types} idPrefix={idPrefix} />
      ) : null}
      <MonitoringPanel url={audit.url} auditId={audit.id} idPrefix={idPrefix} />
      {props.shared ? null : <HelpOffer audit={audit} idPrefix={idPrefix} />}
    </section>
  );
}
