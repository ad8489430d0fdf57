-- Issue 12: whole-site audits. One row per audit; its pages and issues in their own tables so a
-- report can be paged and diffed in SQL. Deleting an audit deletes its pages and issues.
CREATE TABLE IF NOT EXISTS site_audits (
  id TEXT PRIMARY KEY,
  -- SHA-256 of the visitor cookie: the list shows a visitor only their own audits.
  visitor TEXT NOT NULL,
  url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled')),
  error TEXT,
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  crawled INTEGER NOT NULL DEFAULT 0,
  discovered INTEGER NOT NULL DEFAULT 0,
  -- JSON {pages, score, errors, warnings, notices} once done.
  summary TEXT,
  -- JSON: where the site lives, how the crawl stopped, the sitemaps read.
  report TEXT,
  -- JSON {previousId, newIssues, fixedIssues, ...} against the visitor's previous audit of the URL.
  diff TEXT
);
CREATE INDEX IF NOT EXISTS site_audits_visitor ON site_audits (visitor, created_at DESC);
CREATE INDEX IF NOT EXISTS site_audits_created ON site_audits (created_at DESC);

CREATE TABLE IF NOT EXISTS site_audit_pages (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  n INTEGER NOT NULL,
  url TEXT NOT NULL,
  -- JSON facts of the URL (status, depth, title, words, ...).
  facts TEXT NOT NULL,
  -- JSON array of the issue types reported for this URL.
  issues TEXT NOT NULL,
  PRIMARY KEY (audit_id, n)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS site_audit_issues (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  type TEXT NOT NULL,
  url TEXT NOT NULL,
  severity TEXT NOT NULL,
  detail TEXT NOT NULL,
  PRIMARY KEY (audit_id, type, url)
) WITHOUT ROWID;
