import type { MobileReport } from '#views/model/mobile-test.ts';
import { Diagnostics } from './Diagnostics.tsx';
import { renderModeText, reportScreen } from './logic.ts';

const STATUS_TEXT = { pass: 'Pass', warning: 'Warning', fail: 'Fail' } as const;

/** Each check with its verdict, what it found, and how to fix it when it did not pass. */
function CheckList({ checks }: { checks: MobileReport['checks'] }) {
  return (
    <ul className="mobile-checks">
      {checks.map((check) => (
        <li key={check.id} className={`recommendation status-${check.status}`} data-check={check.id}>
          <div className="recommendation-title">
            <span className={`badge badge-${check.status}`}>{STATUS_TEXT[check.status]}</span>
            <strong>{check.title}</strong>
            <span className={`priority priority-${check.priority}`}>{check.priority}</span>
          </div>
          <p className="recommendation-detail">{check.detail}</p>
          {check.items && check.items.length > 0 ? (
            <ul className="check-items">
              {check.items.map((item) => (
                <li key={item}>
                  <code>{item}</code>
                </li>
              ))}
            </ul>
          ) : null}
          {check.status !== 'pass' ? (
            <p className="recommendation-advice">
              <strong>How to fix:</strong> {check.fix}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** What was left unread: files on private addresses, and stylesheets of other sites. */
function Unread({ report }: { report: MobileReport }) {
  const { analysed, skipped } = report.stylesheets;
  return (
    <>
      {report.blocked && report.blocked.length > 0 ? (
        <p className="muted" data-testid="blocked">
          Not loaded, because they point to private or reserved network addresses: {report.blocked.join(', ')}
        </p>
      ) : null}
      {analysed.length + skipped.length > 0 ? (
        <p className="muted">
          Stylesheets read: {analysed.length}
          {skipped.length > 0 ? `; not read (other sites or unavailable): ${skipped.length}` : ''}.
        </p>
      ) : null}
    </>
  );
}

/** A finished test: the verdict, how the page was read, its screenshot and checks, and the diagnostics. */
export function MobileResults({ idPrefix, report }: { idPrefix: string; report: MobileReport }) {
  const shown = reportScreen(report);
  const headingId = `${idPrefix}-results-heading`;
  return (
    <section className="tool-card results" aria-labelledby={headingId}>
      <h2 id={headingId} className={report.mobileFriendly ? 'verdict verdict-pass' : 'verdict verdict-fail'}>
        {report.mobileFriendly ? 'This page is mobile-friendly' : 'This page is not mobile-friendly'}
      </h2>
      <p className="muted report-meta">{report.url}</p>
      <p className="render-mode" data-testid="render-mode">
        {renderModeText(report)}
      </p>
      {report.notes?.map((note) => (
        <p key={note} className="notice-inline">
          {note}
        </p>
      ))}
      <div className={report.screenshot ? 'mobile-report with-screenshot' : 'mobile-report'}>
        {report.screenshot ? (
          <figure className="phone-shot">
            <img
              src={report.screenshot}
              width={shown.width}
              height={shown.height}
              alt={`How ${report.url} looks on a ${shown.width} × ${shown.height} ${shown.kind} screen`}
            />
            <figcaption>The page as a {shown.kind} shows it</figcaption>
          </figure>
        ) : null}
        <CheckList checks={report.checks} />
      </div>
      <Unread report={report} />
      <Diagnostics report={report} />
      <p className="muted user-agent-line">
        User-Agent sent: <code>{report.userAgentString}</code>
      </p>
    </section>
  );
}
