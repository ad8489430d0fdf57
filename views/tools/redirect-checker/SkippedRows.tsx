import { skippedText, type SkippedRow } from './migration-csv.ts';

/** Skipped rows listed at most, so a broken column does not fill the screen; the rest are counted. */
export const SKIPPED_SHOWN = 20;

/** The CSV's rows left out of the check, with their line numbers and why; the good rows are checked. */
export function SkippedRows({ skipped }: { skipped: readonly SkippedRow[] }) {
  if (skipped.length === 0) return null;
  const more = skipped.length - SKIPPED_SHOWN;
  return (
    <div className="migration-skipped error">
      <p>
        {skipped.length} {skipped.length === 1 ? 'row' : 'rows'} skipped (not checked):
      </p>
      <ul className="migration-problems">
        {skipped.slice(0, SKIPPED_SHOWN).map((row) => (
          <li key={row.line}>{skippedText(row)}</li>
        ))}
      </ul>
      {more > 0 ? <p className="muted">…and {more.toLocaleString('en-US')} more.</p> : null}
    </div>
  );
}
