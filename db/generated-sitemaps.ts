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
  files: string[];
  report: unknown;
}

export interface NewSitemap {
  id: string;
  url: string;
  pages: number;
  sitemapPath: string;
  files: string[];
  createdAt: string;
  report: unknown;
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

export function insertSitemap(db: Db, sitemap: NewSitemap): SitemapRecord {
  db.prepare(
    'INSERT INTO sitemaps (id, url, pages, sitemap_path, files, created_at, report) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    sitemap.id,
    sitemap.url,
    sitemap.pages,
    sitemap.sitemapPath,
    JSON.stringify(sitemap.files),
    sitemap.createdAt,
    JSON.stringify(sitemap.report),
  );
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
export function addSitemapVisitor(db: Db, sitemapId: string, visitor: string): void {
  db.prepare(
    'INSERT INTO sitemap_visitors (visitor, sitemap_id) SELECT ?, id FROM sitemaps WHERE id = ? ON CONFLICT DO NOTHING',
  ).run(visitor, sitemapId);
}

/** One visitor's sitemaps, newest first; `limit` is clamped to 1..MAX_LISTED_SITEMAPS. */
export function listSitemaps(db: Db, visitor: string, limit = MAX_LISTED_SITEMAPS): SitemapRecord[] {
  const bounded = Math.min(Math.max(Math.trunc(limit) || 1, 1), MAX_LISTED_SITEMAPS);
  const rows = db
    .prepare(
      `SELECT s.id, s.url, s.pages, s.sitemap_path, s.created_at FROM sitemaps s
       JOIN sitemap_visitors v ON v.sitemap_id = s.id
       WHERE v.visitor = ? ORDER BY s.created_at DESC, s.rowid DESC LIMIT ?`,
    )
    .all(visitor, bounded) as Row[];
  return rows.map(toRecord);
}

export function getSitemap(db: Db, id: string): StoredSitemap | undefined {
  const row = db.prepare('SELECT * FROM sitemaps WHERE id = ?').get(id) as Row | undefined;
  if (!row) return undefined;
  return { ...toRecord(row), files: JSON.parse(row.files) as string[], report: JSON.parse(row.report) as unknown };
}

/**
 * Deletes all but the newest `keep` records (their visitor rows go with them) and returns the file
 * names they owned, so the caller can remove them from disk: the data directory stays bounded.
 */
export function pruneSitemaps(db: Db, keep: number): string[] {
  return db.transaction(() => {
    const old = db
      .prepare('SELECT id, files FROM sitemaps ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?')
      .all(Math.max(0, keep)) as Pick<Row, 'id' | 'files'>[];
    const remove = db.prepare('DELETE FROM sitemaps WHERE id = ?');
    for (const row of old) remove.run(row.id);
    return old.flatMap((row) => JSON.parse(row.files) as string[]);
  })();
}
