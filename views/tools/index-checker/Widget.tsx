import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '#views/components/ErrorMessage.tsx';
import { Table } from '#views/components/Table.tsx';
import { TextField } from '#views/components/TextField.tsx';
import { useBulkCheck } from '#views/lib/use-bulk-check.ts';
import { googleSiteSearchUrl, indexableBadge, indexedLabel, readUrlList } from './logic.ts';
import { MAX_INDEX_URLS } from './rules.ts';
import { InspectionFacts } from './InspectionFacts.tsx';
import type { IndexRow } from '#views/model/index-checker.ts';

export interface IndexCheckerProps {
  idPrefix: string;
}

export default function IndexCheckerWidget({ idPrefix }: IndexCheckerProps) {
  const [text, setText] = useState('');
  const { busy, error, detail, rows, submit, reject } = useBulkCheck<IndexRow>(
    '/api/google-index-checker/check',
    'Failed to check index status',
  );
  const id = (name: string) => `${idPrefix}-${name}`;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const list = readUrlList(text);
    if (!list.ok) return reject(list.error);
    void submit({ urls: list.urls });
  }

  return (
    <div className="index-checker">
      <form className="tool-card" onSubmit={onSubmit} noValidate>
        <TextField
          id={id('urls')}
          label={`URLs (one per line, up to ${MAX_INDEX_URLS})`}
          rows={8}
          value={text}
          onChange={setText}
          placeholder={'https://example.com/\nhttps://example.com/services'}
        />
        <div className="actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Checking...' : 'Check Index Status'}
          </button>
        </div>
        <ErrorMessage error={error} detail={detail} />
      </form>
      {rows ? (
        <section className="tool-card results" aria-labelledby={id('results-heading')}>
          <h2 id={id('results-heading')}>Results</h2>
          <Table className="data-table index-table card-table" columns={['URL', 'Indexed', 'Indexable', 'Why']}>
            {rows.map((row, index) => {
              const badge = indexableBadge(row);
              return (
                <tr key={`${index}-${row.url}`}>
                  <td className="url-cell" data-label="URL">
                    {row.url}
                    {row.status !== null ? <span className="muted"> (HTTP {row.status})</span> : null}
                  </td>
                  <td title={row.indexedNote} data-label="Indexed">
                    {indexedLabel(row)}
                    {row.indexed !== null && row.indexedNote ? (
                      <span className="muted cell-note">{row.indexedNote}</span>
                    ) : null}
                    {row.inspection ? <InspectionFacts inspection={row.inspection} /> : null}
                    <a
                      className="cell-note"
                      href={googleSiteSearchUrl(row.url)}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      Search Google
                    </a>
                  </td>
                  <td data-label="Indexable">
                    <span className={`badge badge-${badge.tone}`}>{badge.label}</span>
                  </td>
                  <td data-label="Why">
                    {row.error ? <p className="row-error-text">{row.error}</p> : null}
                    {row.reasons.length > 0 ? (
                      <ul className="reasons">
                        {row.reasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </Table>
        </section>
      ) : null}
    </div>
  );
}
