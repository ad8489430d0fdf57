import type { Generated } from 'kysely';

/** A column with a default (or an identity): optional on insert. */

/**
 * The tables, as both databases hold them (db/migrations/sqlite and db/migrations/postgres keep the
 * same columns and types, tested by db/index.test.ts). Times are ISO-8601 text or milliseconds since
 * the epoch as integers, JSON is text and flags are 0/1 integers in both, so every query is the same.
 */
export interface Tables {
  app_meta: { key: string; value: string };
  contact_messages: {
    id: Generated<number>;
    name: string;
    email: string;
    message: string;
    ip_hash: string | null;
    created_at: Generated<string>;
    handled_at: string | null;
    phone: string | null;
    website: string | null;
    site_audit: string | null;
    form_page: string | null;
    source_page: string | null;
  };
  article_submissions: {
    id: Generated<number>;
    title: string;
    author: string;
    content: string;
    status: Generated<'pending' | 'accepted' | 'rejected'>;
    ip_hash: string | null;
    created_at: Generated<string>;
    updated_at: Generated<string>;
    email: string | null;
    handled_at: string | null;
    form_page: string | null;
    source_page: string | null;
  };
  viral_prompts: {
    id: Generated<number>;
    category: 'image' | 'video' | 'text' | 'audio';
    text: string;
    position: Generated<number>;
    created_at: Generated<string>;
  };
  sitemaps: {
    id: string;
    url: string;
    pages: number;
    sitemap_path: string;
    files: string;
    created_at: string;
    report: string;
  };
  sitemap_visitors: { visitor: string; sitemap_id: string };
  /** The XML of each file of a generated sitemap (main file and numbered parts), served by name. */
  sitemap_files: { sitemap_id: string; name: string; content: string };
  site_audits: {
    id: string;
    visitor: string;
    url: string;
    status: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
    error: string | null;
    created_at: string;
    started_at: string | null;
    finished_at: string | null;
    crawled: Generated<number>;
    discovered: Generated<number>;
    summary: string | null;
    report: string | null;
    diff: string | null;
  };
  site_audit_pages: {
    audit_id: string;
    n: number;
    url: string;
    facts: string;
    issues: string;
    /** 'page', or 'resource': a script or stylesheet pages load (migration 0021). */
    kind: Generated<'page' | 'resource'>;
  };
  site_audit_issues: {
    audit_id: string;
    type: string;
    url: string;
    severity: string;
    detail: string;
    links: string | null;
  };
  /** A running audit's URLs: its frontier and each URL's answer (migration 0031, db/site-audit-urls.ts). */
  site_audit_urls: {
    audit_id: string;
    id: number;
    url: string;
    state: number;
    seq: number | null;
    depth: number;
    start: number;
    lease_owner: string | null;
    lease_until: number | null;
    status: number;
    error: string | null;
    skipped: string | null;
    redirect_to: number;
    redirect_external: string | null;
    ttfb_ms: number;
    content_type: string;
    bytes: number;
    in_sitemap: number;
    loaded_as: number;
    html_mislabelled: number;
    /** Filled by the analysis over the store (migration 0035): NULL until then, and when not reachable. */
    click_depth: number | null;
    inlinks: number | null;
  };
  /** The links, images, hreflang, scripts and stylesheets a running audit's pages name, by kind, sorted by target once its crawl is over (migrations 0035, 0041; db/site-audit-edges.ts). */
  site_audit_edges: { audit_id: string; kind: number; source: number; target: number };
  /** The shared frontier's URL keys (first 16 bytes of SHA-256 of the URL) and ids (migration 0042, db/site-audit-frontier.ts). */
  site_audit_url_keys: { audit_id: string; url_key: Buffer; id: number };
  /** The same edges as the crawl writes them, clustered by source (migration 0041, decision 0075). */
  site_audit_edges_by_source: { audit_id: string; kind: number; source: number; target: number };
  /** A running audit's page records, as JSON beside the columns SQL compares (migration 0031, db/site-audit-records.ts). */
  site_audit_records: {
    audit_id: string;
    id: number;
    record: string;
    indexable: number;
    noindex: number;
    title: string | null;
    description: string | null;
    h1: string | null;
    text_hash: string;
    words: number;
    canonical_id: number | null;
    /** The page's 128 MinHash values (512 bytes) when it has them (migration 0036). */
    minhash: Buffer | null;
    /** META_FLAGS bits and the HTML's size, for the site-wide header checks (migration 0037). */
    meta_flags: number;
    html_bytes: number;
  };
  /** A running audit's near-duplicate bands: a page's 16 bands of 8 MinHash values, exactly (migration 0036, db/site-audit-bands.ts). */
  site_audit_bands: { audit_id: string; band: number; key: Buffer; id: number };
  /** What the check of a running audit's other-site URLs found, by string id (migration 0037, db/site-audit-external-checks.ts). */
  site_audit_external_checks: {
    audit_id: string;
    id: number;
    kind: string;
    /** The answer as the checker words it (`ExternalCheck`), as JSON. */
    answer: string;
  };
  /** Each link of a running audit's pages to another site (migration 0037, db/site-audit-external-checks.ts). */
  site_audit_external_links: { audit_id: string; target: number; source: number; seq: number; cell: number };
  /** The anchor texts (kind 0) and other sites' URLs (kind 1) a running audit's records point at (migration 0032). */
  site_audit_strings: { audit_id: string; kind: number; id: number; value: string };
  /** What a running audit's crawl needs to carry on after its process died, as JSON (migration 0031, db/site-audit-records.ts). */
  site_audit_crawls: { audit_id: string; facts: string };
  /** A shared audit's id and queue-order counters and its analysis claim (migration 0038, db/site-audit-frontier.ts). */
  site_audit_frontiers: {
    audit_id: string;
    next_id: number;
    next_seq: number;
    analysis_owner: string | null;
    /** The try of the audit's job whose page reads are open to its parts (0: none; migration 0040). */
    reads_open: Generated<number>;
  };
  /** The pages a shared audit's job hands its parts to fetch and parse, and their answers (migration 0040, db/site-audit-reads.ts). */
  site_audit_reads: {
    audit_id: string;
    id: number;
    url: string;
    request: string;
    owner: string | null;
    until: number | null;
    answer: Buffer | null;
  };
  /**
   * Everything the site sends (db/messages.ts, server/lib/messaging): one row per message and channel;
   * times in `next_attempt_at` and `give_up_at` are milliseconds since the epoch.
   */
  messages: {
    id: string;
    channel: 'webhook' | 'email';
    kind: string;
    recipient: 'operator' | 'listed';
    payload: string;
    lead_type: 'contact' | 'article' | 'monitor' | null;
    lead_id: number | null;
    monitor_id: string | null;
    run_id: string | null;
    attempts: Generated<number>;
    next_attempt_at: number;
    give_up_at: number;
    delivered_at: string | null;
    failed_at: string | null;
    last_error: string | null;
    created_at: string;
  };
  admin_sessions: { token_hash: string; csrf_token: string; created_at: number; expires_at: number };
  /** Per-IP rate limit counts shared by the web processes; `reset_at` in milliseconds since the epoch. */
  rate_limit_hits: { key: string; hits: number; reset_at: number };
  /**
   * The directory link checker's recorded runs (db/directory-checks.ts): the newest is what the
   * pages show; `results` is the JSON the checker produced, `recorded_at` milliseconds since the epoch.
   */
  directory_checks: { id: string; recorded_at: number; results: string };
  /** The embedded job queue (SQLite only: with PostgreSQL the jobs live in BullMQ's schema). */
  jobs: {
    queue: string;
    id: string;
    seq: number;
    status: 'queued' | 'active' | 'completed' | 'failed' | 'cancelled';
    input: string;
    progress: string | null;
    result: string | null;
    error: string | null;
    attempts: Generated<number>;
    max_attempts: number;
    run_at: number;
    created_at: number;
    finished_at: number | null;
  };
  /** Posts (migration 0015): Markdown articles at /<category>/<slug>; times in milliseconds since the epoch. */
  posts: {
    id: string;
    slug: string;
    category: string;
    title: string;
    seo_title: string | null;
    description: string;
    body: string;
    tags: string;
    faq: string;
    author: string | null;
    cover_image: string | null;
    cover_alt: string | null;
    status: 'draft' | 'scheduled' | 'published';
    published_at: number | null;
    updated_at: number;
    created_at: number;
    indexnow: string | null;
    /** Rendered when saved (migration 0019): the sanitised HTML, the table of contents (JSON), the words read. */
    html: string | null;
    toc: string | null;
    words: number | null;
  };
  post_redirects: { path: string; post_id: string };
  post_images: { id: string; width: number; height: number; created_at: number };
  post_image_files: { image_id: string; width: number; format: string; body: Buffer };
  /** Site monitors (migration 0016, db/monitoring/): times are ISO text, `recipients` a JSON array. */
  monitors: {
    id: string;
    kind: 'visitor' | 'client';
    url: string;
    origin: string;
    email: string;
    recipients: Generated<string>;
    schedule: 'daily' | 'weekly' | 'monthly';
    webhook_url: string | null;
    status: 'unconfirmed' | 'active' | 'paused';
    email_confirmed_at: string | null;
    verified_at: string | null;
    verification_token: string;
    score_drop: number;
    digest: Generated<number>;
    next_run_at: string | null;
    last_run_at: string | null;
    next_digest_at: string | null;
    audit_id: string | null;
    created_at: string;
    ip_hash: string | null;
    /** The mailbox as limits count it (migration 0020, views/model/email.ts mailboxKey). */
    email_key: string;
  };
  /** One run of a monitor per slot (UNIQUE(monitor_id, slot)); `regressions` and `fixed` are JSON. */
  monitor_runs: {
    id: string;
    monitor_id: string;
    slot: string;
    trigger: 'schedule' | 'manual';
    audit_id: string | null;
    status: 'running' | 'done' | 'failed';
    score: number | null;
    regressions: Generated<string>;
    fixed: Generated<string>;
    fixed_count: Generated<number>;
    alerted_at: string | null;
    created_at: string;
    finished_at: string | null;
  };
  /** A monitor's watch of its pages that matter (migration 0026, db/monitoring/watch.ts); JSON in `site`, `alert_fields`. */
  monitor_watches: {
    monitor_id: string;
    pages_at: string | null;
    lease_until: string | null;
    site: Generated<string>;
    alert_fields: string | null;
    webhook_format: 'json' | 'slack' | 'teams' | null;
    next_alert_at: string | null;
    created_at: string;
  };
  /** One watched page: its last reading (`snapshot`, JSON) and when the next is due. */
  monitor_watch_pages: {
    monitor_id: string;
    url: string;
    snapshot: string | null;
    next_read_at: string;
    read_at: string | null;
    muted: Generated<number>;
  };
  /** What the watch found changed, field by field (`before`/`after` are JSON). */
  monitor_changes: {
    id: Generated<number>;
    monitor_id: string;
    url: string;
    field: string;
    before: string;
    after: string;
    severity: 'critical' | 'warning' | 'info';
    detected_at: string;
    alerted_at: string | null;
    size: number;
  };
  /** Confirmed visitor monitors as leads in the admin inbox. */
  monitor_leads: {
    id: Generated<number>;
    monitor_id: string;
    email: string;
    site: string;
    schedule: string;
    score: number | null;
    top_issues: Generated<string>;
    report_url: string | null;
    ip_hash: string | null;
    created_at: string;
    handled_at: string | null;
  };
  /** Server log analysis (migration 0023, db/log-files.ts): one row per upload or import; times in ms. */
  log_files: {
    id: string;
    visitor: string;
    status: 'queued' | 'running' | 'done' | 'failed';
    error: string | null;
    audit_id: string | null;
    files: string;
    bytes: number;
    format: string | null;
    lines: Generated<number>;
    unparsed: Generated<number>;
    summary: string | null;
    created_at: number;
    finished_at: number | null;
    expires_at: number;
    /** The client site (its monitor's id) the operator attached it to (migration 0028); null otherwise. */
    client_site: string | null;
  };
  /** Bots' hits per URL, bot, verified (0/1) and status (db/log-file-hits.ts). */
  log_file_hits: {
    log_id: string;
    url: string;
    bot: string;
    verified: number;
    status: number;
    hits: number;
    bytes: number;
    first_seen: number;
    last_seen: number;
  };
  /** Every line's hit per UTC day, bot ('other': people), verified and status (db/log-file-days.ts). */
  log_file_days: {
    log_id: string;
    day: string;
    bot: string;
    verified: number;
    status: number;
    hits: number;
    bytes: number;
  };
}
