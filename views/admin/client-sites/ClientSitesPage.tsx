import { AdminNotices } from '#views/admin/AdminFrame.tsx';
import type { ReactNode } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { ClientSiteLogs } from './ClientSiteLogs.tsx';
import { formatMonth } from '#views/model/dates.ts';
import { useLocalTime } from '#views/lib/local-time.ts';
import { SCHEDULE_LABELS, type ClientSchedule, type ClientSiteItem } from '#views/model/client-sites.ts';

/** The add form as typed (kept when it is refused). */
export interface ClientSiteValues {
  url: string;
  schedule: string;
  recipients: string;
}

/** The operator's client sites (server/features/monitoring/client-sites-section.ts). */
export interface ClientSitesProps {
  csrf: string;
  sites: ClientSiteItem[];
  values: ClientSiteValues;
  notice?: string;
  error?: string;
  /** A refused log upload or delete, shown at that site's logs. */
  logError?: { siteId: string; message: string };
  /** Whether logs can be attached (the log analyser is there). */
  logsEnabled?: boolean;
  /** Whether mail can go out (SMTP_URL): without it nobody receives alerts or reports. */
  mailEnabled: boolean;
  /** The time of the page (ISO): a next check at or before it is due now. */
  now: string;
}

/** The score's change from the finished check before, in words and a sign. */
function change(trend: readonly number[]): string | null {
  if (trend.length < 2) return null;
  const delta = trend[trend.length - 1] - trend[trend.length - 2];
  if (delta === 0) return 'no change since the check before';
  return `${delta > 0 ? 'up' : 'down'} ${Math.abs(delta)} since the check before`;
}

/** The scores as a small line on a 0–100 band, drawn on the server (no script); the label says the same in words. */
function Sparkline({ trend }: { trend: readonly number[] }) {
  if (trend.length < 2) return null;
  const width = 132;
  const height = 34;
  const pad = 4;
  const step = (width - 2 * pad) / (trend.length - 1);
  const x = (index: number) => pad + index * step;
  const y = (score: number) => pad + (1 - score / 100) * (height - 2 * pad);
  const points = trend.map((score, index) => `${x(index).toFixed(1)},${y(score).toFixed(1)}`).join(' ');
  return (
    <svg
      className="client-trend"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={`Scores of the last ${trend.length} checks, oldest first: ${trend.join(', ')}`}
    >
      <rect x="0" y="0" width={width} height={height} rx="4" className="client-trend-band" />
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      {trend.map((score, index) => (
        <circle key={index} cx={x(index).toFixed(1)} cy={y(score).toFixed(1)} r="2.5" fill="currentColor" />
      ))}
    </svg>
  );
}

function LastCheck({ site }: { site: ClientSiteItem }) {
  const when = useLocalTime();
  const last = site.lastCheck;
  if (!last) return <p className="lead-meta">No check yet.</p>;
  const moved = change(site.trend);
  const report = last.auditId ? (
    <a href={`/site-audit/${last.auditId}`} target="_blank" rel="noopener noreferrer">
      report
    </a>
  ) : null;
  let outcome: ReactNode;
  if (last.status === 'running') outcome = 'running now';
  else if (last.status === 'failed') outcome = <strong className="client-down">the site could not be checked</strong>;
  else
    outcome = (
      <>
        <strong className="client-score">{`${last.score ?? '—'}/100`}</strong>
        {moved ? ` (${moved})` : ''}
        {last.regressions > 0 ? (
          <strong className="client-down">{` · ${last.regressions} new problem${last.regressions === 1 ? '' : 's'}`}</strong>
        ) : (
          ' · no new problem'
        )}
      </>
    );
  return (
    <div className="client-check">
      <p className="lead-meta">
        {`Last check ${when(last.at)}: `}
        {outcome}
        {report ? <> · {report}</> : null}
      </p>
      <Sparkline trend={site.trend} />
    </div>
  );
}

type Logs = { error?: string };

function SiteCard({ site, csrf, now, logs }: { site: ClientSiteItem; csrf: string; now: string; logs?: Logs }) {
  const when = useLocalTime();
  const action = (path: string) => `/admin/client-sites/${site.id}/${path}`;
  const post = (path: string, label: string, className = 'button secondary') => (
    <form method="post" action={action(path)}>
      <input type="hidden" name="csrf" value={csrf} />
      <button type="submit" className={className}>
        {label}
      </button>
    </form>
  );
  return (
    <li className={`lead-card${site.paused ? ' handled' : ''}`}>
      <h2>
        <a href={site.url} target="_blank" rel="noopener noreferrer nofollow">
          {site.url}
        </a>{' '}
        {site.paused ? <span className="badge">Paused</span> : <span className="badge yes">Active</span>}
      </h2>
      <p className="lead-meta">
        {`${SCHEDULE_LABELS[site.schedule]} · reports and alerts to ${site.recipients.join(', ')}`}
        {site.paused || !site.nextRunAt
          ? ''
          : ` · next check ${site.nextRunAt <= now ? 'due now' : when(site.nextRunAt)}`}
      </p>
      <LastCheck site={site} />
      {site.months.length ? (
        <p className="lead-meta">
          {'Monthly report (PDF): '}
          {site.months.map((month, index) => (
            <span key={month}>
              {index ? ' · ' : ''}
              <a href={`${action('report.pdf')}?month=${month}`}>{formatMonth(month)}</a>
            </span>
          ))}
        </p>
      ) : null}
      {logs ? <ClientSiteLogs site={site} csrf={csrf} error={logs.error} /> : null}
      <div className="lead-actions">
        {site.paused ? null : post('run', 'Check now')}
        {site.paused ? post('resume', 'Resume') : post('pause', 'Pause')}
        <details className="delete-confirm">
          <summary>Delete</summary>
          <p>{`Stop monitoring ${site.url} and delete its checks?`}</p>
          {post('delete', 'Delete this client site', 'button danger')}
        </details>
      </div>
    </li>
  );
}

export function ClientSitesPage(props: ClientSitesProps) {
  const { values } = props;
  return (
    <main className="admin-inbox">
      <h1>Client sites</h1>
      <p>
        Sites you look after for clients: each is audited on its schedule, its recipients get an alert when something
        breaks and a PDF report on the 1st of each month. You answer for these sites, so they are not verified.
      </p>
      {props.mailEnabled ? null : (
        <p className="admin-note">
          Email is not set up (SMTP_URL), so no alert or report can be sent; the checks still run and the reports can be
          downloaded here.
        </p>
      )}
      <AdminNotices notice={props.notice} />
      <form method="post" action="/admin/client-sites" className="tool-card client-add">
        <h2>Add a client site</h2>
        <input type="hidden" name="csrf" value={props.csrf} />
        <p className="field">
          <label htmlFor="client-url">Site address (the page the audit starts from)</label>
          <input
            id="client-url"
            name="url"
            type="url"
            inputMode="url"
            placeholder="https://www.example.com/"
            defaultValue={values.url}
            required
            maxLength={2048}
          />
        </p>
        <p className="field">
          <label htmlFor="client-schedule">How often</label>
          <select id="client-schedule" name="schedule" defaultValue={values.schedule || 'weekly'}>
            {(Object.keys(SCHEDULE_LABELS) as ClientSchedule[]).map((schedule) => (
              <option key={schedule} value={schedule}>
                {SCHEDULE_LABELS[schedule]}
              </option>
            ))}
          </select>
        </p>
        <p className="field">
          <label htmlFor="client-recipients">Recipients (email addresses, one per line or separated by commas)</label>
          <textarea
            id="client-recipients"
            name="recipients"
            rows={3}
            defaultValue={values.recipients}
            required
            maxLength={2000}
          />
        </p>
        <ErrorMessage error={props.error} />
        <div className="actions">
          <button type="submit" className="button">
            Add client site
          </button>
        </div>
      </form>
      {props.sites.length ? (
        <>
          <h2 className="client-list-title">{`${props.sites.length} client site${props.sites.length === 1 ? '' : 's'}`}</h2>
          <ul className="lead-list">
            {props.sites.map((site) => (
              <SiteCard
                key={site.id}
                site={site}
                csrf={props.csrf}
                now={props.now}
                logs={
                  props.logsEnabled
                    ? { error: props.logError?.siteId === site.id ? props.logError.message : undefined }
                    : undefined
                }
              />
            ))}
          </ul>
        </>
      ) : (
        <p>No client site yet: add the first one above.</p>
      )}
    </main>
  );
}
