-- Issue 34 (decision 0059): a site audit's URLs (its frontier and each URL's answer) and its pages'
-- records live in the database while it runs, written in batches, so memory does not grow with the
-- site and a crawl can carry on where it stopped. Ids are the audit's own node ids.
CREATE TABLE IF NOT EXISTS site_audit_urls (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  url TEXT NOT NULL,
  -- First 16 bytes of SHA-256 of url: the unique key (a URL has no length cap; a hash indexes small).
  url_key BLOB NOT NULL,
  -- 0 known (not to fetch), 1 queued, 2 leased (being fetched), 3 done (answered or failed).
  state INTEGER NOT NULL DEFAULT 0,
  -- Queue order (breadth-first); NULL for a URL never queued.
  seq INTEGER,
  depth INTEGER NOT NULL DEFAULT 0,
  start INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  -- Milliseconds since the epoch: a lease past it is queued again.
  lease_until INTEGER,
  status INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  skipped TEXT,
  redirect_to INTEGER NOT NULL DEFAULT -1,
  redirect_external TEXT,
  ttfb_ms REAL NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL DEFAULT '',
  bytes INTEGER NOT NULL DEFAULT -1,
  in_sitemap INTEGER NOT NULL DEFAULT 0,
  loaded_as INTEGER NOT NULL DEFAULT 0,
  html_mislabelled INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (audit_id, id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX IF NOT EXISTS site_audit_urls_key ON site_audit_urls (audit_id, url_key);
CREATE INDEX IF NOT EXISTS site_audit_urls_queue ON site_audit_urls (audit_id, state, seq);

-- One row per HTML page recorded: the whole PageRecord as JSON (record), beside the columns the
-- cross-page checks compare in SQL.
CREATE TABLE IF NOT EXISTS site_audit_records (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  record TEXT NOT NULL,
  indexable INTEGER NOT NULL,
  noindex INTEGER NOT NULL,
  title TEXT,
  description TEXT,
  h1 TEXT,
  text_hash TEXT NOT NULL,
  words INTEGER NOT NULL,
  -- The internal canonical target when it is another URL.
  canonical_id INTEGER,
  PRIMARY KEY (audit_id, id)
);

-- One row per audit whose crawl can carry on after its process died: what the start page settled
-- (the site's origin and hosts, the sitemaps read, the crawl time spent) as JSON. Written with the
-- crawl's batches once the start page and the sitemaps are read; without it a new try starts over.
CREATE TABLE IF NOT EXISTS site_audit_crawls (
  audit_id TEXT PRIMARY KEY REFERENCES site_audits (id) ON DELETE CASCADE,
  facts TEXT NOT NULL
);
