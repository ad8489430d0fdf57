-- Issue 34 (decision 0067, the header rules from the store): a page's META_FLAGS bits (compressed,
-- HSTS, nosniff, CSP, Referrer-Policy…) and its HTML size beside its record, so the site-wide header
-- checks count the pages lacking a setting in SQL instead of decoding every record. 0 for rows
-- written before this migration (a crawl resumed across it reads them as lacking every setting).
ALTER TABLE site_audit_records ADD COLUMN meta_flags INTEGER NOT NULL DEFAULT 0;
ALTER TABLE site_audit_records ADD COLUMN html_bytes INTEGER NOT NULL DEFAULT 0;

-- What the audit's check of other sites' URLs found, by the URL's id among the audit's external strings
-- (site_audit_strings kind 1; a record names it as -1 - id): its kind and the whole answer as JSON,
-- written once the checks end, so the resource and external-link checks read them in SQL. No row: not
-- checked. Dropped with the crawl store.
CREATE TABLE IF NOT EXISTS site_audit_external_checks (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  answer TEXT NOT NULL,
  PRIMARY KEY (audit_id, id)
) WITHOUT ROWID;

-- Every link of a running audit's pages to another site (PageRecord.outlinks' cells with a negative
-- target): the external string id, the page, the link's place among the page's links and its anchor cell
-- (anchor string id << 2 | position). The external-link checks count them and name the first ones.
CREATE TABLE IF NOT EXISTS site_audit_external_links (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  target INTEGER NOT NULL,
  source INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  cell INTEGER NOT NULL,
  PRIMARY KEY (audit_id, target, source, seq)
) WITHOUT ROWID;
