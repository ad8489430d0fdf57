-- Generated sitemaps keep their XML in the database, not under DATA_DIR/sitemaps: every process
-- (several web processes on several machines, on PostgreSQL) can then serve every file. A file is
-- found by its name alone (the download URL is /api/sitemaps/files/<name>, 128 random bits in it),
-- and goes with its sitemap when the sitemap is pruned.
-- Sitemaps made before this migration have their files on disk only: their records stay listed, but
-- their downloads answer 404 from now on (make them again); DATA_DIR/sitemaps can be deleted by hand.
CREATE TABLE IF NOT EXISTS sitemap_files (
  sitemap_id TEXT NOT NULL REFERENCES sitemaps (id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  content TEXT NOT NULL,
  PRIMARY KEY (sitemap_id, name)
);
CREATE UNIQUE INDEX IF NOT EXISTS sitemap_files_name ON sitemap_files (name);
