-- Issue 34 (decision 0059): the strings a running audit's page records point at by number (their
-- links' anchor texts, kind 0, and other sites' URLs, kind 1), so a stored record reads whole.
CREATE TABLE IF NOT EXISTS site_audit_strings (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  kind INTEGER NOT NULL,
  id INTEGER NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (audit_id, kind, id)
);
