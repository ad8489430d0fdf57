import { useState } from 'react';
import type { IssueType } from '#views/model/site-audit.ts';
import {
  auditMeta,
  filterGroups,
  plural,
  scoreLabel,
  shortUrl,
  stoppedNote,
  renderNote,
  summaryLine,
  type SeverityFilter,
} from './logic.ts';
import { PagesTable } from './PagesTable.tsx';
import type { AuditIssueGroup, AuditView } from './schema.ts';

const URLS_SHOWN = 50;
const FILTERS: Array<[SeverityFilter, string]> = [
  ['all', 'All'],
  ['error', 'Errors'],
  ['warning', 'Warnings'],
  ['notice', 'Notices'],
];

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

export interface AuditReportProps {
  audit: AuditView;
  groups: AuditIssueGroup[];
  types: Map<string, IssueType>;
  idPrefix: string;
  onRerun?: () => void;
  busy?: boolean;
}

/** The finished report: score, counts, the diff against the previous run, issues, pages, exports. */
export function AuditReport({ audit, groups, types, idPrefix, onRerun, busy }: AuditReportProps) {
  const [severity, setSeverity] = useState<SeverityFilter>('all');
  const [text, setText] = useState('');
  const summary = audit.summary!;
  const shown = filterGroups(groups, severity, text);
  const siteUrl = audit.report?.siteUrl;
  const note = stoppedNote(audit.report?.stoppedBy);
  return (
    <section className="audit-report" aria-labelledby={`${idPrefix}-report-heading`}>
      <h2 id={`${idPrefix}-report-heading`}>Audit report for {audit.url}</h2>
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
              <details key={label as string}>
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
    </section>
  );
}
