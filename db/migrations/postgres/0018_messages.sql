-- Issue 32: one outbox for everything the site sends (docs/decisions/0049). The leads' `outbox`
-- (0007, 0016) and the monitors' `monitor_messages` (0016) become one table, delivered by one job
-- (server/lib/messaging): every row of both is carried over as it stands (pending, delivered and
-- failed, with its attempts, next attempt and last error), then the old tables go.
CREATE TABLE IF NOT EXISTS messages (
  -- The event id: the same on every attempt (the webhook's X-Event-Id and body id, the mail's
  -- Message-ID), and shared by one event's webhook and mail.
  id TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('webhook', 'email')),
  -- What it is, as X-Event-Type says it: contact.created, article.created, monitor.created (leads),
  -- monitor.confirm, monitor.regression, monitor.digest, monitor.report. Not a CHECK: a new kind of
  -- message must not need this table rebuilt (SQLite cannot change a CHECK; 0016 had to).
  kind TEXT NOT NULL,
  -- 'operator': the payload is the event {id, event, createdAt, data}, for the operator's own webhook
  -- and addresses as configured when it is sent (NOTIFY_WEBHOOK_URL, signed; NOTIFY_EMAIL_TO);
  -- 'listed': the payload names where it goes ({url, body} of a visitor's webhook, a rendered mail).
  recipient TEXT NOT NULL CHECK (recipient IN ('operator', 'listed')),
  payload TEXT NOT NULL,
  -- What it is about: a lead (the inbox shows its delivery; deleting the lead deletes these), or a
  -- monitor and its run (deleting the monitor deletes these).
  lead_type TEXT CHECK (lead_type IN ('contact', 'article', 'monitor')),
  lead_id INTEGER,
  monitor_id TEXT REFERENCES monitors (id) ON DELETE CASCADE,
  run_id TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Milliseconds since the epoch: when the next attempt is due, and after which a failed attempt is
  -- the last (the give-up window differs by kind: 72 hours for leads, a day for the monitors' mail).
  next_attempt_at BIGINT NOT NULL,
  give_up_at BIGINT NOT NULL,
  delivered_at TEXT,
  failed_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (id, channel)
);
INSERT INTO messages (id, channel, kind, recipient, payload, lead_type, lead_id, attempts, next_attempt_at,
    give_up_at, delivered_at, failed_at, last_error, created_at)
  SELECT event_id, channel, event, 'operator', payload, lead_type, lead_id, attempts, next_attempt_at,
    COALESCE(round(EXTRACT(EPOCH FROM created_at::timestamptz) * 1000)::bigint, next_attempt_at) + 259200000,
    delivered_at, failed_at, last_error, created_at
  FROM outbox;
INSERT INTO messages (id, channel, kind, recipient, payload, monitor_id, run_id, attempts, next_attempt_at,
    give_up_at, delivered_at, failed_at, last_error, created_at)
  SELECT id, channel,
    CASE purpose WHEN 'confirm' THEN 'monitor.confirm' WHEN 'alert' THEN 'monitor.regression'
      WHEN 'digest' THEN 'monitor.digest' ELSE 'monitor.report' END,
    'listed', payload, monitor_id, run_id, attempts, next_attempt_at,
    COALESCE(round(EXTRACT(EPOCH FROM created_at::timestamptz) * 1000)::bigint, next_attempt_at) + 86400000,
    delivered_at, failed_at, last_error, created_at
  FROM monitor_messages;
DROP TABLE outbox;
DROP TABLE monitor_messages;
CREATE INDEX IF NOT EXISTS messages_due ON messages (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX IF NOT EXISTS messages_lead ON messages (lead_type, lead_id) WHERE lead_type IS NOT NULL;
CREATE INDEX IF NOT EXISTS messages_monitor ON messages (monitor_id) WHERE monitor_id IS NOT NULL;
