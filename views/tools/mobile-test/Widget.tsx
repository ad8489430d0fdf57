import { useState, type FormEvent } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import type { MobileReport } from '#views/model/mobile-test.ts';

export interface MobileTesterProps {
  idPrefix: string;
}

const STATUS_TEXT = { pass: 'Pass', warning: 'Warning', fail: 'Fail' } as const;

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
      const data = await requestJson<{ report: MobileReport }>('/api/mobile-friendly-tester/test', 'Failed to test the page', { url: url.trim() });
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
        <div className="inline-field">
          <input id={id('url')} type="url" inputMode="url" placeholder="https://example.com/" value={url} onChange={(event) => setUrl(event.target.value)} />
          <button type="submit" className="button" disabled={busy || !url.trim()}>
            {busy ? 'Testing...' : 'Test Mobile-Friendliness'}
          </button>
        </div>
        {error ? (
          <p className="error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
      {report ? (
        <section className="tool-card results" aria-labelledby={id('results-heading')}>
          <h2 id={id('results-heading')} className={report.mobileFriendly ? 'verdict verdict-pass' : 'verdict verdict-fail'}>
            {report.mobileFriendly ? 'This page is mobile-friendly' : 'This page is not mobile-friendly'}
          </h2>
          <p className="muted report-meta">{report.url}</p>
          <ul className="mobile-checks">
            {report.checks.map((check) => (
              <li key={check.id} className={`recommendation status-${check.status}`} data-check={check.id}>
                <div className="recommendation-title">
                  <span className={`badge badge-${check.status}`}>{STATUS_TEXT[check.status]}</span>
                  <strong>{check.title}</strong>
                  <span className={`priority priority-${check.priority}`}>{check.priority}</span>
                </div>
                <p className="recommendation-detail">{check.detail}</p>
                {check.status !== 'pass' ? (
                  <p className="recommendation-advice">
                    <strong>How to fix:</strong> {check.fix}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          {report.stylesheets.analysed.length + report.stylesheets.skipped.length > 0 ? (
            <p className="muted">
              Stylesheets read: {report.stylesheets.analysed.length}
              {report.stylesheets.skipped.length > 0 ? `; not read (other sites or unavailable): ${report.stylesheets.skipped.length}` : ''}.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
