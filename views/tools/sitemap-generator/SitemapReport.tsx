import { Table } from '#views/components/Table.tsx';
import { BrokenLinks } from './BrokenLinks.tsx';
import { formatSeconds, REASON_LABELS, reasonRows, stopLabel } from './logic.ts';
import type { SitemapReportView } from './schema.ts';

/** What the crawl listed and, for everything it left out, why. */
export function SitemapReport({ report, idPrefix }: { report: SitemapReportView; idPrefix: string }) {
  const rows = reasonRows(report.skippedCounts);
  const totalSkipped = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <section className="tool-card sitemap-report" aria-labelledby={`${idPrefix}-report-heading`}>
      <h2 id={`${idPrefix}-report-heading`}>Crawl report</h2>
      <p>
        <strong>{report.pages}</strong> page{report.pages === 1 ? '' : 's'} listed from {report.siteUrl} in{' '}
        {formatSeconds(report.durationMs)}. {stopLabel(report.stoppedBy)}
      </p>
      {report.images !== undefined || report.alternates !== undefined ? (
        <p className="sitemap-extras">
          Images listed: <strong>{report.images ?? 0}</strong> · Language versions (hreflang) listed:{' '}
          <strong>{report.alternates ?? 0}</strong>
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>No URLs were skipped.</p>
      ) : (
        <>
          <Table
            className="sitemap-table"
            caption={`URLs left out of the sitemap, by reason (${totalSkipped})`}
            columns={['Reason', 'URLs']}
          >
            {rows.map((row) => (
              <tr key={row.reason}>
                <td>{row.label}</td>
                <td>{row.count}</td>
              </tr>
            ))}
          </Table>
          <details className="sitemap-skipped">
            <summary>
              Show skipped URLs
              {report.skippedTruncated
                ? ` (first ${report.skipped.length} of ${totalSkipped})`
                : ` (${report.skipped.length})`}
            </summary>
            <div className="sitemap-scroll">
              <Table className="sitemap-table" columns={['URL', 'Reason', 'Detail']}>
                {report.skipped.map((entry) => (
                  <tr key={`${entry.reason} ${entry.url}`}>
                    <td className="url-cell" data-label="URL">
                      {entry.url}
                    </td>
                    <td data-label="Reason">{REASON_LABELS[entry.reason]}</td>
                    <td data-label="Detail">{entry.detail}</td>
                  </tr>
                ))}
              </Table>
            </div>
          </details>
        </>
      )}
      {report.brokenLinks ? (
        <BrokenLinks links={report.brokenLinks} total={report.brokenLinksTotal ?? 0} idPrefix={idPrefix} />
      ) : null}
    </section>
  );
}
