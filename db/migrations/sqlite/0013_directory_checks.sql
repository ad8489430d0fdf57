-- The directory link checker's results (the directory-check job, npm run directories:check): one
-- row per recorded run, each holding the whole result set the pages read (last check and
-- consecutive failures per site), so every web process on every machine shows the same status.
-- Until now they lived in DATA_DIR/directory-checks.json: the first boot after this migration
-- imports that file into an empty table, and it is not read again.
CREATE TABLE IF NOT EXISTS directory_checks (
  -- 128 random bits as hex ('imported' for the row taken from the file).
  id TEXT PRIMARY KEY,
  -- Milliseconds since the epoch when the run was recorded: the newest row is the current status.
  recorded_at INTEGER NOT NULL,
  -- JSON {"version": 1, "lastRun": ..., "sites": {...}}, validated when read.
  results TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS directory_checks_recorded ON directory_checks (recorded_at, id);
