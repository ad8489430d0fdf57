import { useState, type FormEvent } from 'react';
import { requestJson } from '#views/lib/request-json.ts';
import {
  DEFAULT_MOBILE_AGENT,
  DEFAULT_MOBILE_DEVICE,
  MOBILE_AGENT_IDS,
  MOBILE_AGENTS,
  MOBILE_DEVICE_IDS,
  MOBILE_DEVICES,
  type MobileAgentId,
  type MobileDeviceId,
  type MobileReport,
} from '#views/model/mobile-test.ts';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { UrlInputRow } from '#views/components/UrlInputRow.tsx';
import { Diagnostics } from './Diagnostics.tsx';

export interface MobileTesterProps {
  idPrefix: string;
}

const STATUS_TEXT = { pass: 'Pass', warning: 'Warning', fail: 'Fail' } as const;

const formatKb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function MobileTesterWidget({ idPrefix }: MobileTesterProps) {
  const [url, setUrl] = useState('');
  const [device, setDevice] = useState<MobileDeviceId>(DEFAULT_MOBILE_DEVICE);
  const [userAgent, setUserAgent] = useState<MobileAgentId>(DEFAULT_MOBILE_AGENT);
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
        { url: url.trim(), device, userAgent },
      );
      setReport(data.report);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Failed to test the page');
    } finally {
      setBusy(false);
    }
  }

  // Reports from before the device choice existed were made on the phone.
  const shown = MOBILE_DEVICES[report?.device ?? DEFAULT_MOBILE_DEVICE] ?? MOBILE_DEVICES[DEFAULT_MOBILE_DEVICE];
  const asGooglebot = report?.userAgent === 'googlebot' ? ' as Googlebot smartphone' : '';

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
        <div className="mobile-options">
          <div>
            <label htmlFor={id('device')}>Device</label>
            <select
              id={id('device')}
              value={device}
              onChange={(event) => setDevice(event.target.value as MobileDeviceId)}
            >
              {MOBILE_DEVICE_IDS.map((choice) => (
                <option key={choice} value={choice}>
                  {`${MOBILE_DEVICES[choice].label} (${MOBILE_DEVICES[choice].width} × ${MOBILE_DEVICES[choice].height})`}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={id('agent')}>User agent</label>
            <select
              id={id('agent')}
              value={userAgent}
              onChange={(event) => setUserAgent(event.target.value as MobileAgentId)}
            >
              {MOBILE_AGENT_IDS.map((choice) => (
                <option key={choice} value={choice}>
                  {MOBILE_AGENTS[choice].label}
                </option>
              ))}
            </select>
          </div>
        </div>
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
              ? `Loaded in a real browser (Chromium) on a ${shown.width} × ${shown.height} ${shown.kind} screen${asGooglebot}${report.pageBytes !== undefined ? `; ${formatKb(report.pageBytes)} of files` : ''}.`
              : `This server has no browser to render pages, so these results come from reading the HTML and CSS only${asGooglebot}; layout, tap-target and text-size findings are estimates.`}
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
          <Diagnostics report={report} />
          <p className="muted user-agent-line">
            User-Agent sent: <code>{report.userAgentString}</code>
          </p>
        </section>
      ) : null}
    </div>
  );
}
