-- Issue 34 (decision 0068): several workers share one audit's frontier. The audit's URL ids and queue
-- order are handed out here, under this row's lock, as any worker enqueues the URLs it found (ids stay
-- dense: the crawl store reads them as array indexes); `analysis_owner` is the one worker that runs the
-- final analysis, claimed once the frontier is empty and no lease is live. Dropped with the crawl store.
CREATE TABLE IF NOT EXISTS site_audit_frontiers (
  audit_id TEXT PRIMARY KEY REFERENCES site_audits (id) ON DELETE CASCADE,
  next_id INTEGER NOT NULL DEFAULT 0,
  next_seq INTEGER NOT NULL DEFAULT 0,
  analysis_owner TEXT
);
