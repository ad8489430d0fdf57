import { useEffect, useRef, useState, type FormEvent } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import { useRequest } from '#views/lib/use-request.ts';
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

const FAILED = 'Failed to perform SEO audit';

export default function SeoAuditWidget({ idPrefix, initialUrl = '' }: SeoAuditProps) {
  const [url, setUrl] = useState(initialUrl);
  const [progress, setProgress] = useState(0);
  const audit = useRequest<AuditReport>((caught) => (caught instanceof Error ? caught.message : FAILED));
  const { busy, error } = audit;
  const report = audit.result;
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
    setProgress(0);
    stopTimer();
    timer.current = setInterval(() => setProgress(nextProgress), PROGRESS_INTERVAL_MS);
    await audit.run(async () => {
      try {
        const data = await requestJson<{ report: AuditReport }>('/api/seo-audit/audit', FAILED, { url: url.trim() });
        setProgress(100);
        return data.report;
      } catch (caught) {
        setProgress(0);
        throw caught;
      } finally {
        stopTimer();
      }
    });
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
