import { useEffect, useState } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { Table } from '#views/components/Table.tsx';
import { requestJson } from '#views/lib/request-json.ts';
import { botChoices, bytesText, count, LOAD_FAILED } from './logic.ts';
import { useLocalTime } from '#views/lib/local-time.ts';
import type { LogFileView, LogUrlsResponse } from './schema.ts';

const PER_PAGE = 50;

/** The URLs bots fetched, most hit first: filtered by bot and verification, a page at a time, with a CSV of all. */
export function UrlTable({ idPrefix, log }: { idPrefix: string; log: LogFileView }) {
  const when = useLocalTime();
  const [bot, setBot] = useState('');
  const [verified, setVerified] = useState('true');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<LogUrlsResponse | null>(null);
  const [error, setError] = useState('');
  const query = new URLSearchParams({ ...(bot ? { bot } : {}), ...(verified ? { verified } : {}) });
  const queryText = query.toString();

  useEffect(() => {
    let current = true;
    const params = new URLSearchParams(queryText);
    params.set('page', String(page));
    params.set('perPage', String(PER_PAGE));
    requestJson<LogUrlsResponse>(`/api/log-files/${log.id}/urls?${params}`, LOAD_FAILED)
      .then((loaded) => current && (setResult(loaded), setError('')))
      .catch((caught: unknown) => current && setError(caught instanceof Error ? caught.message : LOAD_FAILED));
    return () => {
      current = false;
    };
  }, [log.id, queryText, page]);

  const pages = result ? Math.max(1, Math.ceil(result.total / PER_PAGE)) : 1;
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <section className="log-section" aria-labelledby={id('urls-heading')}>
      <h3 id={id('urls-heading')}>URLs bots fetched</h3>
      <div className="log-filters">
        <label htmlFor={id('bot')}>Bot</label>
        <select id={id('bot')} value={bot} onChange={(event) => (setBot(event.target.value), setPage(1))}>
          {botChoices(log).map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <label htmlFor={id('verified')}>Hits</label>
        <select
          id={id('verified')}
          value={verified}
          onChange={(event) => (setVerified(event.target.value), setPage(1))}
        >
          <option value="true">Verified only</option>
          <option value="false">Unverified only</option>
          <option value="">Verified and unverified</option>
        </select>
        <a className="button button-secondary" href={`/api/log-files/${log.id}/urls.csv?${queryText}`} download>
          Download CSV
        </a>
      </div>
      <ErrorMessage error={error} />
      {result ? (
        <>
          <p className="muted" aria-live="polite">
            {count(result.total)} URL{result.total === 1 ? '' : 's'}
            {pages > 1 ? `, page ${page} of ${pages}` : ''}
          </p>
          <div className="log-scroll">
            <Table
              className="log-table card-table"
              columns={['URL', 'Hits', 'Statuses', 'Bytes', 'First seen', 'Last seen']}
            >
              {result.urls.map((row) => (
                <tr key={row.url}>
                  <th scope="row" className="log-url" data-label="URL">
                    {row.url}
                  </th>
                  <td data-label="Hits">{count(row.hits)}</td>
                  <td data-label="Statuses">
                    {Object.entries(row.statuses)
                      .map(([status, hits]) => `${status} × ${count(hits)}`)
                      .join(', ')}
                  </td>
                  <td data-label="Bytes">{bytesText(row.bytes)}</td>
                  <td data-label="First seen">{when(row.firstSeen)}</td>
                  <td data-label="Last seen">{when(row.lastSeen)}</td>
                </tr>
              ))}
            </Table>
          </div>
          {pages > 1 ? (
            <nav className="log-pages" aria-label="URL pages">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <button type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
