// `npm run bench -- page-issue-types` (PAGES=200000 by default): what reading each listed URL's issue types costs
// the pages list of an audit analysed from its store (server/features/site-audit/stored-pages.ts,
// db/site-audit-streamed.ts), on SQLite: the site-audit bench's URLs (lib/site-pages.mjs) with ids in the order
// its crawl meets them, ten issue types found on every URL (as that site has), the audit's 4 MB cache, read 2,000
// URLs a batch in id order. Two ways: the issues' key (audit, type, URL) probed with every type for 500 URLs a
// statement (before decision 0075); and the findings joined once with the URLs in TEMP tables (URLs sorted by
// text, then (id, type) sorted by id) and read a range of ids a batch (now). Prints seconds and the ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchCrawlOrder } from './lib/site-pages.mjs';

const PAGES = Number(process.env.PAGES ?? 200_000);
const TYPES = Array.from({ length: 10 }, (_, n) => `type-${n}`);
const BATCH = 2000;
const IN_LIST = 500;
const AUDIT = '0f8fe9a2-1c1b-4b7e-9b0e-3b1c7a8a9d11';

function build(dir) {
  const db = new Database(join(dir, 'audit.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -4096');
  db.pragma('temp.cache_size = -4096');
  db.exec(`CREATE TABLE site_audit_urls (audit_id TEXT NOT NULL, id INTEGER NOT NULL, url TEXT NOT NULL,
      PRIMARY KEY (audit_id, id)) WITHOUT ROWID;
    CREATE TABLE site_audit_issues (audit_id TEXT NOT NULL, type TEXT NOT NULL, url TEXT NOT NULL,
      severity TEXT NOT NULL, detail TEXT NOT NULL, links TEXT, PRIMARY KEY (audit_id, type, url)) WITHOUT ROWID;`);
  const order = benchCrawlOrder(PAGES);
  const urlOf = (id) => `http://127.0.0.1:41234/page/${order[id]}`;
  const url = db.prepare('INSERT INTO site_audit_urls VALUES (?, ?, ?)');
  db.transaction(() => order.forEach((_, id) => url.run(AUDIT, id, urlOf(id))))();
  const byText = order.map((_, id) => urlOf(id)).sort();
  const issue = db.prepare("INSERT INTO site_audit_issues VALUES (?, ?, ?, 'warning', 'a finding', NULL)");
  for (const type of TYPES) db.transaction(() => byText.forEach((text) => issue.run(AUDIT, type, text)))();
  return db;
}

/** Calls `each` with every batch of BATCH URLs in id order. */
function inBatches(db, each) {
  const read = db.prepare('SELECT id, url FROM site_audit_urls WHERE audit_id = ? AND id > ? ORDER BY id LIMIT ?');
  for (let batch = read.all(AUDIT, -1, BATCH); batch.length > 0; batch = read.all(AUDIT, batch.at(-1).id, BATCH))
    each(batch);
}

function probes(db) {
  let found = 0;
  const types = TYPES.map(() => '?').join(', ');
  const statement = db.prepare(`SELECT type, url FROM site_audit_issues WHERE audit_id = ? AND type IN (${types})
    AND url IN (${Array.from({ length: IN_LIST }, () => '?').join(', ')})`);
  inBatches(db, (batch) => {
    for (let at = 0; at < batch.length; at += IN_LIST) {
      const urls = batch.slice(at, at + IN_LIST).map((row) => row.url);
      while (urls.length < IN_LIST) urls.push('');
      found += statement.all(AUDIT, ...TYPES, ...urls).length;
    }
  });
  return found;
}

function joined(db) {
  db.exec(`CREATE TEMP TABLE url_text (url TEXT PRIMARY KEY, id INTEGER NOT NULL) WITHOUT ROWID;
    INSERT INTO temp.url_text SELECT url, id FROM site_audit_urls WHERE audit_id = '${AUDIT}' ORDER BY url;
    CREATE TEMP TABLE types_by_id (id INTEGER NOT NULL, type TEXT NOT NULL, PRIMARY KEY (id, type)) WITHOUT ROWID;
    INSERT INTO temp.types_by_id SELECT u.id, i.type FROM site_audit_issues i JOIN temp.url_text u ON u.url = i.url
      WHERE i.audit_id = '${AUDIT}' ORDER BY u.id, i.type;`);
  const range = db.prepare('SELECT id, type FROM temp.types_by_id WHERE id >= ? AND id <= ? ORDER BY id, type');
  let found = 0;
  inBatches(db, (batch) => (found += range.all(batch[0].id, batch.at(-1).id).length));
  db.exec('DROP TABLE temp.url_text; DROP TABLE temp.types_by_id');
  return found;
}

const dir = mkdtempSync(join(tmpdir(), 'page-issue-types-'));
try {
  const db = build(dir);
  console.log(`${PAGES} URLs, ${TYPES.length} issue types on each, ${BATCH} URLs a batch`);
  const seconds = {};
  for (const [name, way] of Object.entries({ probes, joined })) {
    const started = performance.now();
    const found = way(db);
    seconds[name] = (performance.now() - started) / 1000;
    if (found !== PAGES * TYPES.length) throw new Error(`${name}: ${found} found, ${PAGES * TYPES.length} expected`);
    console.log(`${name.padEnd(8)} ${seconds[name].toFixed(2).padStart(7)} s`);
  }
  console.log(`probes / joined: ${(seconds.probes / seconds.joined).toFixed(2)}×`);
  db.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
