-- Issue 34 (decision 0066, near-duplicate content from the store): each candidate page's MinHash (128
-- 32-bit values, 512 bytes in this machine's order) beside its record, and the locality-sensitive bands
-- the near-duplicate check joins on: one row per (band, key) of a page, key being the band's 8 values
-- exactly (32 bytes), so two pages meet in the self-join only where a band of theirs is equal. Filled by
-- the analysis from the stored MinHash, dropped with the rest of the crawl store.
ALTER TABLE site_audit_records ADD COLUMN minhash BYTEA;
CREATE TABLE IF NOT EXISTS site_audit_bands (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  band INTEGER NOT NULL,
  key BYTEA NOT NULL,
  id INTEGER NOT NULL,
  PRIMARY KEY (audit_id, band, key, id)
);
