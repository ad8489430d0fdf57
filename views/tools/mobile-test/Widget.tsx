import { useState, type FormEvent } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import type { MobileReport } from '#views/model/mobile-test.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { UrlInputRow } from '#views/components/UrlInputRow.tsx';

export interface MobileTesterProps {
  idPrefix: string;
}

const STATUS_TEXT = { pass: 'Pass', warning: 'Warning', fail: 'Fail' } as const;

const formatKb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function MobileTesterWidget({ idPrefix }: MobileTesterProps) {
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [report, setReport] = useState<MobileReport | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!url.trim() || busy) return;
    setBusy(true);
    setReport(null);
    setError('');
    try {
      const data = await requestJson<{ report: MobileReport }>(
        '/api/mobile-friendly-tester/test',
        'Failed to test the page',
        { url: url.trim() },
      );
      setReport(data.report);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to test the page');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mobile-tester">
      <form className="tool-card" onSubmit={onSubmit} noValidate>
        <label htmlFor={id('url')}>Page URL</label>
        <UrlInputRow
          id={id('url')}
          value={url}
          onChange={setUrl}
          placeholder="https://example.com/"
          busy={busy}
          label="Test Mobile-Friendliness"
          busyLabel="Testing..."
        />
        <ErrorMessage error={error} />
      </form>
      {report ? (
        <section className="tool-card results" aria-labelledby={id('results-heading')}>
          <h2
            id={id('results-heading')}
            className={report.mobileFriendly ? 'verdict verdict-pass' : 'verdict verdict-fail'}
          >
            {report.mobileFriendly ? 'This page is mobile-friendly' : 'This page is not mobile-friendly'}
          </h2>
          <p className="muted report-meta">{report.url}</p>
          <p className="render-mode" data-testid="render-mode">
            {report.rendered
              ? `Loaded in a real browser (Chromium) on a 360 × 640 phone screen${report.pageBytes !== undefined ? `; ${formatKb(report.pageBytes)} of files` : ''}.`
              : 'This server has no browser to render pages, so these results come from reading the HTML and CSS only; layout, tap-target and text-size findings are estimates.'}
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
                  width={360}
                  height={640}
                  alt={`How ${report.url} looks on a 360 × 640 phone screen`}
                />
                <figcaption>The page as a phone shows it</figcaption>
              </figure>
            ) : null}
            <ul className="mobile-checks">
              {report.checks.map((check) => (
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
          </div>
          {report.blocked && report.blocked.length > 0 ? (
            <p className="muted" data-testid="blocked">
              Not loaded, because they point to private or reserved network addresses: {report.blocked.join(', ')}
            </p>
          ) : null}
          {report.stylesheets.analysed.length + report.stylesheets.skipped.length > 0 ? (
            <p className="muted">
              Stylesheets read: {report.stylesheets.analysed.length}
              {report.stylesheets.skipped.length > 0
                ? `; not read (other sites or unavailable): ${report.stylesheets.skipped.length}`
                : ''}
              .
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
