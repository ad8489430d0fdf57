import type { Db } from './index.ts';

/*
 * What a running audit's check of other sites' URLs found (migration 0037), by the URL's id among the
 * audit's external strings (db/site-audit-records.ts, STRING_KIND.external): the resource and
 * external-link checks over the store (server/features/site-audit/store-analysis/) read it in SQL.
 */

/** One URL's answer as the external check words it (`ExternalCheck`, external-links.ts): kept whole, as JSON. */
export interface StoredExternalCheck {
  kind: string;
}

/** Rows written per statement: 4 values a row. */
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

/** Drops a running audit's external checks; part of dropping its crawl store (db/site-audit-records.ts). */
export async function deleteExternalChecks(db: Db, auditId: string): Promise<void> {
  await db.deleteFrom('site_audit_external_checks').where('audit_id', '=', auditId).execute();
}
