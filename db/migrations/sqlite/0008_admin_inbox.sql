-- Issue 11: the admin inbox. Sessions live here so they survive restarts; the cookie holds a random
-- token and this table only its SHA-256, so a copy of the database cannot be used to sign in.
CREATE TABLE IF NOT EXISTS admin_sessions (
  token_hash TEXT PRIMARY KEY,
  -- Sent with every form of the session and checked on every state-changing request.
  csrf_token TEXT NOT NULL,
  -- Milliseconds since the epoch.
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS admin_sessions_expiry ON admin_sessions (expires_at);

-- When someone in the team dealt with a lead; NULL = unread.
ALTER TABLE contact_messages ADD COLUMN handled_at TEXT;
ALTER TABLE article_submissions ADD COLUMN handled_at TEXT;
CREATE INDEX IF NOT EXISTS contact_messages_unread ON contact_messages (handled_at) WHERE handled_at IS NULL;
CREATE INDEX IF NOT EXISTS article_submissions_unread ON article_submissions (handled_at) WHERE handled_at IS NULL;
