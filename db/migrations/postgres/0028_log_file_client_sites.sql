-- Issue 36 (docs/decisions/0055): the operator attaches access logs to a client site from
-- /admin/client-sites. Such a log belongs to the client site (its monitor's id), not to a visitor:
-- the site's row lists its logs, and deleting the site deletes them. NULL for visitors' uploads and
-- the operator's command.
ALTER TABLE log_files ADD COLUMN client_site TEXT;
CREATE INDEX IF NOT EXISTS log_files_client_site ON log_files (client_site);
