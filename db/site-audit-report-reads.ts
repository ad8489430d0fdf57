import { sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';
import { factNumber, unpackLinks, urlContains, type StoredIssue, type StoredLink } from './site-audit-results.ts';

/*
 * The report's reads that stay bounded whatever the audit's size (issue 34, decision 0059 "The report
 * at a million pages"): counts by SQL, URLs a page at a time, the CSV's rows in keyset batches.
 */

export interface IssueCount {
  type: string;
  severity: string;
  /** URLs with the issue. */
  count: number;
  /** Of those, the issues that carry links (link issues). */
  linked: number;
}

/**
 * An audit's issues counted per type, one pass over its rows (or over one type's, on the primary
 * key); with `search`, only the URLs containing it.
 */
export async function issueCounts(
  db: Db,
  id: string,
  only: { search?: string; type?: string } = {},
): Promise<IssueCount[]> {
  let query = db.selectFrom('site_audit_issues').where('audit_id', '=', id);
  if (only.type) query = query.where('type', '=', only.type);
  if (only.search) query = query.where(urlContains(only.search));
  const rows = await query
    .select((eb) => ['type', 'severity', eb.fn.countAll().as('n'), eb.fn.count('links').as('linked')])
    .groupBy(['type', 'severity'])
    .orderBy('type')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    severity: row.severity,
    count: Number(row.n),
    linked: Number(row.linked),
  }));
}

/** One page of a type's URLs in URL order (the primary key's), with each one's detail. */
export async function issueUrls(
  db: Db,
  id: string,
  type: string,
  range: { offset: number; limit: number },
): Promise<Array<{ url: string; detail: string }>> {
  return db
    .selectFrom('site_audit_issues')
    .select(['url', 'detail'])
    .where('audit_id', '=', id)
    .where('type', '=', type)
    .orderBy('url')
    .limit(range.limit)
    .offset(range.offset)
    .execute();
}

/** The first `limit` issues of a type that carry links, in URL order, with their links. */
export async function issueLinkRows(db: Db, id: string, type: string, limit: number): Promise<StoredLink[][]> {
  const rows = await db
    .selectFrom('site_audit_issues')
    .select(['url', 'links'])
    .where('audit_id', '=', id)
    .where('type', '=', type)
    .where('links', 'is not', null)
    .orderBy('url')
    .limit(limit)
    .execute();
  return rows.map((row) => unpackLinks(row.url, row.links) ?? []);
}

/**
 * Every issue of an audit in (type, URL) order, `size` rows a read: each read starts after the last
 * row of the one before (keyset, on the primary key), so a read costs the same at the millionth row
 * as at the first and only one batch is held at a time. The consumer stops the reads by returning.
 */
export async function* issueBatches(db: Db, id: string, size: number): AsyncGenerator<StoredIssue[]> {
  let after: { type: string; url: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom('site_audit_issues')
      .select(['type', 'url', 'severity', 'detail', 'links'])
      .where('audit_id', '=', id);
    if (after) query = query.where(sql<boolean>`(type, url) > (${after.type}, ${after.url})`);
    const rows = await query.orderBy('type').orderBy('url').limit(size).execute();
    if (rows.length === 0) return;
    yield rows.map(({ links, ...issue }) => {
      const unpacked = unpackLinks(issue.url, links);
      return unpacked ? { ...issue, links: unpacked } : issue;
    });
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    after = { type: last.type, url: last.url };
  }
}

export interface PageVitals {
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
}

/**
 * site_audit_pages read by URL: SQLite without statistics (no ANALYZE is run) guesses the primary key,
 * every row of the audit, so it is told the URL index (decision 0059, "The report at a million pages").
 */
const pagesByUrl = (db: Db) =>
  dialectOf(db) === 'sqlite' ? sql`site_audit_pages INDEXED BY site_audit_pages_url` : sql`site_audit_pages`;

/** URLs looked up in one query (an IN list), so a long list is read in bounded steps. */
const URLS_PER_LOOKUP = 500;

/** The stored facts (status, noindex, …) of these pages, by URL; URLs the audit has no page for are absent. */
export async function pageFacts(
  db: Db,
  id: string,
  urls: readonly string[],
): Promise<Map<string, Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  const distinct = [...new Set(urls)];
  for (let at = 0; at < distinct.length; at += URLS_PER_LOOKUP) {
    const { rows } = await sql<{ url: string; facts: string }>`SELECT url, facts FROM ${pagesByUrl(db)}
      WHERE audit_id = ${id} AND kind = 'page' AND url IN (${sql.join(distinct.slice(at, at + URLS_PER_LOOKUP))})`.execute(
      db,
    );
    for (const row of rows) found.set(row.url, JSON.parse(row.facts) as Record<string, unknown>);
  }
  return found;
}

/** The lab vitals of these pages (rendered audits), by URL; pages not rendered have none. */
export async function pageVitals(db: Db, id: string, urls: readonly string[]): Promise<Map<string, PageVitals>> {
  const found = new Map<string, PageVitals>();
  if (urls.length === 0) return found;
  const { rows } = await sql<{ url: string } & PageVitals>`SELECT url, ${factNumber(db, 'lcpMs')} AS "lcpMs",
    ${factNumber(db, 'cls')} AS "cls", ${factNumber(db, 'tbtMs')} AS "tbtMs" FROM ${pagesByUrl(db)}
    WHERE audit_id = ${id} AND kind = 'page' AND url IN (${sql.join([...new Set(urls)])})`.execute(db);
  for (const { url, ...vitals } of rows) found.set(url, vitals);
  return found;
}
