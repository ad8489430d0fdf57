// `npm run bench -- crawl-writes` (PAGES=100000 by default): what a store-mode crawl's SQLite writes cost
// (server/features/site-audit/crawl-writer.ts, db/site-audit-records.ts, db/site-audit-edges.ts), two ways, on a
// WAL file with the audit's 4 MB page cache: the site-audit bench's pages (lib/site-pages.mjs) met breadth first,
// written 200 answered pages a transaction (each batch's new URLs queued, its pages' URLs done, records, anchor
// and external strings, links to other sites, edges), three ways: as before decision 0075 (edges to a table keyed
// by target with a second index by source, migration 0035; the URLs under a unique index of their hashed key);
// edges to a table keyed by source, then sorted into the table keyed by target once the crawl is over (a TEMP
// table sorted by SQLite, moved 10,000 rows a transaction: db/site-audit-edges.ts), the key index kept; and that
// without the key index (the crawl now, migration 0042). Prepared statements a row: what SQLite costs, without the
// query builder. Prints seconds, microseconds a page and the file's size.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchLinkTargets } from './lib/site-pages.mjs';

const PAGES = Number(process.env.PAGES ?? 100_000);
const BATCH = 200;
const SORT_MOVE_EDGES = 10_000;
const AUDIT = '0f8fe9a2-1c1b-4b7e-9b0e-3b1c7a8a9d11';
const ORIGIN = 'http://127.0.0.1:41234';

/** The crawl store's tables as migrations 0031, 0032 and 0037 make them (the audits table left out). */
const STORE = `
CREATE TABLE site_audit_urls (audit_id TEXT NOT NULL, id INTEGER NOT NULL, url TEXT NOT NULL, url_key BLOB NOT NULL,
  state INTEGER NOT NULL DEFAULT 0, seq INTEGER, depth INTEGER NOT NULL DEFAULT 0, status INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL DEFAULT '', bytes INTEGER NOT NULL DEFAULT -1, ttfb_ms REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (audit_id, id)) WITHOUT ROWID;
CREATE UNIQUE INDEX site_audit_urls_key ON site_audit_urls (audit_id, url_key);
CREATE INDEX site_audit_urls_queue ON site_audit_urls (audit_id, state, seq);
CREATE TABLE site_audit_records (audit_id TEXT NOT NULL, id INTEGER NOT NULL, record TEXT NOT NULL,
  title TEXT, h1 TEXT, text_hash TEXT NOT NULL, words INTEGER NOT NULL, PRIMARY KEY (audit_id, id));
CREATE TABLE site_audit_strings (audit_id TEXT NOT NULL, kind INTEGER NOT NULL, id INTEGER NOT NULL,
  value TEXT NOT NULL, PRIMARY KEY (audit_id, kind, id)) WITHOUT ROWID;
CREATE TABLE site_audit_external_links (audit_id TEXT NOT NULL, target INTEGER NOT NULL, source INTEGER NOT NULL,
  seq INTEGER NOT NULL, cell INTEGER NOT NULL, PRIMARY KEY (audit_id, target, source, seq)) WITHOUT ROWID;
CREATE TABLE site_audit_edges (audit_id TEXT NOT NULL, kind INTEGER NOT NULL, source INTEGER NOT NULL,
  target INTEGER NOT NULL, PRIMARY KEY (audit_id, kind, target, source)) WITHOUT ROWID;`;

const WAYS = {
  'before: edges by target, URL key': {
    schema: 'CREATE INDEX site_audit_edges_source ON site_audit_edges (audit_id, kind, source);',
    edges: 'site_audit_edges',
  },
  'edges by source, sorted; URL key': {
    schema: `CREATE TABLE site_audit_edges_by_source (audit_id TEXT NOT NULL, kind INTEGER NOT NULL,
      source INTEGER NOT NULL, target INTEGER NOT NULL, PRIMARY KEY (audit_id, kind, source, target)) WITHOUT ROWID;`,
    edges: 'site_audit_edges_by_source',
  },
  // The crawl now: no key index (a 16-byte hash, so random) either.
  'now: edges by source, sorted; no key': {
    schema: `CREATE TABLE site_audit_edges_by_source (audit_id TEXT NOT NULL, kind INTEGER NOT NULL,
      source INTEGER NOT NULL, target INTEGER NOT NULL, PRIMARY KEY (audit_id, kind, source, target)) WITHOUT ROWID;
      DROP INDEX site_audit_urls_key;`,
    edges: 'site_audit_edges_by_source',
  },
};

/** Page i's internal links, as lib/site-pages.mjs writes them (its home link is page 0's URL here), each once. */
const linksOf = (i) => [...new Set(benchLinkTargets(i, PAGES))];
const urlOf = (page) => `${ORIGIN}/page/${page}`;
const keyOf = (url) => createHash('sha256').update(url).digest().subarray(0, 16);

function sortByTarget(db) {
  db.pragma('temp.cache_size = -4096');
  db.exec(`CREATE TEMP TABLE sorted AS SELECT kind, target, source FROM site_audit_edges_by_source
    WHERE audit_id = '${AUDIT}' ORDER BY kind, target, source`);
  const last = db.prepare('SELECT max(rowid) AS last FROM temp.sorted').get().last ?? 0;
  const move = db.prepare(`INSERT INTO site_audit_edges (audit_id, kind, target, source)
    SELECT '${AUDIT}', kind, target, source FROM temp.sorted WHERE rowid > ? AND rowid <= ? ORDER BY rowid
    ON CONFLICT DO NOTHING`);
  for (let after = 0; after < last; after += SORT_MOVE_EDGES)
    db.transaction(() => move.run(after, after + SORT_MOVE_EDGES))();
  db.exec('DROP TABLE temp.sorted');
}

function run(name, way) {
  const dir = mkdtempSync(join(tmpdir(), 'crawl-writes-'));
  const db = new Database(join(dir, 'audit.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('cache_size = -4096');
    db.exec(STORE + way.schema);
    const url = db.prepare(`INSERT INTO site_audit_urls (audit_id, id, url, url_key, state, seq, depth, status,
      content_type, bytes, ttfb_ms) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?) ON CONFLICT (audit_id, id) DO UPDATE SET
      state = excluded.state, status = excluded.status, content_type = excluded.content_type, bytes = excluded.bytes,
      ttfb_ms = excluded.ttfb_ms`);
    const record = db.prepare('INSERT INTO site_audit_records VALUES (?, ?, ?, ?, ?, ?, ?)');
    const string = db.prepare('INSERT INTO site_audit_strings VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING');
    const external = db.prepare('INSERT INTO site_audit_external_links VALUES (?, ?, ?, 0, 0)');
    const edge = db.prepare(`INSERT INTO ${way.edges} (audit_id, kind, source, target) VALUES (?, 1, ?, ?)
      ON CONFLICT DO NOTHING`);
    const body = 'x'.repeat(700);
    const ids = new Map([[0, 0]]);
    const pages = [0];
    const started = performance.now();
    let edges = 0;
    // A batch is the next BATCH pages met (fewer while the crawl has met fewer).
    for (let first = 0; first < pages.length;) {
      const batch = pages.slice(first, first + BATCH);
      const met = [];
      const links = [];
      for (const [at, page] of batch.entries()) {
        const source = first + at;
        for (const target of linksOf(page)) {
          if (!ids.has(target)) {
            ids.set(target, pages.length);
            met.push(pages.length);
            pages.push(target);
          }
          if (ids.get(target) !== source) links.push([source, ids.get(target)]);
        }
      }
      edges += links.length;
      db.transaction(() => {
        for (const id of met) string.run(AUDIT, 0, id, `Page ${pages[id]}`);
        for (const id of met) url.run(AUDIT, id, urlOf(pages[id]), keyOf(urlOf(pages[id])), 1, id, 0, '', -1, 0);
        for (const [at, page] of batch.entries()) {
          const id = first + at;
          string.run(AUDIT, 1, id, `https://external.example/ref/${page}`);
          url.run(AUDIT, id, urlOf(page), keyOf(urlOf(page)), 3, id, 200, 'text/html; charset=utf-8', 5200, 3.2);
          record.run(AUDIT, id, body, `Page ${page}`, `Page ${page}`, '0123456789abcdef', 480);
          external.run(AUDIT, id, id);
        }
        for (const [source, target] of links) edge.run(AUDIT, source, target);
      })();
      first += batch.length;
    }
    if (pages.length !== PAGES) throw new Error(`${pages.length} pages met, ${PAGES} expected`);
    const crawled = performance.now();
    if (way.edges !== 'site_audit_edges') sortByTarget(db);
    const sorted = db.prepare(`SELECT count(*) AS n FROM site_audit_edges WHERE audit_id = '${AUDIT}'`).get().n;
    if (sorted !== edges) throw new Error(`${sorted} edges by target, ${edges} expected`);
    const seconds = (performance.now() - started) / 1000;
    const sortSeconds = (performance.now() - crawled) / 1000;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const mb = statSync(join(dir, 'audit.db')).size / 1e6;
    console.log(
      `${name.padEnd(36)} ${seconds.toFixed(2).padStart(7)} s (after the crawl ${sortSeconds.toFixed(2)} s), ` +
        `${((seconds * 1e6) / pages.length).toFixed(1)} µs a page, file ${mb.toFixed(0)} MB`,
    );
    return seconds;
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(`${PAGES} pages met breadth first, ${BATCH} a transaction`);
const [before, sorted, now] = Object.entries(WAYS).map(([name, way]) => run(name, way));
console.log(
  `before / now: ${(before / now).toFixed(2)}×; edges by source: ${(before - sorted).toFixed(2)} s less; ` +
    `no key index: ${(sorted - now).toFixed(2)} s less`,
);
