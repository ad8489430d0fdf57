import { sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';

/*
 * A finished site audit's results (the site_audit_pages and site_audit_issues rows): what they hold
 * and how the report reads them. db/site-audits.ts keeps the audits themselves and writes these rows.
 */

/** One link behind a link issue: on which page, to where, with what text, in which part of the page. */
export interface StoredLink {
  source: string;
  target: string;
  anchor: string;
  position: string;
}

export interface StoredIssue {
  type: string;
  url: string;
  severity: string;
  detail: string;
  /** Link issues: the links involved (capped by the rule); absent for other issues. */
  links?: StoredLink[];
}

/** Links as stored: [source, target, anchor, position] rows, source '' when it is the issue's URL. */
export function packLinks(url: string, links: readonly StoredLink[] | undefined): string | null {
  if (!links?.length) return null;
  return JSON.stringify(
    links.map((link) => [link.source === url ? '' : link.source, link.target, link.anchor, link.position]),
  );
}

export function unpackLinks(url: string, text: string | null): StoredLink[] | undefined {
  if (text === null) return undefined;
  return (JSON.parse(text) as Array<[string, string, string, string]>).map(([source, target, anchor, position]) => ({
    source: source || url,
    target,
    anchor,
    position,
  }));
}

/** A URL of the pages list, or a script or stylesheet the pages load (the resources list). */
export type StoredPageKind = 'page' | 'resource';

export interface StoredPage {
  url: string;
  facts: Record<string, unknown>;
  issues: string[];
  /** Default 'page'. */
  kind?: StoredPageKind;
}

/** (type, url) pairs present in audit `a` and not in audit `b`. */
export async function issuesOnlyIn(
  db: Db,
  a: string,
  b: string,
  limit: number,
): Promise<{ items: Array<{ type: string; url: string }>; total: number }> {
  const pairs = (audit: string) =>
    db.selectFrom('site_audit_issues').select(['type', 'url']).where('audit_id', '=', audit);
  const only = pairs(a).except(pairs(b));
  const counted = await db
    .selectFrom(only.as('only'))
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const items = await only.orderBy('type').orderBy('url').limit(limit).execute();
  return { items, total: Number(counted.n) };
}

/** An audit's issues, in (type, URL) order; only those of `types` when given (an empty list reads none). */
export async function auditIssues(db: Db, id: string, types?: readonly string[]): Promise<StoredIssue[]> {
  if (types?.length === 0) return [];
  const rows = await db
    .selectFrom('site_audit_issues')
    .select(['type', 'url', 'severity', 'detail', 'links'])
    .where('audit_id', '=', id)
    .$if(types !== undefined, (query) => query.where('type', 'in', [...types!]))
    .orderBy('type')
    .orderBy('url')
    .execute();
  return rows.map(({ links, ...issue }) => {
    const unpacked = unpackLinks(issue.url, links);
    return unpacked ? { ...issue, links: unpacked } : issue;
  });
}

/** The links behind the link issues of these URLs (pages of the report's list), by URL then issue type. */
export async function issueLinksOf(
  db: Db,
  id: string,
  urls: readonly string[],
): Promise<Map<string, Array<{ type: string; links: StoredLink[] }>>> {
  const byUrl = new Map<string, Array<{ type: string; links: StoredLink[] }>>();
  if (urls.length === 0) return byUrl;
  const rows = await db
    .selectFrom('site_audit_issues')
    .select(['type', 'url', 'links'])
    .where('audit_id', '=', id)
    .where('url', 'in', [...urls])
    .where('links', 'is not', null)
    .orderBy('type')
    .execute();
  for (const row of rows) {
    const entry = { type: row.type, links: unpackLinks(row.url, row.links) ?? [] };
    const list = byUrl.get(row.url);
    if (list) list.push(entry);
    else byUrl.set(row.url, [entry]);
  }
  return byUrl;
}

/** The stored detail of each of these issues of audit `id`, by "type url" (the diff reads what a finding compared). */
export async function issueDetailsOf(
  db: Db,
  id: string,
  items: ReadonlyArray<{ type: string; url: string }>,
): Promise<Map<string, string>> {
  const details = new Map<string, string>();
  if (items.length === 0) return details;
  const wanted = new Set(items.map((item) => `${item.type} ${item.url}`));
  const rows = await db
    .selectFrom('site_audit_issues')
    .select(['type', 'url', 'detail'])
    .where('audit_id', '=', id)
    .where('type', 'in', [...new Set(items.map((item) => item.type))])
    .where('url', 'in', [...new Set(items.map((item) => item.url))])
    .execute();
  for (const row of rows) if (wanted.has(`${row.type} ${row.url}`)) details.set(`${row.type} ${row.url}`, row.detail);
  return details;
}

/** `text` as a LIKE pattern matching itself anywhere, with `!` escaping the wildcards (ESCAPE '!'). */
function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (char) => `!${char}`)}%`;
}

/** The row's URL contains `text`, both sides lowered: the same case-insensitive match on SQLite and PostgreSQL. */
export const urlContains = (text: string) => sql<boolean>`lower(url) LIKE lower(${containsPattern(text)}) ESCAPE '!'`;

/** The lab vitals a pages list can be sorted by, worst first (the facts' keys: report.ts, render/vitals.ts). */
export const PAGE_SORTS = { lcp: 'lcpMs', cls: 'cls', tbt: 'tbtMs' } as const;
export type PageSort = keyof typeof PAGE_SORTS;

/** A number in the page's JSON facts, or NULL: the same value on SQLite and PostgreSQL. */
export function factNumber(db: Db, key: (typeof PAGE_SORTS)[PageSort]) {
  return dialectOf(db) === 'postgres'
    ? sql<number | null>`(facts::jsonb ->> ${sql.lit(key)})::float8`
    : sql<number | null>`json_extract(facts, ${sql.lit(`$.${key}`)})`;
}

export async function auditPages(
  db: Db,
  id: string,
  options: {
    offset: number;
    limit: number;
    issue?: string;
    search?: string;
    kind?: StoredPageKind;
    /** Worst first by a lab vital; pages without it last; in crawl order otherwise. */
    sort?: PageSort;
  },
): Promise<{ total: number; pages: StoredPage[] }> {
  let query = db
    .selectFrom('site_audit_pages')
    .where('audit_id', '=', id)
    .where('kind', '=', options.kind ?? 'page');
  // `issues` is a JSON array of type ids (no quotes inside): a type is in it when "type" is.
  if (options.issue)
    query = query.where(sql<boolean>`issues LIKE ${containsPattern(JSON.stringify(options.issue))} ESCAPE '!'`);
  if (options.search) query = query.where(urlContains(options.search));
  const counted = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  let ordered = query.select(['url', 'facts', 'issues']);
  if (options.sort) {
    const value = factNumber(db, PAGE_SORTS[options.sort]);
    // Pages without the value (not rendered) after the others, on both databases (their NULLs sort apart).
    ordered = ordered.orderBy(sql`CASE WHEN ${value} IS NULL THEN 1 ELSE 0 END`).orderBy(value, 'desc');
  }
  const rows = await ordered.orderBy('n').limit(options.limit).offset(options.offset).execute();
  return {
    total: Number(counted.n),
    pages: rows.map((row) => ({
      url: row.url,
      facts: JSON.parse(row.facts) as Record<string, unknown>,
      issues: JSON.parse(row.issues) as string[],
    })),
  };
}
