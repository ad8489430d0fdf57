-- Issue 34 (decision 0075): the crawl writes each page's edges in the order it answers pages, so a batch's edges
-- go to the end of this table, clustered by their source, instead of to as many places of `site_audit_edges`'
-- key (by target) as they name other pages. The analysis over the store sorts them into `site_audit_edges`
-- once, when the crawl is over (db/site-audit-edges.ts), which then needs no second index: this table serves
-- "points at" (click depth), `site_audit_edges` "pointed at by". Dropped with the rest of the crawl store.
CREATE TABLE IF NOT EXISTS site_audit_edges_by_source (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  kind INTEGER NOT NULL,
  source INTEGER NOT NULL,
  target INTEGER NOT NULL,
  PRIMARY KEY (audit_id, kind, source, target)
);
-- A crawl running when this ran has its edges so far in the old table: they stay there, and are written here too.
INSERT INTO site_audit_edges_by_source (audit_id, kind, source, target)
  SELECT audit_id, kind, source, target FROM site_audit_edges
  ON CONFLICT DO NOTHING;
DROP INDEX IF EXISTS site_audit_edges_source;
