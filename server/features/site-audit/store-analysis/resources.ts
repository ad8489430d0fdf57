import { sql, type RawBuilder } from 'kysely';
import type { Db } from '#db/index.ts';
import { EDGE_KIND, type EdgeKind } from '#db/site-audit-edges.ts';
import { STRING_KIND } from '#db/site-audit-records.ts';
import type { ExternalCheck } from '../external-links.ts';
import { loadedBy, RESOURCE_VERDICTS, shownOn, type LoadedTarget } from '../rules/resources.ts';
import { LARGE_SCRIPT_BYTES, LARGE_STYLESHEET_BYTES } from '../thresholds.ts';
import { forEachRow, type EmitFinding } from './stream.ts';

/*
 * The resource checks over the store (decision 0067): scripts and stylesheets broken, redirected or too
 * large, and images redirected, from the URLs, the external checks and the script, stylesheet and image
 * edges. SQL keeps the targets a check may speak of and numbers each one's loading pages by id; the
 * rule's own verdict (RESOURCE_VERDICTS, rules/resources.ts) words them, so the two cannot drift apart.
 */

/** Loading pages a detail names: "loaded by A, B, C and 12 more". */
const NAMED = 3;

/** SQL over an edge `e`, its internal target `t` and its external check `c`: the targets worth judging. */
const MAY_BE = {
  broken: sql`(t.status BETWEEN 400 AND 599 OR (t.status = 0 AND t.error IS NOT NULL) OR c.kind IN ('broken', 'timeout'))`,
  redirected: sql`(t.status BETWEEN 300 AND 399 OR c.kind = 'redirected')`,
  tooLarge: (limit: number) =>
    sql`(t.status = 200 AND t.bytes > ${limit} AND NOT EXISTS (SELECT 1 FROM site_audit_records r WHERE r.audit_id = t.audit_id AND r.id = t.id))`,
};

interface TargetRow {
  target: number;
  n: number | string;
  k: number | string;
  source_url: string;
  url: string | null;
  status: number | null;
  error: string | null;
  bytes: number | null;
  redirect_external: string | null;
  redirect_url: string | null;
  is_page: number | string | null;
  external_url: string | null;
  answer: string | null;
}

/** Targets of one edge kind passing `where`, each with its first NAMED loading pages (by id) and their count. */
function targetsQuery(db: Db, auditId: string, kind: EdgeKind, where: RawBuilder<unknown>) {
  const rows = sql<TargetRow>`(
    SELECT g.target, g.n, g.k, s.url AS source_url, t.url, t.status, t.error, t.bytes, t.redirect_external,
      rt.url AS redirect_url,
      (SELECT 1 FROM site_audit_records r WHERE r.audit_id = t.audit_id AND r.id = t.id) AS is_page,
      x.value AS external_url, c.answer
    FROM (
      SELECT e.target, e.source, count(*) OVER (PARTITION BY e.target) AS n,
        row_number() OVER (PARTITION BY e.target ORDER BY e.source) AS k
      FROM site_audit_edges e
      LEFT JOIN site_audit_urls t ON t.audit_id = e.audit_id AND t.id = e.target
      LEFT JOIN site_audit_external_checks c ON c.audit_id = e.audit_id AND c.id = -1 - e.target
      WHERE e.audit_id = ${auditId} AND e.kind = ${kind} AND ${where}
    ) g
    JOIN site_audit_urls s ON s.audit_id = ${auditId} AND s.id = g.source
    LEFT JOIN site_audit_urls t ON t.audit_id = ${auditId} AND t.id = g.target
    LEFT JOIN site_audit_urls rt ON rt.audit_id = ${auditId} AND rt.id = t.redirect_to
    LEFT JOIN site_audit_strings x ON x.audit_id = ${auditId} AND x.kind = ${STRING_KIND.external} AND x.id = -1 - g.target
    LEFT JOIN site_audit_external_checks c ON c.audit_id = ${auditId} AND c.id = -1 - g.target
    WHERE g.k <= ${NAMED})`;
  // A query builder around the SQL, for forEachRow's stream (SQLite) and cursor (PostgreSQL).
  return db.selectFrom(rows.as('q')).selectAll().orderBy('q.target').orderBy('q.k');
}

/** The target of a row as the verdicts read it. */
function targetOf(row: TargetRow): LoadedTarget {
  if (Number(row.target) < 0)
    return {
      external: row.external_url ?? '',
      check: row.answer === null ? undefined : (JSON.parse(row.answer) as ExternalCheck),
    };
  return {
    internal: {
      url: row.url ?? '',
      status: Number(row.status),
      error: row.error,
      bytes: Number(row.bytes),
      redirectExternal: row.redirect_external,
      redirectUrl: row.redirect_url,
      isPage: row.is_page !== null,
    },
  };
}

/** A resource check as STORE_CHECKS holds it: the edges it reads, the SQL that narrows, the verdict, the pages' word. */
function resourceCheck(
  kind: EdgeKind,
  where: RawBuilder<unknown>,
  verdict: (target: LoadedTarget) => string | null,
  pagesWord = loadedBy,
) {
  return async (db: Db, auditId: string, emit: EmitFinding): Promise<void> => {
    let loaders: string[] = [];
    await forEachRow(db, targetsQuery(db, auditId, kind, where), async (row) => {
      const k = Number(row.k);
      const n = Number(row.n);
      if (k === 1) loaders = [];
      loaders.push(row.source_url);
      if (k < Math.min(n, NAMED)) return;
      const target = targetOf(row);
      const said = verdict(target);
      const url = 'external' in target ? target.external : target.internal.url;
      if (said !== null) await emit({ url, detail: `${said}; ${pagesWord(loaders, n)}` });
    });
  };
}

/** The resource checks that run from the store, by issue type. */
export const STORE_RESOURCE_CHECKS = {
  'js-broken': resourceCheck(EDGE_KIND.script, MAY_BE.broken, RESOURCE_VERDICTS.broken),
  'css-broken': resourceCheck(EDGE_KIND.stylesheet, MAY_BE.broken, RESOURCE_VERDICTS.broken),
  'js-redirected': resourceCheck(EDGE_KIND.script, MAY_BE.redirected, RESOURCE_VERDICTS.redirected),
  'css-redirected': resourceCheck(EDGE_KIND.stylesheet, MAY_BE.redirected, RESOURCE_VERDICTS.redirected),
  'js-too-large': resourceCheck(EDGE_KIND.script, MAY_BE.tooLarge(LARGE_SCRIPT_BYTES), (target) =>
    RESOURCE_VERDICTS.tooLarge(target, LARGE_SCRIPT_BYTES),
  ),
  'css-too-large': resourceCheck(EDGE_KIND.stylesheet, MAY_BE.tooLarge(LARGE_STYLESHEET_BYTES), (target) =>
    RESOURCE_VERDICTS.tooLarge(target, LARGE_STYLESHEET_BYTES),
  ),
  'img-redirected': resourceCheck(EDGE_KIND.image, MAY_BE.redirected, RESOURCE_VERDICTS.redirected, shownOn),
};
