-- Issue 35: change monitoring (docs/decisions/0057). Besides its scheduled audits, each scheduled
-- monitor watches the pages that matter: each is re-read on its own cycle (MONITOR_WATCH_INTERVAL_S)
-- and compared field by field with its last reading; what changed is kept as history.
CREATE TABLE IF NOT EXISTS monitor_watches (
  monitor_id TEXT PRIMARY KEY REFERENCES monitors (id) ON DELETE CASCADE,
  -- When the watched pages were last chosen (start page, the last audit's most-linked, the sitemap).
  pages_at TEXT,
  -- One tick works on a monitor at a time: the lease it took (ISO time it ends).
  lease_until TEXT,
  -- JSON: the site's last reading (robots.txt rules, sitemap URLs, certificate, host variants).
  site TEXT NOT NULL DEFAULT '{}',
  -- JSON array of the fields that alert; NULL: the defaults.
  alert_fields TEXT,
  -- 'json', 'slack', 'teams'; NULL: told by the webhook URL's host.
  webhook_format TEXT,
  -- When the changes found since the last alert go out together (the end of the monitor's cycle).
  next_alert_at TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS monitor_watch_pages (
  monitor_id TEXT NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  -- JSON: the page's fields at its last reading (server/features/monitoring/watch-fields.ts); NULL before the first.
  snapshot TEXT,
  -- ISO times: the next reading is due, the last one was made.
  next_read_at TEXT NOT NULL,
  read_at TEXT,
  -- 1: the owner muted this page (its changes are kept, not alerted).
  muted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (monitor_id, url)
);
CREATE INDEX IF NOT EXISTS monitor_watch_pages_due ON monitor_watch_pages (next_read_at);

CREATE TABLE IF NOT EXISTS monitor_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  monitor_id TEXT NOT NULL REFERENCES monitors (id) ON DELETE CASCADE,
  -- The page, or the site's origin for a site-wide field (robots.txt, sitemap, certificate, variants).
  url TEXT NOT NULL,
  field TEXT NOT NULL,
  -- JSON values (a string, a number, a list, or null).
  before TEXT NOT NULL,
  after TEXT NOT NULL,
  severity TEXT NOT NULL CHECK (severity IN ('critical', 'warning', 'info')),
  detected_at TEXT NOT NULL,
  alerted_at TEXT,
  -- Bytes this row stores (url, before, after): the history's storage budget counts them.
  size INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS monitor_changes_monitor ON monitor_changes (monitor_id, id);
CREATE INDEX IF NOT EXISTS monitor_changes_page ON monitor_changes (monitor_id, url, id);
CREATE INDEX IF NOT EXISTS monitor_changes_unalerted ON monitor_changes (monitor_id) WHERE alerted_at IS NULL;
