-- Issue 34 (decision 0059, "The checks with bounded memory"): the graph the cross-page checks walk in
-- SQL, one row per distinct (kind, source, target) a running audit's pages name: kind 1 link, 2 image,
-- 3 hreflang (internal, another page), 4 script, 5 stylesheet. The primary key serves "pointed at by"
-- (inlinks, images shown on, resources loaded by); the second index "points at" (click depth, hreflang
-- return links). Written with each page's batch, dropped with the rest of the crawl store.
CREATE TABLE IF NOT EXISTS site_audit_edges (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  kind INTEGER NOT NULL,
  source INTEGER NOT NULL,
  target INTEGER NOT NULL,
  PRIMARY KEY (audit_id, kind, target, source)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS site_audit_edges_source ON site_audit_edges (audit_id, kind, source);

-- Filled by the analysis over the store: the click depth from the start URL (a link one click, a
-- redirect none; NULL when not reachable) and how many crawled pages link to the URL.
ALTER TABLE site_audit_urls ADD COLUMN click_depth INTEGER;
ALTER TABLE site_audit_urls ADD COLUMN inlinks INTEGER;
