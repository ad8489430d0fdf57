/** A shared report's Open Graph image (decision 0060): the size link previews crop least. */
export const REPORT_CARD = { width: 1200, height: 630 } as const;

/** Where the card of a report is served (server/features/site-audit/report-card.ts): beside the report, outside /api. */
export function reportCardPath(id: string): string {
  return `/site-audit/${encodeURIComponent(id)}/card.png`;
}
