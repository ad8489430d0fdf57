import { useEffect, useState, type FormEvent } from 'react';
import { downloadText } from '#client/download.ts';
import { failureDetail, requestJson } from '#views/lib/request-json.ts';
import { chainText, parseUrlLines, redirectsToCsv } from './logic.ts';
import { MAX_REDIRECT_URLS } from './rules.ts';
import type { Plan } from '#views/model/plans.ts';
import type { RedirectRow } from '#views/model/redirect-checker.ts';

export interface RedirectCheckerProps {
  idPrefix: string;
}

function PlansTable() {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    requestJson<Plan[]>('/api/bulk-url-redirection/plans', 'Failed to fetch plans')
      .then((data) => setPlans(Array.isArray(data) ? data : []))
      .catch(() => {
        setError('Failed to fetch plans');
        setPlans([]);
      });
  }, []);
  return (
    <section className="plans" aria-labelledby="plans-heading">
      <h2 id="plans-heading">Plans</h2>
      {error ? <p className="error">{error}</p> : null}
      <div className="table-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Price</th>
              <th scope="col">What you get</th>
            </tr>
          </thead>
          <tbody>
            {plans === null ? (
              <tr>
                <td colSpan={3}>Loading plans…</td>
              </tr>
            ) : (
              plans.map((plan) => (
                <tr key={plan.id}>
                  <th scope="row">{plan.name}</th>
                  <td>{plan.price}</td>
                  <td>{plan.features.join(' · ')}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function RedirectCheckerWidget({ idPrefix }: RedirectCheckerProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [detail, setDetail] = useState('');
  const [rows, setRows] = useState<RedirectRow[] | null>(null);
  const urls = parseUrlLines(text);
  const id = (name: string) => `${idPrefix}-${name}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (urls.length === 0 || busy) return;
    setBusy(true);
    setRows(null);
    setError('');
    setDetail('');
    try {
      const data = await requestJson<{ result: RedirectRow[] }>('/api/bulk-url-redirection/redirect', 'Failed to process URLs', { urls });
      setRows(data.result);
    } catch (caught) {
      setError('Failed to process URLs');
      setDetail(failureDetail(caught, 'Failed to process URLs'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="redirect-checker">
      <form className="tool-card" onSubmit={onSubmit} noValidate>
        <label htmlFor={id('urls')}>URLs (one per line, up to {MAX_REDIRECT_URLS})</label>
        <textarea id={id('urls')} rows={8} value={text} onChange={(event) => setText(event.target.value)} placeholder={'http://example.com/old-page\nhttps://example.com/blog'} />
        <div className="actions">
          <button type="submit" className="button" disabled={busy || urls.length === 0}>
            {busy ? 'Processing...' : 'Process URLs'}
          </button>
          <span className="muted">{urls.length} URL{urls.length === 1 ? '' : 's'}</span>
        </div>
        {error ? (
          <div role="alert">
            <p className="error">{error}</p>
            {detail ? <p className="muted">{detail}</p> : null}
          </div>
        ) : null}
      </form>
      {rows ? (
        <section className="tool-card results" aria-labelledby={id('results-heading')}>
          <div className="report-head">
            <h2 id={id('results-heading')}>Results</h2>
            <button type="button" className="button secondary" onClick={() => downloadText('redirect-check.csv', redirectsToCsv(rows), 'text/csv;charset=utf-8')}>
              Download CSV
            </button>
          </div>
          <div className="table-scroll">
            <table className="data-table redirect-table card-table">
              <thead>
                <tr>
                  <th scope="col">Original URL</th>
                  <th scope="col">Redirected URL</th>
                  <th scope="col">Chain</th>
                  <th scope="col">Final status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={`${index}-${row.originalUrl}`} className={row.error ? 'row-error' : undefined}>
                    <td className="url-cell" data-label="Original URL">{row.originalUrl}</td>
                    <td className="url-cell" data-label="Redirected URL">{row.redirectedUrl ?? '—'}</td>
                    <td data-label="Chain">
                      {row.hops.length > 0 ? (
                        <ol className="chain" aria-label={chainText(row)}>
                          {row.hops.map((hop, hopIndex) => (
                            <li key={hopIndex}>
                              <span className={`http-status http-${String(hop.status)[0]}xx`}>{hop.status}</span> <span className="url-cell">{hop.url}</span>
                            </li>
                          ))}
                        </ol>
                      ) : null}
                      {row.error ? <p className="row-error-text">{row.error}</p> : null}
                    </td>
                    <td data-label="Final status">{row.finalStatus ?? 'Error'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
      <PlansTable />
    </div>
  );
}
