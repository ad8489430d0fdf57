import { factRows, scoreBand } from './logic.ts';
import type { AuditReport } from '#views/model/seo-audit.ts';

function TagList({ items }: { items: string[] }) {
  if (items.length === 0) return <p className="muted">None found</p>;
  return (
    <ul className="tag-list">
      {items.map((item, index) => (
        <li key={`${index}-${item}`}>{item || '(empty heading)'}</li>
      ))}
    </ul>
  );
}

/** The audit result; also what the printed report shows (the form and site chrome are hidden in print). */
export function AuditReportView({ report, idPrefix }: { report: AuditReport; idPrefix: string }) {
  const band = scoreBand(report.pageSpeedScore);
  return (
    <section className="audit-report tool-card" aria-labelledby={`${idPrefix}-report-heading`}>
      <div className="report-head">
        <div>
          <h2 id={`${idPrefix}-report-heading`}>SEO audit report</h2>
          <p className="muted report-meta">
            {report.url} · audited {new Date(report.auditedAt).toUTCString()}
          </p>
        </div>
        <button type="button" className="button secondary no-print" onClick={() => window.print()}>
          Print report
        </button>
      </div>
      <div className="report-summary">
        <div className={`score score-${band}`}>
          <span className="score-value">{report.pageSpeedScore}</span>
          <span className="score-label">Page speed score</span>
          <span className="score-source">
            {report.pageSpeedSource === 'pagespeed-insights' ? 'Google PageSpeed Insights (mobile)' : 'Estimated from this fetch (see "How the page speed score is computed")'}
          </span>
        </div>
        <ul className="summary-counts">
          <li className="status-pass">{report.summary.pass} passed</li>
          <li className="status-warning">{report.summary.warning} warnings</li>
          <li className="status-fail">{report.summary.fail} failed</li>
        </ul>
      </div>
      <dl className="report-fields">
        <dt>Title</dt>
        <dd>{report.title || <span className="muted">None found</span>}</dd>
        <dt>Meta description</dt>
        <dd>{report.metaDescription || <span className="muted">None found</span>}</dd>
        <dt>H1 tags</dt>
        <dd>
          <TagList items={report.h1Tags} />
        </dd>
        <dt>H2 tags</dt>
        <dd>
          <TagList items={report.h2Tags} />
        </dd>
      </dl>
      <details className="facts" open>
        <summary>What we measured</summary>
        <table className="data-table">
          <tbody>
            {factRows(report.facts).map(([label, value]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
