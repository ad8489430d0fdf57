import type { Db } from './index.ts';

/** What the API hands out for each generated sitemap (spec 3, plus when and a summary). */
export interface SitemapRecord {
  _id: string;
  url: string;
  pages: number;
  sitemapPath: string;
  createdAt: string;
}

export interface StoredSitemap extends SitemapRecord {
  /** The names of its files, main file first. */
  files: string[];
  report: unknown;
}

export interface NewSitemap {
  id: string;
  url: string;
  pages: number;
  sitemapPath: string;
  /** Every file of the sitemap with its XML, main file first. */
  files: Array<{ name: string; content: string }>;
  createdAt: string;
  report: unknown;
  /** Visitors whose list it goes in from the start (the one whose request started the crawl). */
  visitors?: string[];
}

/** A stored file as the download serves it. */
export interface SitemapFileContent {
  content: string;
  /** When its sitemap was made (the file's Last-Modified). */
  createdAt: string;
}

/** The list endpoint never returns more than this many records. */
export const MAX_LISTED_SITEMAPS = 50;

interface Row {
  id: string;
  url: string;
  pages: number;
  sitemap_path: string;
  files: string;
  created_at: string;
  report: string;
}

function toRecord(row: Pick<Row, 'id' | 'url' | 'pages' | 'sitemap_path' | 'created_at'>): SitemapRecord {
  return { _id: row.id, url: row.url, pages: row.pages, sitemapPath: row.sitemap_path, createdAt: row.created_at };
}

/**
 * Stores a sitemap, its files and its first visitors in one transaction: no reader ever finds the
 * record without its files. One statement per file, as a file may hold up to 50 MB of XML.
 */
export async function insertSitemap(db: Db, sitemap: NewSitemap): Promise<SitemapRecord> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sitemaps')
      .values({
        id: sitemap.id,
        url: sitemap.url,
        pages: sitemap.pages,
        sitemap_path: sitemap.sitemapPath,
        files: JSON.stringify(sitemap.files.map((file) => file.name)),
        created_at: sitemap.createdAt,
        report: JSON.stringify(sitemap.report),
      })
      .execute();
    for (const file of sitemap.files)
      await trx
        .insertInto('sitemap_files')
        .values({ sitemap_id: sitemap.id, name: file.name, content: file.content })
        .execute();
    const visitors = [...new Set(sitemap.visitors ?? [])];
    if (visitors.length > 0)
      await trx
        .insertInto('sitemap_visitors')
        .values(visitors.map((visitor) => ({ visitor, sitemap_id: sitemap.id })))
        .execute();
  });
  return {
    _id: sitemap.id,
    url: sitemap.url,
    pages: sitemap.pages,
    sitemapPath: sitemap.sitemapPath,
    createdAt: sitemap.createdAt,
  };
}

/**
 * Ties a sitemap to a visitor (the hash of their cookie). Every visitor handed the sitemap gets a
 * row, also one who joined another's crawl of the same site; a sitemap pruned meanwhile is skipped.
 */
export async function addSitemapVisitor(db: Db, sitemapId: string, visitor: string): Promise<void> {
  await db
    .insertInto('sitemap_visitors')
    .columns(['visitor', 'sitemap_id'])
    .expression((eb) =>
      eb
        .selectFrom('sitemaps')
        .select([eb.cast<string>(eb.val(visitor), 'text').as('visitor'), 'id'])
        .where('id', '=', sitemapId),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** One visitor's sitemaps, newest first; `limit` is clamped to 1..MAX_LISTED_SITEMAPS. */
export async function listSitemaps(db: Db, visitor: string, limit = MAX_LISTED_SITEMAPS): Promise<SitemapRecord[]> {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_LISTED_SITEMAPS);
  const rows = await db
    .selectFrom('sitemaps as s')
    .innerJoin('sitemap_visitors as v', 'v.sitemap_id', 's.id')
    .select(['s.id', 's.url', 's.pages', 's.sitemap_path', 's.created_at'])
    .where('v.visitor', '=', visitor)
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(bounded)
    .execute();
  return rows.map(toRecord);
}

export async function getSitemap(db: Db, id: string): Promise<StoredSitemap | undefined> {
  const row = await db.selectFrom('sitemaps').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  return { ...toRecord(row), files: JSON.parse(row.files) as string[], report: JSON.parse(row.report) as unknown };
}

/** A generated file by its name (names are unique), or undefined when no stored sitemap has it. */
export async function getSitemapFile(db: Db, name: string): Promise<SitemapFileContent | undefined> {
  const row = await db
    .selectFrom('sitemap_files as f')
    .innerJoin('sitemaps as s', 's.id', 'f.sitemap_id')
    .select(['f.content', 's.created_at'])
    .where('f.name', '=', name)
    .executeTakeFirst();
  return row && { content: row.content, createdAt: row.created_at };
}

/**
 * Deletes all but the newest `keep` sitemaps; their files and visitor rows go with them (ON DELETE
 * CASCADE), so the database stays bounded. Returns how many sitemaps were deleted.
 */
export async function pruneSitemaps(db: Db, keep: number): Promise<number> {
  const newest = db
    .selectFrom('sitemaps')
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(Math.max(0, Math.trunc(keep)));
  const result = await db.deleteFrom('sitemaps').where('id', 'not in', newest).executeTakeFirst();
  return Number(result.numDeletedRows);
}
