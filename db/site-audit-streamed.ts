import { sql } from 'kysely';
import { dialectOf, type Db } from './index.ts';
import { insertRows, type RowInsert } from './row-insert.ts';
import { boundTempCache } from './sqlite-temp.ts';
import { EDGE_KIND } from './site-audit-edges.ts';
import { pageRow, SAVE_BATCH_ROWS } from './site-audits.ts';
import type { StoredPage } from './site-audit-results.ts';

/*
 * A site audit's report rows written while its analysis streams over the crawl store (decision 0065):
 * pages a stored batch at a time (the findings go through site-audit-issue-stage.ts), and the summary's
 * counts read back from the issues table. Each write is idempotent: a try again inserts
 * nothing twice, and of two findings of one (type, URL) the first written stays, as the in-memory
 * evaluation keeps the first.
 */

/** URLs per `IN (…)` list: far below either database's limit on parameters with the types beside them. */
const IN_LIST = 500;

/** Inserts listed URLs' rows numbered from `from` on, SAVE_BATCH_ROWS a statement, leaving a number already stored as it is. */
export async function insertPageRows(
  db: Db,
  auditId: string,
  from: number,
  pages: readonly StoredPage[],
): Promise<void> {
  await insertRows(
    db,
    PAGE_INSERT,
    pages.map((page, index) => pageRow(auditId, from + index, page)),
    [auditId],
  );
}

const PAGE_INSERT: RowInsert<ReturnType<typeof pageRow>> = {
  table: 'site_audit_pages',
  columns: ['audit_id', 'n', 'url', 'facts', 'issues', 'kind'],
  values: (row) => [row.n, row.url, row.facts, row.issues, row.kind],
  tail: 'ON CONFLICT DO NOTHING',
  perStatement: SAVE_BATCH_ROWS,
};

/** The issue types the audit's findings have, each once (any order). */
export async function storedIssueTypes(db: Db, auditId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('site_audit_issues')
    .select('type')
    .distinct()
    .where('audit_id', '=', auditId)
    .execute();
  return rows.map((row) => row.type);
}

/**
 * The issue types found on each of these URLs (any order): the PK `(audit_id, type, url)` is probed with
 * each of `types` (those the audit has, storedIssueTypes), so no scan of the audit's issues per batch.
 */
export async function issueTypesOf(
  db: Db,
  auditId: string,
  types: readonly string[],
  urls: readonly string[],
): Promise<Array<{ type: string; url: string }>> {
  const found: Array<{ type: string; url: string }> = [];
  const distinct = [...new Set(urls)];
  for (let from = 0; from < distinct.length; from += IN_LIST) {
    const rows = await db
      .selectFrom('site_audit_issues')
      .select(['type', 'url'])
      .where('audit_id', '=', auditId)
      .where('type', 'in', [...types])
      .where('url', 'in', distinct.slice(from, from + IN_LIST))
      .execute();
    found.push(...rows);
  }
  return found;
}

/** A URL of the pages list: its id in the audit and its text. */
export interface ListedUrl {
  id: number;
  url: string;
}

/** The issue types of the pages list's URLs, asked a batch at a time in id order. */
export interface IssueTypesReader {
  /** The types found on each of `urls` (any order), by URL; `urls` by id, each call's after the last's. */
  typesOf(urls: readonly ListedUrl[]): Promise<Map<string, string[]>>;
  /** Drops what the reader made (SQLite's TEMP tables). Safe to call twice. */
  close(): Promise<void>;
}

let readers = 0;

function addType(byUrl: Map<string, string[]>, url: string, type: string): void {
  const list = byUrl.get(url);
  if (list) list.push(type);
  else byUrl.set(url, [type]);
}

/**
 * Reads the audit's findings by URL id for the pages list (decision 0075). Probing the issues' key (type, URL)
 * for every type and every URL reads it at random, a page of it a probe: at a million URLs with ten types, 64.8 s
 * against 16.6 s for this (`npm run bench -- page-issue-types`). So on SQLite the findings are joined with the URLs
 * once, in TEMP tables of this connection (no lock of the file; their pages past the TEMP cache in SQLite's
 * temporary directory): the URLs sorted by their text, which the findings of each type then follow in order,
 * and the (id, type) pairs sorted by id, which the pages list then reads a range at a time. On PostgreSQL each
 * batch probes the key with the types the audit has (`issueTypesOf`).
 */
export async function openIssueTypes(db: Db, auditId: string): Promise<IssueTypesReader> {
  if (dialectOf(db) !== 'sqlite') {
    const types = await storedIssueTypes(db, auditId);
    return {
      async typesOf(urls) {
        const byUrl = new Map<string, string[]>();
        if (types.length === 0) return byUrl;
        const found = await issueTypesOf(
          db,
          auditId,
          types,
          urls.map((listed) => listed.url),
        );
        for (const { type, url } of found) addType(byUrl, url, type);
        return byUrl;
      },
      close: async () => {},
    };
  }
  readers += 1;
  const [byText, byId] = [`site_audit_url_text_${readers}`, `site_audit_types_by_id_${readers}`];
  await boundTempCache(db);
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    for (const name of [byText, byId]) await sql`DROP TABLE IF EXISTS ${sql.table(`temp.${name}`)}`.execute(db);
  };
  try {
    await sql`CREATE TEMP TABLE ${sql.table(byText)} (url TEXT PRIMARY KEY, id INTEGER NOT NULL) WITHOUT ROWID`.execute(
      db,
    );
    await sql`INSERT INTO ${sql.table(`temp.${byText}`)} (url, id)
      SELECT url, id FROM site_audit_urls WHERE audit_id = ${auditId} ORDER BY url`.execute(db);
    await sql`CREATE TEMP TABLE ${sql.table(byId)} (id INTEGER NOT NULL, type TEXT NOT NULL,
      PRIMARY KEY (id, type)) WITHOUT ROWID`.execute(db);
    await sql`INSERT INTO ${sql.table(`temp.${byId}`)} (id, type)
      SELECT u.id, i.type FROM site_audit_issues i JOIN ${sql.table(`temp.${byText}`)} u ON u.url = i.url
      WHERE i.audit_id = ${auditId} ORDER BY u.id, i.type`.execute(db);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    async typesOf(urls) {
      const byUrl = new Map<string, string[]>();
      if (urls.length === 0) return byUrl;
      const urlOf = new Map(urls.map((listed) => [listed.id, listed.url]));
      const { rows } = await sql<{ id: number; type: string }>`SELECT id, type FROM ${sql.table(`temp.${byId}`)}
        WHERE id >= ${urls[0]!.id} AND id <= ${urls[urls.length - 1]!.id} ORDER BY id, type`.execute(db);
      for (const { id, type } of rows) {
        const url = urlOf.get(id);
        if (url !== undefined) addType(byUrl, url, type);
      }
      return byUrl;
    },
    close,
  };
}

/** How many pages load each of these URLs as a script or a stylesheet (each kind counted), by id. */
export async function loaderCounts(db: Db, auditId: string, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (let from = 0; from < ids.length; from += IN_LIST) {
    const rows = await db
      .selectFrom('site_audit_edges')
      .select(['target', (eb) => eb.fn.countAll().as('n')])
      .where('audit_id', '=', auditId)
      .where('kind', 'in', [EDGE_KIND.script, EDGE_KIND.stylesheet])
      .where('target', 'in', ids.slice(from, from + IN_LIST))
      .groupBy('target')
      .execute();
    for (const row of rows) counts.set(row.target, Number(row.n));
  }
  return counts;
}

/** What the summary counts: issues by severity, and the URLs crawled, with errors, with warnings only. */
export interface IssueTally {
  errors: number;
  warnings: number;
  notices: number;
  /** URLs answered or failed (`status > 0` or an error), and of them the scripts and stylesheets. */
  crawled: number;
  resources: number;
  /** Distinct URLs with an error; with a warning and no error; with either and not crawled. */
  errorUrls: number;
  warnedOnlyUrls: number;
  uncrawledUrls: number;
}

/** The summary's counts from the issues table and the crawl store's URLs (read before the store is dropped). */
export async function tallyIssues(db: Db, auditId: string, resourceBits: number): Promise<IssueTally> {
  const issues = db.selectFrom('site_audit_issues').where('audit_id', '=', auditId);
  const bySeverity = await issues
    .select(['severity', (eb) => eb.fn.countAll().as('n')])
    .groupBy('severity')
    .execute();
  const count = (severity: string) => Number(bySeverity.find((row) => row.severity === severity)?.n ?? 0);
  const total = bySeverity.reduce((sum, row) => sum + Number(row.n), 0);
  const distinctUrls = async (query: typeof issues) =>
    Number((await query.select((eb) => eb.fn.count('url').distinct().as('n')).executeTakeFirstOrThrow()).n);
  const errorUrls = issues.select('url').where('severity', '=', 'error');
  const crawledUrls = db
    .selectFrom('site_audit_urls')
    .where('audit_id', '=', auditId)
    .where((eb) => eb.or([eb('status', '>', 0), eb('error', 'is not', null)]));
  const crawled = await crawledUrls
    .select([
      (eb) => eb.fn.countAll().as('n'),
      sql<number>`sum(case when start = 0 and (loaded_as & ${resourceBits}) <> 0 then 1 else 0 end)`.as('resources'),
    ])
    .executeTakeFirstOrThrow();
  return {
    errors: count('error'),
    warnings: count('warning'),
    // As `summarize` counts: whatever is neither an error nor a warning is a notice.
    notices: total - count('error') - count('warning'),
    crawled: Number(crawled.n),
    resources: Number(crawled.resources ?? 0),
    errorUrls: await distinctUrls(issues.where('severity', '=', 'error')),
    warnedOnlyUrls: await distinctUrls(issues.where('severity', '=', 'warning').where('url', 'not in', errorUrls)),
    uncrawledUrls: await distinctUrls(
      issues.where('severity', 'in', ['error', 'warning']).where('url', 'not in', crawledUrls.select('url')),
    ),
  };
}
