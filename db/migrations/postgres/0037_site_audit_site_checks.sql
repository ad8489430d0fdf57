-- Issue 34 (decision 0067, the header rules from the store): a page's META_FLAGS bits (compressed,
-- HSTS, nosniff, CSP, Referrer-Policy…) and its HTML size beside its record, so the site-wide header
-- checks count the pages lacking a setting in SQL instead of decoding every record. 0 for rows
-- written before this migration (a crawl resumed across it reads them as lacking every setting).
ALTER TABLE site_audit_records ADD COLUMN meta_flags INTEGER NOT NULL DEFAULT 0;
ALTER TABLE site_audit_records ADD COLUMN html_bytes INTEGER NOT NULL DEFAULT 0;
