// The CSV export's HTTP edge (a "-router" file: it writes the response with the site's one CSV writer, views/lib/csv.ts).
import type { Writable } from 'node:stream';
import type { Db } from '#db/index.ts';
import { issueBatches, pageVitals, type PageVitals } from '#db/site-audit-report-reads.ts';
import type { SiteAuditRow } from '#db/site-audits.ts';
import { drainedOrClosed } from '#server/http/drained.ts';
import { csvLine } from '#views/lib/csv.ts';
import { csvRows, CSV_HEADER } from './report.ts';

/** Issues read from the database per batch of the CSV export: one batch is all it holds (issue 34). */
export const CSV_BATCH_ROWS = 500;

/** A rendered audit's CSV also gives each row's page lab vitals (issue 33), empty where it was not rendered. */
export const CSV_VITALS_HEADER = ['lcp_ms', 'cls', 'tbt_ms'];

const vitalCells = (vitals: PageVitals | undefined) => [vitals?.lcpMs, vitals?.cls, vitals?.tbtMs];

/**
 * Writes an audit's CSV export to `out` as it is read: the issues in keyset batches of `batchRows`,
 * each written before the next is read, waiting while `out` is full; a client that goes away stops
 * the reads. Memory is one batch whatever the audit's size. Answers the data lines written.
 */
export async function writeAuditCsv(
  db: Db,
  audit: Pick<SiteAuditRow, 'id' | 'report'>,
  out: Writable,
  batchRows = CSV_BATCH_ROWS,
): Promise<number> {
  const rendered = Boolean((audit.report as { render?: unknown } | undefined)?.render);
  let lines = 0;
  if (!out.write(csvLine(rendered ? [...CSV_HEADER, ...CSV_VITALS_HEADER] : CSV_HEADER))) await drainedOrClosed(out);
  for await (const batch of issueBatches(db, audit.id, batchRows)) {
    if (out.destroyed) break;
    const vitals = rendered
      ? await pageVitals(
          db,
          audit.id,
          batch.map((issue) => issue.url),
        )
      : undefined;
    let text = '';
    for (const row of csvRows(batch)) {
      text += csvLine(vitals ? [...row, ...vitalCells(vitals.get(row[0]))] : row);
      lines += 1;
    }
    if (!out.write(text)) await drainedOrClosed(out);
  }
  if (!out.destroyed) out.end();
  return lines;
}
