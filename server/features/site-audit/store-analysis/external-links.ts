import { sql } from 'kysely';
import type { Db } from '#db/index.ts';
import { STRING_KIND } from '#db/site-audit-records.ts';
import type { ExternalCheck } from '../external-links.ts';
import { MAX_LINK_REFS, type LinkRef } from '../rules/link-refs.ts';
import { linkedDetail } from '../rules/resources.ts';
import { LINK_POSITIONS } from '../store.ts';
import { forEachRow, type EmitFinding } from './stream.ts';

/*
 * The external-link checks over the store (decision 0067): each other-site URL whose stored check is of the
 * rule's kind, with every link to it counted and the first MAX_LINK_REFS named (by page id, then the link's
 * place on the page: the order of the in-memory link index), from site_audit_external_links.
 */

interface LinkRow {
  target: number;
  n: number | string;
  k: number | string;
  url: string;
  answer: string;
  source_url: string;
  anchor: string | null;
  cell: number;
}

/** The links to the other-site URLs whose check is of `kind`, the first MAX_LINK_REFS of each, in order. */
function linksQuery(db: Db, auditId: string, kind: ExternalCheck['kind']) {
  const rows = sql<LinkRow>`(
    SELECT g.target, g.n, g.k, x.value AS url, c.answer, s.url AS source_url, a.value AS anchor, g.cell
    FROM (
      SELECT l.target, l.source, l.cell, count(*) OVER (PARTITION BY l.target) AS n,
        row_number() OVER (PARTITION BY l.target ORDER BY l.source, l.seq) AS k
      FROM site_audit_external_links l
      JOIN site_audit_external_checks c ON c.audit_id = l.audit_id AND c.id = l.target
      WHERE l.audit_id = ${auditId} AND c.kind = ${kind}
    ) g
    JOIN site_audit_external_checks c ON c.audit_id = ${auditId} AND c.id = g.target
    JOIN site_audit_strings x ON x.audit_id = ${auditId} AND x.kind = ${STRING_KIND.external} AND x.id = g.target
    JOIN site_audit_urls s ON s.audit_id = ${auditId} AND s.id = g.source
    LEFT JOIN site_audit_strings a ON a.audit_id = ${auditId} AND a.kind = ${STRING_KIND.anchor} AND a.id = g.cell / 4
    WHERE g.k <= ${MAX_LINK_REFS})`;
  return db.selectFrom(rows.as('q')).selectAll().orderBy('q.target').orderBy('q.k');
}

/** An external-link check as STORE_CHECKS holds it: the URLs checked as `kind`, each with its links. */
export function externalLinkCheck(kind: ExternalCheck['kind']) {
  return async (db: Db, auditId: string, emit: EmitFinding): Promise<void> => {
    let refs: LinkRef[] = [];
    await forEachRow(db, linksQuery(db, auditId, kind), async (row) => {
      const k = Number(row.k);
      const n = Number(row.n);
      if (k === 1) refs = [];
      refs.push({
        source: row.source_url,
        target: row.url,
        anchor: row.anchor ?? '',
        position: LINK_POSITIONS[Number(row.cell) & 3],
      });
      if (k < Math.min(n, MAX_LINK_REFS)) return;
      await emit({ url: row.url, detail: linkedDetail(JSON.parse(row.answer) as ExternalCheck, n), links: refs });
    });
  };
}
