-- Issue 14: a generated sitemap belongs to the browsers that asked for it (the first-party
-- `visitor` cookie, stored as its SHA-256). One row per sitemap and visitor: two visitors who ask
-- for the same site at the same time share one crawl, and each sees it in their own list.
-- Sitemaps made before this table existed belong to nobody and are no longer listed.
CREATE TABLE IF NOT EXISTS sitemap_visitors (
  visitor TEXT NOT NULL,
  sitemap_id TEXT NOT NULL REFERENCES sitemaps (id) ON DELETE CASCADE,
  PRIMARY KEY (visitor, sitemap_id)
);
CREATE INDEX IF NOT EXISTS sitemap_visitors_sitemap ON sitemap_visitors (sitemap_id);
