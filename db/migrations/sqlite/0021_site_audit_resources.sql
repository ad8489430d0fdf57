-- Issue 32 (decision 0052): a site audit keeps the scripts and stylesheets its pages load in a list of
-- their own (the report's resources section), apart from the pages list. Rows saved before are pages.
ALTER TABLE site_audit_pages ADD COLUMN kind TEXT NOT NULL DEFAULT 'page';
