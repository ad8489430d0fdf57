-- The embedded job queue (docs/decisions/0032): crawls, audits, directory checks and lead
-- deliveries of the one SQLite process, so a restart finds what was queued or running.
-- With DATABASE_URL the queue is BullMQ's, in its own PostgreSQL schema (0011 there is a comment).
CREATE TABLE IF NOT EXISTS jobs (
  -- The job's name (its definition), and its id within that name.
  queue TEXT NOT NULL,
  id TEXT NOT NULL,
  -- Acceptance order: jobs start first accepted, first started.
  seq INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'active', 'completed', 'failed', 'cancelled')),
  -- JSON.
  input TEXT NOT NULL,
  progress TEXT,
  result TEXT,
  error TEXT,
  -- Tries started (a try the server stopped counts), and how many the job may have.
  attempts INTEGER NOT NULL DEFAULT 0,
  max_attempts INTEGER NOT NULL,
  -- Milliseconds since the epoch: not before (a retry's backoff), accepted, finished.
  run_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  finished_at INTEGER,
  PRIMARY KEY (queue, id)
);
CREATE INDEX IF NOT EXISTS jobs_next ON jobs (queue, status, seq);
CREATE INDEX IF NOT EXISTS jobs_finished ON jobs (finished_at) WHERE finished_at IS NOT NULL;
