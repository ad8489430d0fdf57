import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import type { ClientSiteItem, ClientSiteLogItem } from '#views/model/client-sites.ts';
import { useLocalTime } from '#views/lib/local-time.ts';

function outcome(log: ClientSiteLogItem): string {
  if (log.status === 'queued') return 'waiting to be read';
  if (log.status === 'running') return 'being read';
  if (log.status === 'failed') return `failed: ${log.error ?? 'it could not be read'}`;
  const lines = `${log.lines.toLocaleString('en')} line${log.lines === 1 ? '' : 's'}`;
  return log.joined ? `${lines}, compared with the site's audit` : lines;
}

function LogRow({ log, site, csrf }: { log: ClientSiteLogItem; site: ClientSiteItem; csrf: string }) {
  const when = useLocalTime();
  const names = log.files.join(', ');
  return (
    <li className="client-log lead-meta">
      {`${when(log.createdAt)} · `}
      <span className="client-log-files">{names}</span>
      {' · '}
      {log.status === 'failed' ? <strong className="client-down">{outcome(log)}</strong> : outcome(log)}
      {' · '}
      {/* The log analyser's report: its unguessable id is the only way to it. */}
      <a href={`/log-file-analyser/${log.id}`} target="_blank" rel="noopener noreferrer">
        report
      </a>
      <details className="delete-confirm">
        <summary aria-label={`Delete the log ${names}`}>Delete</summary>
        <form method="post" action={`/admin/client-sites/${site.id}/logs/${log.id}/delete`}>
          <input type="hidden" name="csrf" value={csrf} />
          <button type="submit" className="button danger">
            Delete this log
          </button>
        </form>
      </details>
    </li>
  );
}

/**
 * A client site's access logs (issue 36): the list, each with its report and a delete, and the form
 * that attaches more. The form's token comes before its files (browsers send fields in order).
 */
export function ClientSiteLogs({ site, csrf, error }: { site: ClientSiteItem; csrf: string; error?: string }) {
  const input = `client-log-${site.id}`;
  return (
    <section className="client-logs" aria-label={`Server logs of ${site.url}`}>
      <h3>Server logs</h3>
      {site.logs.length ? (
        <ul className="client-log-list">
          {site.logs.map((log) => (
            <LogRow key={log.id} log={log} site={site} csrf={csrf} />
          ))}
        </ul>
      ) : (
        <p className="lead-meta">
          No log yet: attach the site&apos;s access logs to see what search engines and AI crawlers really fetch.
        </p>
      )}
      <form
        method="post"
        action={`/admin/client-sites/${site.id}/logs`}
        encType="multipart/form-data"
        className="client-log-upload"
      >
        <input type="hidden" name="csrf" value={csrf} />
        <label htmlFor={input}>Access logs (plain or .gz, one or more)</label>
        <input id={input} name="file" type="file" multiple required />
        <ErrorMessage error={error} />
        <button type="submit" className="button secondary">
          Attach logs
        </button>
        {/* Shown by the page's script while the files go up (log-upload-script.ts). */}
        <progress max={1} value={0} hidden aria-label={`Upload of ${site.url}'s logs`} />
        <span className="client-log-status" role="status" />
      </form>
    </section>
  );
}
