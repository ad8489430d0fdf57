import type { Db } from './index.ts';
import { insertRows, type RowInsert } from './row-insert.ts';

/*
 * What a running audit's check of other sites' URLs found, and every link of its pages to them (migration
 * 0037), by the URL's id among the audit's external strings (db/site-audit-records.ts, STRING_KIND.external):
 * the resource and external-link checks over the store (server/features/site-audit/store-analysis/) read them in SQL.
 */

/** One URL's answer as the external check words it (`ExternalCheck`, external-links.ts): kept whole, as JSON. */
export interface StoredExternalCheck {
  kind: string;
}

/** Rows written per statement: 4 or 5 values a row. */
const WRITE_BATCH = 500;

/**
 * Writes the checks by external id (the array's index; a hole is a URL not checked, and gets no row).
 * Written again (a crawl carried on), a URL's row takes the new answer.
 */
export async function saveExternalChecks(
  db: Db,
  auditId: string,
  checks: ReadonlyArray<StoredExternalCheck | undefined>,
): Promise<void> {
  const rows = checks.flatMap((check, id) =>
    check ? [{ audit_id: auditId, id, kind: check.kind, answer: JSON.stringify(check) }] : [],
  );
  for (let from = 0; from < rows.length; from += WRITE_BATCH)
    await db
      .insertInto('site_audit_external_checks')
      .values(rows.slice(from, from + WRITE_BATCH))
      .onConflict((conflict) =>
        conflict
          .columns(['audit_id', 'id'])
          .doUpdateSet((eb) => ({ kind: eb.ref('excluded.kind'), answer: eb.ref('excluded.answer') })),
      )
      .execute();
}

/** One link of a page to another site: the external string id, the page, its place among the page's links, its anchor cell. */
export interface StoredExternalLink {
  target: number;
  source: number;
  seq: number;
  cell: number;
}

const EXTERNAL_LINK_INSERT: RowInsert<StoredExternalLink> = {
  table: 'site_audit_external_links',
  columns: ['audit_id', 'target', 'source', 'seq', 'cell'],
  values: (link) => [link.target, link.source, link.seq, link.cell],
  tail: 'ON CONFLICT (audit_id, target, source, seq) DO NOTHING',
  perStatement: WRITE_BATCH,
};

/**
 * Writes links to other sites; one already stored is left as it is (a batch written again by a resumed
 * crawl). Callers that need all or nothing run it inside their transaction.
 */
export async function saveExternalLinks(db: Db, auditId: string, links: readonly StoredExternalLink[]): Promise<void> {
  await insertRows(db, EXTERNAL_LINK_INSERT, links, [auditId]);
}
