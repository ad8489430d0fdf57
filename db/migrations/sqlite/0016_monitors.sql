-- Issue 25: site monitoring. A monitor re-audits one site on a schedule and alerts its owner when a
-- run finds regressions (docs/decisions/0043). Visitor monitors wait for a confirmed address and a
-- verified site before anything is scheduled; the operator's client monitors skip both.
CREATE TABLE IF NOT EXISTS monitors (
  -- 128 random bits, base64url.
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('visitor', 'client')),
  -- The audit's start URL, and its origin (scheme://host[:port]) where the proof of ownership lives.
  url TEXT NOT NULL,
  origin TEXT NOT NULL,
  -- A visitor's one address; for a client, its first recipient.
  email TEXT NOT NULL,
  -- JSON array of addresses (client monitors); '[]' for visitors.
  recipients TEXT NOT NULL DEFAULT '[]',
  schedule TEXT NOT NULL CHECK (schedule IN ('daily', 'weekly', 'monthly')),
  webhook_url TEXT,
  status TEXT NOT NULL CHECK (status IN ('unconfirmed', 'active', 'paused')),
  email_confirmed_at TEXT,
  verified_at TEXT,
  -- What the meta tag's content and the file's name carry.
  verification_token TEXT NOT NULL,
  -- Points the score must fall by to alert.
  score_drop INTEGER NOT NULL,
  -- 1: a weekly digest (fixed issues, trend) is mailed.
  digest INTEGER NOT NULL DEFAULT 0,
  -- ISO time of the next scheduled slot; NULL while nothing is scheduled (unconfirmed, unverified, paused).
  next_run_at TEXT,
  last_run_at TEXT,
  next_digest_at TEXT,
  -- The audit the visitor started from (their lead's score and top issues), if any.
  audit_id TEXT,
  created_at TEXT NOT NULL,
  ip_hash TEXT
);
CREATE INDEX IF NOT EXISTS monitors_due ON monitors (next_run_at) WHERE status = 'active';
CREATE INDEX IF NOT EXISTS monitors_email ON monitors (email);
CREATE INDEX IF NOT EXISTS monitors_kind ON monitors (kind, created_at);

CREATE TABLE IF NOT EXISTS monitor_runs (
  id TEXT PRIMARY KEY,
  monitor_id TEXT NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  -- The scheduled time this run is for (ISO); a manual run uses its own time. One run per slot:
  -- of several schedulers claiming the same slot, one insert wins.
  slot TEXT NOT NULL,
  trigger TEXT NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  audit_id TEXT,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  score INTEGER,
  -- JSON Regression[] (server/features/monitoring/regressions.ts), and the fixed issues.
  regressions TEXT NOT NULL DEFAULT '[]',
  fixed TEXT NOT NULL DEFAULT '[]',
  fixed_count INTEGER NOT NULL DEFAULT 0,
  alerted_at TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT,
  UNIQUE (monitor_id, slot)
);
CREATE INDEX IF NOT EXISTS monitor_runs_monitor ON monitor_runs (monitor_id, created_at);
CREATE INDEX IF NOT EXISTS monitor_runs_audit ON monitor_runs (audit_id);

-- The monitors' mail and webhook outbox: every message (confirmation, alert, digest) is stored
-- rendered, then delivered with retries by the processes that run jobs; a crash loses none.
CREATE TABLE IF NOT EXISTS monitor_messages (
  id TEXT PRIMARY KEY,
  monitor_id TEXT NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  run_id TEXT,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
  purpose TEXT NOT NULL CHECK (purpose IN ('confirm', 'alert', 'digest', 'report')),
  -- JSON: {to, subject, text, html, headers} for an email; {url, body} for a webhook.
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- Milliseconds since the epoch.
  next_attempt_at INTEGER NOT NULL,
  delivered_at TEXT,
  failed_at TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS monitor_messages_due ON monitor_messages (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX IF NOT EXISTS monitor_messages_monitor ON monitor_messages (monitor_id);

-- A confirmed visitor monitor is a lead in the admin inbox (and goes out by the lead delivery).
CREATE TABLE IF NOT EXISTS monitor_leads (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  monitor_id TEXT NOT NULL,
  email TEXT NOT NULL,
  site TEXT NOT NULL,
  schedule TEXT NOT NULL,
  score INTEGER,
  -- The top issues of the visitor's audit, one per line ("3 × Broken link").
  top_issues TEXT NOT NULL DEFAULT '',
  report_url TEXT,
  ip_hash TEXT,
  created_at TEXT NOT NULL,
  handled_at TEXT
);
CREATE INDEX IF NOT EXISTS monitor_leads_unread ON monitor_leads (handled_at) WHERE handled_at IS NULL;

-- The lead outbox takes the new lead: SQLite cannot change a CHECK, so the table is rebuilt as it
-- was (db/migrations/sqlite/0007_lead_outbox.sql) with 'monitor.created' and 'monitor' allowed.
CREATE TABLE outbox_new (
  event_id TEXT NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('webhook', 'email')),
  event TEXT NOT NULL CHECK (event IN ('contact.created', 'article.created', 'monitor.created')),
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL,
  lead_type TEXT NOT NULL CHECK (lead_type IN ('contact', 'article', 'monitor')),
  lead_id INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  delivered_at TEXT,
  failed_at TEXT,
  last_error TEXT,
  PRIMARY KEY (event_id, channel)
);
INSERT INTO outbox_new SELECT event_id, channel, event, payload, created_at, lead_type, lead_id, attempts,
  next_attempt_at, delivered_at, failed_at, last_error FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX IF NOT EXISTS outbox_due ON outbox (next_attempt_at) WHERE delivered_at IS NULL AND failed_at IS NULL;
CREATE INDEX IF NOT EXISTS outbox_lead ON outbox (lead_type, lead_id);
