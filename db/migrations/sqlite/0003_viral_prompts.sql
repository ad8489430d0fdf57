-- Viral prompts (issue 5): curated prompts per category, shown on /viral-prompts.
-- The curated rows are inserted by db/viral-prompts.ts at boot (INSERT OR IGNORE), so editing the
-- seed list never needs a new migration and re-seeding is harmless.
CREATE TABLE IF NOT EXISTS viral_prompts (
  id INTEGER PRIMARY KEY,
  category TEXT NOT NULL CHECK (category IN ('image', 'video', 'text', 'audio')),
  text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
  position INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (category, text)
);
CREATE INDEX IF NOT EXISTS viral_prompts_by_category ON viral_prompts (category, position, id);
