-- Issue 11: leads reach the operator. Storing a lead and queueing its notifications happen in one
-- transaction; a worker in the same process delivers them, at least once, with retries.
-- One row per (event, channel): webhook and email are delivered and retried independently, and
-- both carry the same event id so receivers can drop duplicates.
CREATE TABLE IF NOT EXISTS outbox (
  event_id TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('webhook', 'email')),
  event TEXT NOT NULL CHECK (event IN ('contact.created', 'article.created')),
  -- The exact JSON body {id, event, createdAt, data}: every attempt sends (and signs) the same bytes.
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL,
  -- Which lead the event is about, so deleting a lead deletes its notifications too.
  lead_type TEXT NOT NULL CHECK (lead_type IN ('contact', 'article')),
  lead_id INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Milliseconds since the epoch.
  next_attempt_at INTEGER NOT NULL,
  delivered_at TEXT,
  -- Set when the retry window is over without a delivery.
  failed_at TEXT,
  last_error TEXT,
  PRIMARY KEY (event_id, channel)
);
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_lead ON outbox (lead_type, lead_id);

-- Write for us now asks for the author's email so the promised reply is possible. Older rows have none.
ALTER TABLE article_submissions ADD COLUMN email TEXT;
