import { Table } from '#views/components/Table.tsx';
import type { RedirectRow } from '#views/model/redirect-checker.ts';
import { HopList } from './HopList.tsx';
import {
  chainText,
  finalStatusText,
  redirectsToCsv,
  rowVerdict,
  summarize,
  summaryParts,
  WARNING_LABELS,
} from './logic.ts';
import { CsvButton } from '#views/components/CsvButton.tsx';

/** A row's hops, its warnings as badges, and its error. */
function ChainCell({ row }: { row: RedirectRow }) {
  return (
    <td data-label="Chain">
      {row.hops.length > 0 ? <HopList hops={row.hops} label={chainText(row)} /> : null}
      {row.warnings.length > 0 ? (
        <ul className="redirect-warnings" aria-label="Warnings">
          {row.warnings.map((warning) => (
            <li
              key={warning}
              className={`badge ${warning === 'broken' || warning === 'loop' ? 'badge-fail' : 'badge-warning'}`}
              data-warning={warning}
            >
              {WARNING_LABELS[warning]}
            </li>
          ))}
        </ul>
      ) : null}
      {row.error ? <p className="row-error-text">{row.error}</p> : null}
    </td>
  );
}

/** The checked URLs: a summary by verdict, the CSV, and one row per URL with its chain. */
export function UrlResults({ idPrefix, rows }: { idPrefix: string; rows: RedirectRow[] }) {
  const headingId = `${idPrefix}-results-heading`;
  return (
    <section className="tool-card results" aria-labelledby={headingId}>
      <div className="report-head">
        <h2 id={headingId}>Results</h2>
        <CsvButton fileName={'redirect-check.csv'} csv={() => redirectsToCsv(rows)} />
      </div>
      <p className="redirect-summary" role="status">
        {summaryParts(summarize(rows)).map((part, index) => (
          <span key={part.verdict}>
            {index > 0 ? ' · ' : ''}
            <span className={`verdict-${part.verdict}`}>{part.text}</span>
          </span>
        ))}
      </p>
      <Table
        className="data-table redirect-table card-table"
        columns={['Original URL', 'Redirected URL', 'Chain', 'Final status']}
      >
        {rows.map((row, index) => (
          <tr key={`${index}-${row.originalUrl}`} data-verdict={rowVerdict(row)}>
            <td className="url-cell" data-label="Original URL">
              {row.originalUrl}
            </td>
            <td className="url-cell" data-label="Redirected URL">
              {row.redirectedUrl ?? '—'}
            </td>
            <ChainCell row={row} />
            <td data-label="Final status">
              <span className={`final-status verdict-${rowVerdict(row)}`}>{finalStatusText(row)}</span>
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
