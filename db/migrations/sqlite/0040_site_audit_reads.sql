-- Issue 34 (decision 0071): several workers read one audit's pages. The audit's own job keeps the crawl
-- (frontier, URL ids, records, writes) and puts each page it would fetch here; the audit's part jobs, on
-- any worker, claim rows (leased: owner, until in milliseconds since the epoch), fetch and parse the page
-- through their own guarded fetcher, and store the answer (v8-serialized) for the audit's job to take and
-- delete. A lease that ran out (its worker died) is claimed again. `reads_open` is the try of the audit's
-- job whose reads are open (0: none): a part of an earlier try stops. Dropped with the crawl store.
CREATE TABLE IF NOT EXISTS site_audit_reads (
  audit_id TEXT NOT NULL REFERENCES site_audits (id) ON DELETE CASCADE,
  id INTEGER NOT NULL,
  url TEXT NOT NULL,
  request TEXT NOT NULL,
  owner TEXT,
  until BIGINT,
  answer BLOB,
  PRIMARY KEY (audit_id, id)
);
ALTER TABLE site_audit_frontiers ADD COLUMN reads_open INTEGER NOT NULL DEFAULT 0;
-- The per-host places of migration 0039 are not needed: the audit's job alone decides what is in flight, so its
-- politeness holds for the whole audit whichever worker fetches (decision 0071).
DROP TABLE IF EXISTS site_audit_host_slots;
