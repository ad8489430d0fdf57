-- Issue 34 (decision 0068): politeness for a whole audit however many workers fetch it. One row per
-- place a host of the audit allows at once (SITE_AUDIT host concurrency; one under a Crawl-delay): a
-- worker takes a free place for each fetch, leased like the frontier's rows (owner, until: milliseconds
-- since the epoch), and gives it back with the time the host may be asked again (next_at: now plus the
-- Crawl-delay). A place whose lease ran out is free. Dropped with the crawl store.
CREATE TABLE IF NOT EXISTS site_audit_host_slots (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  host TEXT NOT NULL,
  slot INTEGER NOT NULL,
  owner TEXT,
  until BIGINT,
  next_at BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (audit_id, host, slot)
);
