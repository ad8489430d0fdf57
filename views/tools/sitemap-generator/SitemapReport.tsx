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
        <strong>{report.pages}</strong> page{report.pages === 1 ? '' : 's'} listed from {report.siteUrl} in {formatSeconds(report.durationMs)}.{' '}
        {stopLabel(report.stoppedBy)}
      </p>
      {rows.length === 0 ? (
        <p>No URLs were skipped.</p>
      ) : (
        <>
          <table className="sitemap-table">
            <caption>URLs left out of the sitemap, by reason ({totalSkipped})</caption>
            <thead>
              <tr>
                <th scope="col">Reason</th>
                <th scope="col">URLs</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.reason}>
                  <td>{row.label}</td>
                  <td>{row.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <details className="sitemap-skipped">
            <summary>
              Show skipped URLs
              {report.skippedTruncated ? ` (first ${report.skipped.length} of ${totalSkipped})` : ` (${report.skipped.length})`}
            </summary>
            <div className="sitemap-scroll">
              <table className="sitemap-table">
                <thead>
                  <tr>
                    <th scope="col">URL</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {report.skipped.map((entry) => (
                    <tr key={`${entry.reason} ${entry.url}`}>
                      <td className="url-cell" data-label="URL">
                        {entry.url}
                      </td>
                      <td data-label="Reason">{REASON_LABELS[entry.reason]}</td>
                      <td data-label="Detail">{entry.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
