-- Per-IP rate limit counts shared by every web process (server/http/rate-limit-store.ts).
-- UNLOGGED: every request writes a row here, and counts that last a few minutes are not worth the
-- write-ahead log; a crash empties the table, which at worst forgives the current windows.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_hits (
  -- The limiter's name, a colon and the client's key (its IP, or its IPv6 /56).
  key TEXT PRIMARY KEY,
  hits INTEGER NOT NULL,
  -- Milliseconds since the epoch when this window ends; a row past it is expired.
  reset_at BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_hits_reset_at ON rate_limit_hits (reset_at);
