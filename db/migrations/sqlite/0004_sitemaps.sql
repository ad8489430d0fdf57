-- Issue 7: generated sitemaps. One row per crawl; the XML files live under DATA_DIR/sitemaps.
CREATE TABLE IF NOT EXISTS sitemaps (
  id TEXT PRIMARY KEY,
  url TEXT NOT NULL,
  pages INTEGER NOT NULL CHECK (pages >= 0),
  sitemap_path TEXT NOT NULL,
  -- JSON array of every file name written (the main file first, then any numbered parts).
  files TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- JSON crawl report: skipped URLs with reasons, counts, how the crawl stopped.
  report TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS sitemaps_created_at ON sitemaps (created_at DESC);
