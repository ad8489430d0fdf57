-- Issue 3: messages from the contact form and articles from the write-for-us form.
-- ip_hash is a salted SHA-256 of the sender's address: enough to spot abuse, not to identify anyone.
CREATE TABLE IF NOT EXISTS contact_messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  message TEXT NOT NULL,
  ip_hash TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS contact_messages_created ON contact_messages (created_at DESC, id DESC);

CREATE TABLE IF NOT EXISTS article_submissions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  author TEXT NOT NULL,
  content TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'rejected')),
  ip_hash TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX IF NOT EXISTS article_submissions_created ON article_submissions (created_at DESC, id DESC);

-- Salt for ip_hash, generated once per installation.
INSERT OR IGNORE INTO app_meta (key, value) VALUES ('ip_hash_salt', lower(hex(randomblob(16))));
