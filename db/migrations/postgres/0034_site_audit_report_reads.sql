-- Issue 34 (decision 0059, "The report at a million pages"): the pages list pages through one kind
-- (pages or resources) in crawl order, and the CSV finds the rendered pages' vitals by URL, without
-- reading the audit's other rows. A hash index for the URL: a B-tree entry stops at ~2.7 KB and a
-- page's URL has no length cap.
CREATE INDEX IF NOT EXISTS site_audit_pages_kind ON site_audit_pages (audit_id, kind, n);
CREATE INDEX IF NOT EXISTS site_audit_pages_url ON site_audit_pages USING hash (url);
