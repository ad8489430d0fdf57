-- Issue 36: server log analysis (docs/decisions/0055). A log is one upload (or one operator import)
-- of access logs, parsed in a job thread into counts. No line and no address is kept: bots' hits are
-- counted per URL and per day, people's only per day, and an address only decides "verified".
CREATE TABLE IF NOT EXISTS log_files (
  -- 128 random bits, base64url: the link to the results is the only way to them.
  id TEXT PRIMARY KEY,
  -- The uploader's visitor cookie hash (who may delete it); '' for the operator's imports.
  visitor TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
  error TEXT,
  -- A finished site audit of the same site to join with, if any.
  audit_id TEXT,
  -- JSON [{name, bytes}] as received.
  files TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  format TEXT,
  lines BIGINT NOT NULL DEFAULT 0,
  unparsed BIGINT NOT NULL DEFAULT 0,
  -- JSON: bots, spend, the first unparsed lines (addresses masked), the audit join.
  summary TEXT,
  -- Milliseconds since the epoch; the results are deleted once expires_at passes.
  created_at BIGINT NOT NULL,
  finished_at BIGINT,
  expires_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS log_files_expires ON log_files (expires_at);

-- Bots' hits per URL (path and query as requested), bot, verified (1) or not (0) and status.
CREATE TABLE IF NOT EXISTS log_file_hits (
  log_id TEXT NOT NULL REFERENCES log_files (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  bot TEXT NOT NULL,
  verified INTEGER NOT NULL,
  status INTEGER NOT NULL,
  hits BIGINT NOT NULL,
  bytes BIGINT NOT NULL,
  first_seen BIGINT NOT NULL,
  last_seen BIGINT NOT NULL,
  PRIMARY KEY (log_id, url, bot, verified, status)
);

-- Counts as the reading job flushes them, appended without a key (cheap to write); merged into
-- log_file_hits in one GROUP BY when the log has been read, then deleted.
CREATE TABLE IF NOT EXISTS log_file_hit_parts (
  log_id TEXT NOT NULL REFERENCES log_files (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  bot TEXT NOT NULL,
  verified INTEGER NOT NULL,
  status INTEGER NOT NULL,
  hits BIGINT NOT NULL,
  bytes BIGINT NOT NULL,
  first_seen BIGINT NOT NULL,
  last_seen BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS log_file_hit_parts_log ON log_file_hit_parts (log_id);

-- Every line's hit per UTC day (YYYY-MM-DD), bot ('other' for people and unknown clients), verified and status.
CREATE TABLE IF NOT EXISTS log_file_days (
  log_id TEXT NOT NULL REFERENCES log_files (id) ON DELETE CASCADE,
  day TEXT NOT NULL,
  bot TEXT NOT NULL,
  verified INTEGER NOT NULL,
  status INTEGER NOT NULL,
  hits BIGINT NOT NULL,
  bytes BIGINT NOT NULL,
  PRIMARY KEY (log_id, day, bot, verified, status)
);
