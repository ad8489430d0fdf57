import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import { nextProgress, PROGRESS_INTERVAL_MS } from './logic.ts';
import { AuditReportView, GetFixedCta } from './Report.tsx';
import { RecommendationList } from './RecommendationList.tsx';
import type { AuditReport } from '#views/model/seo-audit.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { UrlInputRow } from '#views/components/UrlInputRow.tsx';

export interface SeoAuditProps {
  idPrefix: string;
  /** `?url=` of the page (the home page's audit box): fills the box and runs the audit on load. */
  initialUrl?: string;
}

export default function SeoAuditWidget({ idPrefix, initialUrl = '' }: SeoAuditProps) {
  const [url, setUrl] = useState(initialUrl);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState('');
  const [report, setReport] = useState<AuditReport | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  };
  useEffect(() => stopTimer, []);
  // Runs once, when the island hydrates with a URL from the address bar.
  useEffect(() => {
    if (initialUrl.trim()) void run();
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    await run();
  }

  async function run() {
    if (!url.trim() || busy) return;
    setBusy(true);
    setReport(null);
    setError('');
    setProgress(0);
    stopTimer();
    timer.current = setInterval(() => setProgress(nextProgress), PROGRESS_INTERVAL_MS);
    try {
      const data = await requestJson<{ report: AuditReport }>('/api/seo-audit/audit', 'Failed to perform SEO audit', {
        url: url.trim(),
      });
      setReport(data.report);
      setProgress(100);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to perform SEO audit');
      setProgress(0);
    } finally {
      stopTimer();
      setBusy(false);
    }
  }

  return (
    <div className="seo-audit">
      <form className="tool-card no-print" onSubmit={onSubmit} noValidate>
        <label htmlFor={id('url')}>Website URL</label>
        <UrlInputRow
          id={id('url')}
          value={url}
          onChange={setUrl}
          placeholder="https://example.com/"
          busy={busy}
          label="Run SEO Audit"
          busyLabel="Auditing..."
        />
        {/* No empty bar before the first run: the progress shows once an audit starts. */}
        <div className="progress-row" aria-live="polite" hidden={!busy && progress === 0}>
          <progress id={id('progress')} max={100} value={progress} aria-label="Audit progress" />
          <span className="progress-value">{progress}%</span>
        </div>
        <ErrorMessage error={error} />
      </form>
      {report ? <AuditReportView report={report} idPrefix={idPrefix} /> : null}
      <RecommendationList checks={report?.checks ?? null} idPrefix={idPrefix} />
      {report ? <GetFixedCta summary={report.summary} /> : null}
    </div>
  );
}
