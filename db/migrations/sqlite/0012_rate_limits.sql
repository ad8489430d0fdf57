-- Per-IP rate limit counts shared by every web process (server/http/rate-limit-store.ts). Only a
-- PostgreSQL deployment counts here: on SQLite one process serves the site and counts in memory, so
-- this table stays empty; it exists so both databases hold the same tables.
CREATE TABLE IF NOT EXISTS rate_limit_hits (
  -- The limiter's name, a colon and the client's key (its IP, or its IPv6 /56).
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  -- Milliseconds since the epoch when this window ends; a row past it is expired.
  reset_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_hits_reset_at ON rate_limit_hits (reset_at);
