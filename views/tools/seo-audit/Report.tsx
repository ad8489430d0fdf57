import { factRows, formatBytes, scoreBand } from './logic.ts';
import { PageExperience } from './PageExperience.tsx';
import type { AuditReport } from '#views/model/seo-audit.ts';
import { formatLocalTime, useTimeZone } from '#views/lib/local-time.ts';

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
  const timeZone = useTimeZone();
  return (
    <section className="audit-report tool-card" aria-labelledby={`${idPrefix}-report-heading`}>
      <div className="report-head">
        <div>
          <h2 id={`${idPrefix}-report-heading`}>SEO audit report</h2>
          <p className="muted report-meta">
            {report.url} · audited {formatLocalTime(report.auditedAt, timeZone)}
          </p>
        </div>
        <button type="button" className="button secondary no-print" onClick={() => window.print()}>
          Print report
        </button>
      </div>
      <div className="report-summary">
        <div
          className={`grade grade-${report.grade.toLowerCase()}`}
          aria-label={`SEO grade ${report.grade}, score ${report.score} out of 100`}
        >
          <span className="grade-letter">{report.grade}</span>
          <span className="grade-score">
            <strong>{report.score}</strong>/100
          </span>
          <span className="grade-label">SEO score</span>
        </div>
        <ul className="summary-counts">
          <li className="status-fail">{report.summary.fail} failed</li>
          <li className="status-warning">
            {report.summary.warning} {report.summary.warning === 1 ? 'warning' : 'warnings'}
          </li>
          <li className="status-pass">{report.summary.pass} passed</li>
        </ul>
        <p className={`speed speed-${band}`}>
          Page speed: <strong>{report.pageSpeedScore}</strong>/100{' '}
          <span className="muted">
            {report.pageSpeedSource === 'pagespeed-insights' ? (
              '(Google PageSpeed Insights, mobile)'
            ) : (
              <>
                (estimated from this fetch, <a href="#page-speed-score">how</a>)
              </>
            )}
          </span>
        </p>
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
      {report.facts.imageWeight.heaviest.length > 0 ? (
        <div className="heaviest-images">
          <h3>Heaviest images</h3>
          <ol>
            {report.facts.imageWeight.heaviest.map((image) => (
              <li key={image.url}>
                <span className="image-url">{image.url}</span> <strong>{formatBytes(image.bytes)}</strong>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
      {report.pageExperience ? <PageExperience experience={report.pageExperience} /> : null}
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

/** After the checklist: the way to get the problems fixed, counted from this audit. */
export function GetFixedCta({ summary }: { summary: AuditReport['summary'] }) {
  const problems = summary.fail + summary.warning;
  return (
    <section className="cta-band audit-cta no-print">
      <h2>{problems === 0 ? 'Want a second pair of eyes?' : 'Get these fixed'}</h2>
      <p>
        {problems === 0
          ? 'This page passes all 22 checks. If rankings still lag, the cause is usually content, links or the rest of the site.'
          : `This audit found ${summary.fail} failed check${summary.fail === 1 ? '' : 's'} and ${summary.warning} warning${summary.warning === 1 ? '' : 's'}. Tell us about the page and we will get back to you about fixing them.`}
      </p>
      <a className="button" href="/contact-me">
        {problems === 0 ? 'Contact us' : 'Get these fixed'}
      </a>
    </section>
  );
}
