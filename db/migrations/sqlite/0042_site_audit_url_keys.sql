-- Issue 34 (decision 0075): a URL's key (the first 16 bytes of SHA-256 of its text) leaves the crawl's table. Its
-- unique index took every new URL to a random place of the index, so a crawl's batch of 200 pages wrote about as
-- many pages of it as it met URLs: about half of the crawl's SQLite writes at a million pages. The crawl's URL store
-- gives each URL one id (it always did); only the shared frontier of decision 0068, which enters URLs from several
-- workers, looks them up by key, and keeps its keys here. Dropped with the rest of the crawl store.
CREATE TABLE IF NOT EXISTS site_audit_url_keys (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  url_key BLOB NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (audit_id, url_key)
) WITHOUT ROWID;
INSERT INTO site_audit_url_keys (audit_id, url_key, id)
  SELECT audit_id, url_key, id FROM site_audit_urls WHERE true
  ON CONFLICT DO NOTHING;
DROP INDEX IF EXISTS site_audit_urls_key;
ALTER TABLE site_audit_urls DROP COLUMN url_key;
