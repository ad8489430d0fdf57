import { useState, type Ref } from 'react';
import type { IssueType } from '#views/model/site-audit.ts';
import { linkedFrom, linkSentence, positionWords, type AuditLinkGroups } from '#views/model/site-audit-report.ts';
import {
  auditMeta,
  contactPath,
  filterGroups,
  plural,
  rankFixes,
  trendTime,
  reportTitle,
  scoreLabel,
  shortUrl,
  stoppedNote,
  renderNote,
  summaryLine,
  TOP_FIXES_SHOWN,
  type ScorePoint,
  type SeverityFilter,
} from './logic.ts';
import { PagesTable } from './PagesTable.tsx';
import { MonitoringPanel } from './MonitoringPanel.tsx';
import { scoreExplanation } from '#views/model/site-audit-report.ts';
import type { AuditIssueGroup, AuditView } from './schema.ts';

const URLS_SHOWN = 50;
const FILTERS: Array<[SeverityFilter, string]> = [
  ['all', 'All'],
  ['error', 'Errors'],
  ['warning', 'Warnings'],
  ['notice', 'Notices'],
];

/** Each link behind a link issue: where it is on the page, its text, where it points, the pages carrying it. */
function LinkRows({ links, siteUrl }: { links: AuditLinkGroups; siteUrl?: string }) {
  const short = (url: string) => shortUrl(url, siteUrl);
  return (
    <>
      {links.inbound ? <p className="audit-urls-heading">Links to these URLs on your site:</p> : null}
      <ul className="audit-links">
        {links.groups.map((link) => (
          <li key={`${link.position} ${link.anchor} ${link.target}`} className="audit-link">
            <p className="audit-link-where">{linkSentence(link)}</p>
            <dl>
              <div>
                <dt>Linked from</dt>
                <dd className="audit-link-sources">{linkedFrom(link, short).replace(/^Linked from /, '')}</dd>
              </div>
              <div>
                <dt>Target</dt>
                <dd>
                  <a href={link.target} target="_blank" rel="noopener nofollow">
                    {short(link.target)}
                  </a>
                </dd>
              </div>
              <div>
                <dt>Anchor text</dt>
                <dd className="audit-link-anchor">{link.anchor ? `“${link.anchor}”` : '(no text)'}</dd>
              </div>
              <div>
                <dt>Position</dt>
                <dd className="audit-link-position">{positionWords(link.position).replace(/^in the /, '')}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {links.distinct > links.groups.length ? (
        <p className="audit-note">
          {plural(links.distinct - links.groups.length, 'more link')} not shown: the CSV export lists every one.
        </p>
      ) : null}
    </>
  );
}

function IssueGroupItem({ group, info, siteUrl }: { group: AuditIssueGroup; info?: IssueType; siteUrl?: string }) {
  const [all, setAll] = useState(false);
  const urls = all ? group.urls : group.urls.slice(0, URLS_SHOWN);
  return (
    <li className={`audit-issue audit-${group.severity}`}>
      <details>
        <summary>
          <span className={`audit-badge audit-badge-${group.severity}`}>{group.severity}</span>
          <span className="audit-issue-title">{group.title}</span>
          <span className="audit-count">{group.count}</span>
        </summary>
        {info ? <p>{info.description}</p> : null}
        {info ? (
          <p>
            <strong>How to fix:</strong> {info.howToFix}
          </p>
        ) : null}
        {group.links ? <LinkRows links={group.links} siteUrl={siteUrl} /> : null}
        {group.links ? <p className="audit-urls-heading">Pages with this issue:</p> : null}
        <ul className="audit-urls">
          {urls.map((url) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener nofollow">
                {shortUrl(url, siteUrl)}
              </a>
            </li>
          ))}
        </ul>
        {group.urls.length > URLS_SHOWN && !all ? (
          <button type="button" className="button secondary" onClick={() => setAll(true)}>
            Show all {group.urls.length} URLs
          </button>
        ) : null}
      </details>
    </li>
  );
}

/** The score of each of this visitor's audits of the site, oldest first, this one included. */
function ScoreTrend({ trend, currentId }: { trend: ScorePoint[]; currentId: string }) {
  if (trend.length < 2)
    return (
      <p className="audit-trend-note">
        This is your first audit of this site: run it again after your fixes to see the score change.
      </p>
    );
  const first = trend[0];
  const last = trend.at(-1)!;
  const change = last.score - first.score;
  return (
    <div className="audit-trend">
      <h4>Score across your audits of this site</h4>
      <ol>
        {trend.map((point) => (
          <li key={point.id} aria-current={point.id === currentId ? 'true' : undefined}>
            <span className="audit-trend-score">{point.score}</span>
            <span className="audit-trend-date">{trendTime(point.createdAt)}</span>
          </li>
        ))}
      </ol>
      <p>
        {change === 0
          ? `Unchanged since your first audit (${first.score}).`
          : `${change > 0 ? 'Up' : 'Down'} ${Math.abs(change)} point${Math.abs(change) === 1 ? '' : 's'} since your first audit (${first.score} → ${last.score}).`}
      </p>
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
  /** This visitor's scores for the site, oldest first (from their own list of audits). */
  trend?: ScorePoint[];
  /** The report's heading, focused when a run completes. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The finished report: score, counts, the diff against the previous run, issues, pages, exports. */
export function AuditReport({ audit, groups, types, idPrefix, onRerun, busy, trend, headingRef }: AuditReportProps) {
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [text, setText] = useState('');
  const summary = audit.summary!;
  const shown = filterGroups(groups, severity, text);
  const siteUrl = audit.report?.siteUrl;
  const note = stoppedNote(audit.report?.stoppedBy);
  return (
    <section className="audit-report" aria-labelledby={`${idPrefix}-report-heading`}>
      <h2 id={`${idPrefix}-report-heading`} ref={headingRef} tabIndex={-1}>
        {reportTitle(audit)}
      </h2>
      <p className="audit-report-url">Audit report for {audit.url}</p>
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
      {audit.diff ? (
        <div className="audit-diff">
          <h3>Since your previous audit</h3>
          <p>
            {plural(audit.diff.newCount, 'new issue')} · {plural(audit.diff.fixedCount, 'fixed issue')}
          </p>
          {[
            ['New', audit.diff.newIssues],
            ['Fixed', audit.diff.fixedIssues],
          ].map(([label, list]) =>
            (list as Array<{ type: string; url: string }>).length ? (
              <details key={label as string} open>
                <summary>{label as string}</summary>
                <ul className="audit-urls">
                  {(list as Array<{ type: string; url: string }>).map((item) => (
                    <li key={`${item.type} ${item.url}`}>
                      {types.get(item.type)?.title ?? item.type}: {shortUrl(item.url, siteUrl)}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null,
          )}
        </div>
      ) : null}
      {groups.length ? (
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
                  <span className={`audit-badge audit-badge-${group.severity}`}>{group.severity}</span> on{' '}
                  {plural(group.count, 'page')}
                  {types.get(group.type) ? <p>{types.get(group.type)!.howToFix}</p> : null}
                </li>
              ))}
          </ol>
        </div>
      ) : null}
      <h3>Issues</h3>
      <div className="audit-filters" role="group" aria-label="Filter issues">
        {FILTERS.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={`chip${severity === value ? ' active' : ''}`}
            aria-pressed={severity === value}
            onClick={() => setSeverity(value)}
          >
            {label}
          </button>
        ))}
        <label className="visually-hidden" htmlFor={`${idPrefix}-filter`}>
          Filter issues by text
        </label>
        <input
          id={`${idPrefix}-filter`}
          type="search"
          placeholder="Filter by issue or URL"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {groups.length === 0 ? <p className="success">No issues found. Well done!</p> : null}
      {groups.length > 0 && shown.length === 0 ? <p>No issues match this filter.</p> : null}
      <ul className="audit-issues">
        {shown.map((group) => (
          <IssueGroupItem key={group.type} group={group} info={types.get(group.type)} siteUrl={siteUrl} />
        ))}
      </ul>
      <PagesTable auditId={audit.id} siteUrl={siteUrl} types={types} idPrefix={idPrefix} />
      <MonitoringPanel url={audit.url} auditId={audit.id} idPrefix={idPrefix} />
      <aside className="audit-cta tool-card" aria-labelledby={`${idPrefix}-cta-heading`}>
        <h3 id={`${idPrefix}-cta-heading`}>Want these fixed?</h3>
        <p>
          Send us this report: a consultant reads your site&apos;s audit (score {summary.score}/100) and replies with
          what to fix first and what it would take.
        </p>
        <a className="button" href={contactPath(audit, summary.score)}>
          Ask for help with this audit
        </a>
      </aside>
    </section>
  );
}
