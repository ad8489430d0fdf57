import { sql } from 'kysely';
import type { Db } from '#db/index.ts';
import { EDGE_KIND } from '#db/site-audit-edges.ts';
import { CANONICAL_SOURCES_NAMED, canonicalTargetDetail } from '../rules/page-meta.ts';
import { codePointOrder, forEachRow, type EmitFinding } from './stream.ts';

/*
 * Site rules on what links, redirects and canonicals say, over the crawl store after `storeInlinks`
 * (decision 0066): `nofollow-inlinks-only` and `redirect-no-inlinks` (rules/indexing-content.ts) and
 * `canonical-target-no-links` (rules/page-meta.ts), each one statement read a row at a time, by id.
 */

/** Not the target of another URL's redirect (the rules' `redirected`/`seen`: a redirect to itself does not count). */
const notRedirectedTo = (auditId: string) => sql<boolean>`u.id NOT IN (SELECT r.redirect_to FROM site_audit_urls r
  WHERE r.audit_id = ${auditId} AND r.redirect_to >= 0 AND r.redirect_to <> r.id)`;

const hasRecord = sql<boolean>`EXISTS (SELECT 1 FROM site_audit_records p WHERE p.audit_id = u.audit_id AND p.id = u.id)`;

/**
 * `nofollow-inlinks-only`: pages (not the start, no redirect's target) every crawled page linking to
 * which gives the link nofollow: their nofollow link edges are all their link edges (`inlinks`).
 */
export async function storeNofollowInlinksOnly(db: Db, auditId: string, emit: EmitFinding): Promise<void> {
  // A redirect to itself does count for this rule (`redirected` takes every redirect target).
  const query = db
    .selectFrom('site_audit_edges as e')
    .innerJoin('site_audit_urls as u', (join) =>
      join.onRef('u.audit_id', '=', 'e.audit_id').onRef('u.id', '=', 'e.target'),
    )
    .select(['u.url', sql<number>`count(*)`.as('n')])
    .where('e.audit_id', '=', auditId)
    .where('e.kind', '=', EDGE_KIND.nofollowLink)
    .where('u.start', '=', 0)
    .where(hasRecord)
    .where(
      sql<boolean>`u.id NOT IN (SELECT r.redirect_to FROM site_audit_urls r
      WHERE r.audit_id = ${auditId} AND r.redirect_to >= 0)`,
    )
    .groupBy(['u.id', 'u.url', 'u.inlinks'])
    .having(sql`count(*)`, '=', sql.ref('u.inlinks'))
    .orderBy('u.id');
  await forEachRow(db, query, (row) => {
    const n = Number(row.n);
    return emit({ url: row.url, detail: `linked from ${n} page${n === 1 ? '' : 's'}, always with nofollow` });
  });
}

/** Edges that reference a URL other than an <a> link: images, hreflang, scripts, stylesheets, pagination. */
const REFERENCE_KINDS = [
  EDGE_KIND.image,
  EDGE_KIND.hreflang,
  EDGE_KIND.script,
  EDGE_KIND.stylesheet,
  EDGE_KIND.pagination,
];

/**
 * `redirect-no-inlinks`: redirecting URLs, not the start, that no crawled page links to and nothing
 * else references (another URL's redirect, a canonical, hreflang, an image, a script or stylesheet, pagination).
 */
export async function storeRedirectNoInlinks(db: Db, auditId: string, emit: EmitFinding): Promise<void> {
  const query = db
    .selectFrom('site_audit_urls as u')
    .select(['u.url', 'u.in_sitemap'])
    .where('u.audit_id', '=', auditId)
    .where('u.status', '>=', 300)
    .where('u.status', '<', 400)
    .where('u.start', '=', 0)
    .where('u.inlinks', '=', 0)
    .where(notRedirectedTo(auditId))
    .where(
      sql<boolean>`u.id NOT IN (SELECT c.canonical_id FROM site_audit_records c
      WHERE c.audit_id = ${auditId} AND c.canonical_id IS NOT NULL)`,
    )
    .where(
      sql<boolean>`NOT EXISTS (SELECT 1 FROM site_audit_edges x
      WHERE x.audit_id = u.audit_id AND x.kind IN (${sql.join(REFERENCE_KINDS)}) AND x.target = u.id)`,
    )
    .orderBy('u.id');
  await forEachRow(db, query, (row) =>
    emit({
      url: row.url,
      detail: row.in_sitemap ? 'listed in the sitemap; no page links to it' : 'no page links to it',
    }),
  );
}

/**
 * `canonical-target-no-links`: pages named canonical by another page that no crawled page links to,
 * with the first naming pages by URL (byte order, as JavaScript sorts these ASCII URLs) and their count.
 */
export async function storeCanonicalTargetNoLinks(db: Db, auditId: string, emit: EmitFinding): Promise<void> {
  const named = db
    .selectFrom('site_audit_records as r')
    .innerJoin('site_audit_urls as s', (join) => join.onRef('s.audit_id', '=', 'r.audit_id').onRef('s.id', '=', 'r.id'))
    .innerJoin('site_audit_urls as u', (join) =>
      join.onRef('u.audit_id', '=', 'r.audit_id').onRef('u.id', '=', 'r.canonical_id'),
    )
    .select([
      'u.id',
      'u.url',
      's.url as source',
      sql<number>`count(*) OVER (PARTITION BY u.id)`.as('n'),
      sql<number>`row_number() OVER (PARTITION BY u.id ORDER BY ${codePointOrder(db, sql.ref('s.url'))})`.as('k'),
    ])
    .where('r.audit_id', '=', auditId)
    .where('r.canonical_id', 'is not', null)
    .where('u.inlinks', '=', 0)
    .where(hasRecord);
  const query = db
    .selectFrom(named.as('g'))
    .select(['url', 'source', 'n', 'k'])
    .where('k', '<=', CANONICAL_SOURCES_NAMED)
    .orderBy('id')
    .orderBy('k');
  let first: string[] = [];
  await forEachRow(db, query, async (row) => {
    if (Number(row.k) === 1) first = [];
    first.push(row.source);
    if (first.length === Math.min(Number(row.n), CANONICAL_SOURCES_NAMED))
      await emit({ url: row.url, detail: canonicalTargetDetail(first, Number(row.n)) });
  });
}
